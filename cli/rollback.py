"""``sengoku rollback`` and ``rollforward``: adjudications taken back for a GM's mistake, and brought back.

``rollback`` takes back the last adjudication, or every one back to any
phase (the start too); taking back more than one asks first on a terminal
and is refused elsewhere without ``--yes``. The phases taken back are kept
in the game: ``rollforward`` adjudicates them again from their own orders
while the game stands where the rollback left it, and ``sengoku undo``
takes the rollback itself back.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from cli.common import find_phase, game_argument
from cli.errors import cli_errors
from cli.gamefile import check_phases, load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note
from game.game import Game
from game.state import GameState, HistoryEntry
from post.words import deadline_text


@click.command(short_help="Undo the last adjudication (or back to any phase).")
@game_argument
@click.option(
    "--to",
    "to",
    metavar="PHASE",
    help="Undo every adjudication from PHASE on: a number from 'sengoku history', or 'spring 1570' (the start).",
)
@click.option("--yes", "-y", is_flag=True, help="Take back several phases without asking.")
@cli_errors
def rollback(game: Path, to: str | None, yes: bool) -> None:
    """Undo the last adjudication of GAME.json (with --to, every one back to PHASE).

    The board and every power's orders return to what they were before it,
    and so does the phase's own deadline (a reminder already mailed for it
    is not mailed again), so the GM can correct the orders ('sengoku
    orders') and adjudicate again. Draw votes and concessions are cleared.
    Taking back more than one phase asks first (on a terminal; elsewhere
    --yes is needed). The phases taken back are kept: 'sengoku rollforward
    GAME' adjudicates them again as they were, and 'sengoku undo GAME'
    takes the rollback back.
    """
    if to and not yes and sys.stdin.isatty():  # asked before the game is locked: a GM thinking holds up no command
        first = load_game(game)
        _confirm(game, first.state.history, len(first.state.history) - find_phase(first.state, to))
    with game_lock(game):
        loaded = load_game(game)
        steps = len(loaded.state.history) - find_phase(loaded.state, to) if to else 1
        check_phases(game, loaded, range(-steps, 0))  # each phase undone gives back its position and orders
        if steps > 1 and not yes and not sys.stdin.isatty():
            raise click.ClickException(
                f"this takes back {steps} adjudicated phases ({_span(loaded.state.history[-steps:])}); nothing "
                "was rolled back (if that is what you mean: --yes; 'sengoku rollforward' brings them back)"
            )
        undone = [loaded.rollback() for _ in range(steps)]
        phases = [str(report.phase) for report in undone]
        note(loaded, f"rolled back {_join(phases)}")
        save_game(game, loaded)
    given = {power: orders for power, orders in loaded.state.orders.items() if orders}
    count = sum(len(orders) for orders in given.values())
    click.echo(f"Rolled back {_join(phases)}. The game is at {loaded.phase} again,")
    if given:
        click.echo(f"with the {count} stored order{'' if count == 1 else 's'} of {_join(list(given))}.")
    else:
        click.echo("with no orders stored.")
    due = loaded.state.deadline
    if due is not None:
        click.echo(f"Its deadline is back: {deadline_text(due, loaded.state.zone)}.")
    count = len(phases)
    click.echo(
        f"The {'phase' if count == 1 else f'{count} phases'} taken back {'is' if count == 1 else 'are'} kept: "
        f"'sengoku rollforward {game}' adjudicates {'it' if count == 1 else 'them'} again as "
        f"{'it was' if count == 1 else 'they were'}; 'sengoku undo {game}' takes this rollback back."
    )


@click.command(short_help="Adjudicate again the phases a rollback took back, as they were.")
@game_argument
@click.option("--steps", type=click.IntRange(1), metavar="N", help="Only the first N phases taken back.")
@cli_errors
def rollforward(game: Path, steps: int | None) -> None:
    """Adjudicate again, from their own orders, the phases 'sengoku rollback' took back (DPjudge's ROLLFORWARD).

    Only while the game stands where the rollback left it: once a phase was
    adjudicated anew or the board edited, those phases are gone another
    way. Orders stored since the rollback give way to the phases' own ('sengoku
    undo GAME' brings them back). When every phase is back, so are the
    orders, deadline and concessions the open phase had before the rollback.
    """
    with game_lock(game):
        loaded = load_game(game)
        dropped = _stored_since(loaded.state)
        done, stopped = loaded.rollforward(steps)
        note(loaded, f"rolled forward {_join([str(r.phase) for r in done])}")
        save_game(game, loaded)
    click.echo(f"Rolled forward {_join([str(r.phase) for r in done])}. The game is at {_at(loaded)}.")
    if dropped:
        click.echo(
            f"The {dropped} order{'' if dropped == 1 else 's'} stored since the rollback gave way to the phases' own."
        )
    left = loaded.state.rolled_back
    if left is not None and left.entries and left.entries[0].before == loaded.state.position:
        click.echo(f"Still taken back: {_span(left.entries)} ('sengoku rollforward {game}' again).")
    if stopped:
        raise click.ClickException(f"{stopped}: rolled forward to it, and stopped ('sengoku replay' shows how)")


def _stored_since(state: GameState) -> int:
    """The open phase's orders that are not the first phase taken back's own (a rollback brings those back)."""
    held = state.rolled_back
    own = held.entries[0].orders if held is not None and held.entries else {}
    return sum(1 for power, orders in state.orders.items() for order in orders if order not in own.get(power, []))


def _at(game: Game) -> str:
    return game.state.result.describe() if game.state.result.over else game.phase


def _span(entries: Sequence[HistoryEntry]) -> str:
    """``Fall 1570 movement to Spring 1572 movement``."""
    first, last = entries[0].report.phase, entries[-1].report.phase
    return str(first) if len(entries) == 1 else f"{first} to {last}"


def _confirm(game: Path, history: Sequence[HistoryEntry], steps: int) -> None:
    if steps <= 1:
        return
    question = (
        f"Take back {steps} adjudicated phases of {game} ({_span(history[-steps:])})? They are kept: "
        "'sengoku rollforward' brings them back"
    )
    if not click.confirm(question, default=False, err=True):
        raise click.ClickException("nothing rolled back")


def _join(names: list[str]) -> str:
    """``Asakura, Chosokabe and Oda``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
