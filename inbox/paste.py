"""Pasted text applied to a game: every line's final verdict, and what each power has stored.

The same steps for the command line, the GM's web page and the JSON API:

1. the mail reader (:func:`orders.parse_orders`) gives every line a verdict
   and groups the order lines into submissions, one per power per message;
2. each submission goes to :meth:`Game.send` under the GM's resend rule
   (replace or merge; a message whose every line is refused stores nothing);
3. the engine's verdict on each order goes back onto its line, so the
   lines say everything: stored, refused by the parser, refused by the
   engine (with the reason), or not an order at all (and why).

A counted line that no power can be found for is refused, never guessed,
and so is one under a header naming another phase than the open one
(:mod:`inbox.phases`). Mail adds its sender, its date and what was read
before (:mod:`inbox.intake`), on these same steps; a paste needs none of
that, so reading one loads no mail module (the standard library's
``email`` among them): a GM waits for every import.

Pure: the game is changed in memory; loading and saving are the caller's.
"""

from __future__ import annotations

import msgspec

from game.game import Game
from game.owed import RefusedLine
from game.resend import SendMode, Sent
from inbox.games import off_game_pasted
from inbox.phases import off_phase_pasted
from orders import LineVerdict, MessageSpan, ParsedOrders, VerdictKind, parse_orders
from orders.model import Order

__all__ = ["NO_POWER", "PasteRead", "apply_parsed", "keep_refused", "parse_text", "read_paste"]

NO_POWER = "no power given: put a header such as 'Oda:' above"


class PasteRead(msgspec.Struct):
    """A paste read into a game: the final verdict of every line, the messages in it, what each power stored."""

    lines: list[LineVerdict]
    messages: list[MessageSpan]
    sent: list[Sent]

    @property
    def refused(self) -> list[LineVerdict]:
        return [line for line in self.lines if line.kind is VerdictKind.ERROR]


def read_paste(
    game: Game,
    text: str,
    *,
    power: str | None = None,
    mode: SendMode = SendMode.REPLACE,
    other_games: frozenset[str] = frozenset(),
) -> PasteRead:
    """Read a paste (one power's orders, or several powers' and messages) into ``game``.

    ``other_games``: the names of the other games the GM runs; a message naming one is not used here.
    """
    parsed = parse_text(game, text, power=power, fixed=False)
    phase = game.state.position.phase
    lines = off_phase_pasted(parsed.verdicts, parsed.messages, phase)
    lines = off_game_pasted(lines, parsed.messages, game.state.name or game.board.title, other_games)
    parsed = ParsedOrders(lines, parsed.messages)
    lines, sent = apply_parsed(game, parsed, mode)
    keep_refused(game, lines, sent, "pasted")
    return PasteRead(lines, parsed.messages, sent)


def keep_refused(game: Game, lines: list[LineVerdict], sent: list[Sent], where: str) -> None:
    """The refused lines of a reading, kept in the game for ``status --orders`` and the reminders.

    A power whose message was read here has its earlier refused lines
    replaced by this message's (none, if every line was accepted); lines no
    power could be told for replace the earlier ones of that kind.
    """
    refused = [
        RefusedLine(
            power=line.power, text=line.text.strip(), problem=line.problem or "", where=f"{where}, line {line.number}"
        )
        for line in lines
        if line.kind is VerdictKind.ERROR
    ]
    read_for: list[str | None] = [result.power for result in sent]
    if any(line.power is None for line in refused):
        read_for.append(None)
    game.note_refused(refused, read_for)


def parse_text(game: Game, text: str, *, power: str | None, fixed: bool, book: bool = True) -> ParsedOrders:
    phase = game.state.position.phase.type
    address_book = game.power_of_address if book else None
    return parse_orders(text, game.board, phase=phase, power=power, fixed=fixed, address_book=address_book)


def apply_parsed(game: Game, parsed: ParsedOrders, mode: SendMode) -> tuple[list[LineVerdict], list[Sent]]:
    """Send each submission to the game; put the engine's verdicts back on the lines."""
    lines = [
        line._replace(kind=VerdictKind.ERROR, problem=NO_POWER)
        if line.kind is VerdictKind.ORDER and line.power is None
        else line
        for line in parsed.verdicts
    ]
    sent = []
    for submission in parsed.submissions():
        orders: list[Order] = [line.order for line in submission.orders if line.order is not None]
        result = game.send(submission.power, orders, refused_lines=len(submission.refused), mode=mode)
        for line, verdict in zip(submission.orders, result.verdicts, strict=True):
            index = line.number - 1
            if verdict.accepted:
                lines[index] = lines[index]._replace(order=verdict.order)
            else:
                lines[index] = lines[index]._replace(
                    kind=VerdictKind.ERROR, order=verdict.order, problem=verdict.problem
                )
        sent.append(result)
    return lines, sent
