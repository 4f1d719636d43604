"""``sengoku orders``: pasted orders in, one verdict per line out, the valid orders stored.

A GM pastes a whole post (one power, or several under headers such as
``Oda:``). Every line is read by the order language and then checked against
the current position and phase by the engine; each power's accepted orders
replace its earlier orders for this phase. A bad line costs only itself.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import click

from adjudicator.game import Game
from cli.common import game_argument, power_name
from cli.errors import ExitCode, cli_errors
from cli.gamefile import load_game, save_game
from orders import LineVerdict, VerdictKind, order_text, parse_orders
from orders.model import Order

NO_POWER = "no power given: put a header such as 'Oda:' above"


@dataclass
class _Line:
    """One line's verdict after both the parser and the engine have looked at it."""

    number: int
    text: str
    power: str | None = None
    order: Order | None = None
    problem: str | None = None
    note: str | None = None


@click.command(short_help="Read pasted orders; store the valid ones.")
@game_argument
@click.argument("source", metavar="[FILE|-]", default="-", type=click.File("r", encoding="utf-8"))
@click.option("--power", "default_power", metavar="POWER", help="The power for lines before any header.")
@cli_errors
def orders(game: Path, source: TextIO, default_power: str | None) -> None:
    """Read orders from FILE (or pasted on standard input) and store the valid ones.

    One power's orders, or several powers' under headers ('Oda:', 'ODA',
    '== Orders for Oda =='). Each line gets a verdict; refused lines give
    their reason. For each power the text gives order lines for, the
    accepted ones replace that power's earlier orders for this phase; other
    powers keep theirs. Exit code 3 when any line was refused (the valid
    lines are stored all the same).
    """
    loaded = load_game(game)  # before the paste: a bad game file should not cost the GM the typing
    power = power_name(loaded.board, default_power) if default_power else None
    lines = _read(loaded, _text(source), power)
    stored = _submit(loaded, lines)
    save_game(game, loaded)
    for line in lines:
        shown = _show(loaded, line)
        if shown:
            click.echo(shown)
    _summary(loaded, stored)
    refused = [line for line in lines if line.problem is not None]
    if refused:
        click.echo(f"{len(refused)} line{'s' if len(refused) > 1 else ''} refused.")
        raise SystemExit(ExitCode.LINES_REFUSED)


def _text(source: TextIO) -> str:
    if source.name == "<stdin>" and sys.stdin.isatty():
        click.echo("Paste the orders, then Ctrl-D:", err=True)
    try:
        return source.read()
    except UnicodeDecodeError:
        raise click.ClickException(f"{source.name}: not UTF-8 text; save the orders as UTF-8") from None


def _read(game: Game, text: str, power: str | None) -> list[_Line]:
    phase = game.state.position.phase.type
    lines = []
    for verdict in parse_orders(text, game.board, phase=phase, power=power).verdicts:
        lines.append(_line(verdict))
    return lines


def _line(verdict: LineVerdict) -> _Line:
    line = _Line(verdict.number, verdict.text.strip(), verdict.power)
    if verdict.kind is VerdictKind.ERROR:
        line.problem = verdict.problem
    elif verdict.kind is VerdictKind.ORDER:
        line.order = verdict.order
        if verdict.power is None:
            line.problem = NO_POWER
    elif verdict.kind is VerdictKind.IGNORED:
        line.note = verdict.note
    return line


def _submit(game: Game, lines: list[_Line]) -> dict[str, int]:
    """Submit the orders of each power the text gives orders for, all at once.

    The text is that power's new submission: its accepted lines replace its
    earlier orders for the phase, even when every line was refused (the
    summary then says "0 orders, replacing N earlier"). Returns how many
    orders each of these powers had stored before.
    """
    named: dict[str, list[_Line]] = {}
    for line in lines:
        if line.power is not None and (line.order is not None or line.problem is not None):
            named.setdefault(line.power, [])
            if line.problem is None:
                named[line.power].append(line)
    earlier = {power: len(game.state.orders.get(power, [])) for power in named}
    for power, given in named.items():
        verdicts = game.submit(power, [line.order for line in given if line.order is not None])
        for line, verdict in zip(given, verdicts, strict=True):
            line.order, line.problem = verdict.order, verdict.problem
    return earlier


def _show(game: Game, line: _Line) -> str | None:
    head = f"line {line.number}"
    if line.problem is not None:
        return f"REFUSED {head}: '{line.text}': {line.problem}"
    if line.order is not None:
        return f"ok      {head}: {line.power}: {order_text(line.order, game.board)}"
    if line.note is None:
        return f"header  {head}: {line.power}"
    if line.note == "blank":
        return None
    return f"ignored {head}: '{line.text}' ({line.note})"


def _summary(game: Game, earlier: dict[str, int]) -> None:
    if not earlier:
        click.echo(f"No orders stored for {game.phase}.")
        return
    click.echo(f"Stored for {game.phase}:")
    for power in game.board.power_names:
        if power not in earlier:
            continue
        count = len(game.state.orders.get(power, []))
        replacing = f", replacing {earlier[power]} earlier" if earlier[power] else ""
        dp = game.dp(power)
        bids = f", {game.dp_spent(power)} of {dp} DP bid" if dp else ""
        click.echo(f"  {power}: {count} order{'' if count == 1 else 's'}{bids}{replacing}")
