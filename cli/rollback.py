"""``sengoku rollback``: undo the last adjudication, for a GM's mistake."""

from __future__ import annotations

from pathlib import Path

import click

from cli.common import game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock


@click.command(short_help="Undo the last adjudication.")
@game_argument
@cli_errors
def rollback(game: Path) -> None:
    """Undo the last adjudication of GAME.json.

    The board and every power's orders return to what they were before it,
    so the GM can correct the orders ('sengoku orders') and adjudicate again.
    Draw votes and concessions are cleared.
    """
    with game_lock(game):
        loaded = load_game(game)
        undone = loaded.rollback()
        save_game(game, loaded)
    given = {power: orders for power, orders in loaded.state.orders.items() if orders}
    count = sum(len(orders) for orders in given.values())
    click.echo(f"Rolled back {undone.phase}. The game is at {loaded.phase} again,")
    if given:
        click.echo(f"with the {count} stored order{'' if count == 1 else 's'} of {_join(list(given))}.")
    else:
        click.echo("with no orders stored.")


def _join(names: list[str]) -> str:
    """``Asakura, Chosokabe and Oda``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
