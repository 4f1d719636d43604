"""``sengoku clear``: forget the orders one power has stored for the open phase (a GM's undo of a paste)."""

from __future__ import annotations

from pathlib import Path

import click

from cli.common import game_argument, power_name
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note


@click.command(short_help="Forget the orders one power has stored for the open phase.")
@game_argument
@click.argument("power", metavar="POWER")
@cli_errors
def clear(game: Path, power: str) -> None:
    """Forget the orders POWER has stored for the open phase of GAME.json.

    For a paste read into the wrong power, or orders a player withdraws:
    the power has no orders again (civil disorder if none come), and the
    other powers' orders stand. To correct one unit's order instead, paste
    it with 'sengoku orders --merge'.
    """
    with game_lock(game):
        loaded = load_game(game)
        name = power_name(loaded.board, power)
        count = loaded.clear_orders(name)
        if count:
            note(loaded, f"cleared {name}'s {count} stored order{'' if count == 1 else 's'}")
            save_game(game, loaded)
    if count:
        click.echo(f"Cleared {name}'s {count} stored order{'' if count == 1 else 's'} for {loaded.phase}.")
    else:
        click.echo(f"{name} has no orders stored for {loaded.phase}; nothing changed.")
