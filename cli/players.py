"""``sengoku players``: the game's address book (which email addresses speak for which power).

The mail commands read it: a message from a known address needs no power
header, and results and reminders go to these addresses.
"""

from __future__ import annotations

from pathlib import Path

import click

from adjudicator.game import Game
from cli.common import game_argument, power_name
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note

_USAGE = "usage: sengoku players GAME.json [set POWER ADDRESS... | clear POWER]"


@click.command(short_help="Show or set the players' email addresses.")
@game_argument
@click.argument("action", metavar="[set|clear]", required=False)
@click.argument("words", metavar="[POWER [ADDRESS...]]", nargs=-1)
@cli_errors
def players(game: Path, action: str | None, words: tuple[str, ...]) -> None:
    """The address book: list it, 'set POWER ADDRESS...' (replacing that power's addresses) or 'clear POWER'.

    \b
      sengoku players game.json
      sengoku players game.json set Oda nobunaga@example.org
      sengoku players game.json clear Oda
    """
    if action is None:
        if words:
            raise click.UsageError(_USAGE)
        _list(load_game(game))
        return
    if action not in ("set", "clear") or not words or (action == "set") != (len(words) > 1):
        raise click.UsageError(_USAGE)
    with game_lock(game):
        loaded = load_game(game)
        power = power_name(loaded.board, words[0])
        stored = loaded.set_addresses(power, words[1:])
        note(loaded, f"set {power}'s addresses: {', '.join(stored)}" if stored else f"cleared {power}'s addresses")
        save_game(game, loaded)
    click.echo(f"{power}: {', '.join(stored) or '(no address)'}")


def _list(game: Game) -> None:
    book = game.state.addresses
    for power in game.board.power_names:
        click.echo(f"{power}: {', '.join(book[power]) if power in book else '(no address)'}")
