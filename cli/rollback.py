"""``sengoku rollback``: undo adjudications, for a GM's mistake: the last one, or back to any phase, the start too."""

from __future__ import annotations

from pathlib import Path

import click

from cli.common import find_phase, game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note
from post.words import deadline_text


@click.command(short_help="Undo the last adjudication (or back to any phase).")
@game_argument
@click.option(
    "--to",
    "to",
    metavar="PHASE",
    help="Undo every adjudication from PHASE on: a number from 'sengoku history', or 'spring 1570' (the start).",
)
@cli_errors
def rollback(game: Path, to: str | None) -> None:
    """Undo the last adjudication of GAME.json (with --to, every one back to PHASE).

    The board and every power's orders return to what they were before it,
    and so does the phase's own deadline (a reminder already mailed for it
    is not mailed again), so the GM can correct the orders ('sengoku
    orders') and adjudicate again. Draw votes and concessions are cleared.
    """
    with game_lock(game):
        loaded = load_game(game)
        steps = len(loaded.state.history) - find_phase(loaded.state, to) if to else 1
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
        click.echo(f"Its deadline is back: {deadline_text(due)}.")


def _join(names: list[str]) -> str:
    """``Asakura, Chosokabe and Oda``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
