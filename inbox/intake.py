"""Pasted text and mail applied to a game: every line's final verdict, and what each power has stored.

The same steps for the command line, the GM's web page and the JSON API:

1. the mail reader (:func:`orders.parse_orders`) gives every line a verdict
   and groups the order lines into submissions, one per power per message;
2. each submission goes to :meth:`Game.send` under the GM's resend rule
   (replace or merge; a message whose every line is refused stores nothing);
3. the engine's verdict on each order goes back onto its line, so the
   lines say everything: stored, refused by the parser, refused by the
   engine (with the reason), or not an order at all (and why).

A counted line that no power can be found for is refused, never guessed.
Mail adds the sender: a message from an address in the game's address book
speaks for that power alone; one from an unknown address is listed with its
lines and not used (it is read again next time, after the GM adds the
address); a message read before (by Message-ID) is not read again.

Pure: the game is changed in memory; loading and saving are the caller's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parseaddr
from enum import StrEnum

from adjudicator.game import Game
from adjudicator.resend import SendMode, Sent
from inbox.mail import Mail
from orders import LineVerdict, MessageSpan, ParsedOrders, VerdictKind, parse_orders
from orders.model import Order

__all__ = [
    "NO_POWER",
    "UNKNOWN_SENDER",
    "MailRead",
    "MailStatus",
    "PasteRead",
    "read_mail",
    "read_paste",
    "unknown_sender",
]

NO_POWER = "no power given: put a header such as 'Oda:' above"


UNKNOWN_SENDER = "not used: the sender is not in the game's address book"


def unknown_sender(sender: str, game: str = "GAME") -> str:
    """What to do about mail from an address the game does not know."""
    address = parseaddr(sender)[1] or sender or "(no sender)"
    return (
        f"{address} is not in the game's address book: if it is a player's, add it "
        f"('sengoku players {game} set POWER {address}') and read the mail again"
    )


@dataclass
class PasteRead:
    """A paste read into a game: the final verdict of every line, the messages in it, what each power stored."""

    lines: list[LineVerdict]
    messages: list[MessageSpan]
    sent: list[Sent]

    @property
    def refused(self) -> list[LineVerdict]:
        return [line for line in self.lines if line.kind is VerdictKind.ERROR]


class MailStatus(StrEnum):
    USED = "read"
    NO_ORDERS = "no orders in it"
    ALREADY_READ = "already read"
    UNKNOWN_SENDER = "unknown sender"
    UNREADABLE = "unreadable"


@dataclass
class MailRead:
    """One message of a mailbox, read into a game (or why not)."""

    mail: Mail
    status: MailStatus
    lines: list[LineVerdict] = field(default_factory=list)
    sent: list[Sent] = field(default_factory=list)
    power: str | None = None


def read_paste(game: Game, text: str, *, power: str | None = None, mode: SendMode = SendMode.REPLACE) -> PasteRead:
    """Read a paste (one power's orders, or several powers' and messages) into ``game``."""
    parsed = _parse(game, text, power=power, fixed=False)
    lines, sent = _apply(game, parsed, mode)
    return PasteRead(lines, parsed.messages, sent)


def read_mail(game: Game, mails: Sequence[Mail], *, mode: SendMode = SendMode.REPLACE) -> list[MailRead]:
    """Read messages into ``game`` in date order (undated ones last, in the order given)."""
    done = set(game.state.messages_read)
    results = []
    for mail in sorted(mails, key=_date_order):
        result = _one_mail(game, mail, done, mode)
        if result.status in (MailStatus.USED, MailStatus.NO_ORDERS):
            done.add(mail.message_id)
        results.append(result)
    game.mark_read([r.mail.message_id for r in results if r.status in (MailStatus.USED, MailStatus.NO_ORDERS)])
    return results


def _one_mail(game: Game, mail: Mail, done: set[str], mode: SendMode) -> MailRead:
    if mail.problem is not None:
        return MailRead(mail, MailStatus.UNREADABLE)
    if mail.message_id in done:
        return MailRead(mail, MailStatus.ALREADY_READ)
    power = game.power_of_address(mail.sender) if mail.sender else None
    if power is None:
        parsed = _parse(game, mail.text, power=None, fixed=False, book=False)
        problem = UNKNOWN_SENDER
        lines = [
            line._replace(kind=VerdictKind.ERROR, problem=problem, order=None) if line.counted else line
            for line in parsed.verdicts
        ]
        return MailRead(mail, MailStatus.UNKNOWN_SENDER, lines)
    parsed = _parse(game, mail.text, power=power, fixed=True)
    lines, sent = _apply(game, parsed, mode)
    status = MailStatus.USED if any(line.counted for line in lines) else MailStatus.NO_ORDERS
    return MailRead(mail, status, lines, sent, power)


def _parse(game: Game, text: str, *, power: str | None, fixed: bool, book: bool = True) -> ParsedOrders:
    phase = game.state.position.phase.type
    address_book = game.power_of_address if book else None
    return parse_orders(text, game.board, phase=phase, power=power, fixed=fixed, address_book=address_book)


def _apply(game: Game, parsed: ParsedOrders, mode: SendMode) -> tuple[list[LineVerdict], list[Sent]]:
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


def _date_order(mail: Mail) -> tuple[bool, datetime]:
    return (mail.date is None, mail.date or datetime.min.replace(tzinfo=UTC))
