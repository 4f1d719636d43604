"""``sengoku edit``: the GM's edit of a game in progress, without touching its file.

Units, a centre's owner, a power's DP this phase, the game's name and its
time zone. Each edit is checked as a position file is (an unplayable board
is refused and nothing changes), noted in the game's log, listed in the
next results post under "GM adjustments" (:mod:`game.edits`), and one
``sengoku undo`` away.
"""

from __future__ import annotations

from pathlib import Path

import click

from cli.common import game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note
from game.game import Game
from game.state import GameState

_USAGE = """\b
  sengoku edit GAME add POWER UNIT        add Takeda "A Kai" (or neutral "A Mino")
  sengoku edit GAME remove UNIT           remove "A Kai" (or: remove Kai)
  sengoku edit GAME move UNIT PROVINCE    move "A Kai" Suruga
  sengoku edit GAME owner CENTRE POWER    owner Mino Oda (or neutral, none)
  sengoku edit GAME dp POWER POINTS       dp Oda 3 (this movement phase only)
  sengoku edit GAME name NAME             name "Azuchi 1570"
  sengoku edit GAME zone ZONE             zone Asia/Tokyo (how deadlines are shown)
  sengoku edit GAME destination PLACE     destination phpbb (discourse, discord, mail, reddit; none)"""

_ARITY = {"add": 2, "remove": 1, "move": 2, "owner": 2, "dp": 2, "name": 1, "zone": 1, "destination": 1}
_SETTINGS = ("name", "zone", "destination")  # the game's own, not the board's: a finished game takes them too


@click.command(short_help="Edit a game: units, centre owners, DP, its name, zone or destination.", epilog=_USAGE)
@game_argument
@click.argument("what", metavar="WHAT", type=click.Choice(list(_ARITY), case_sensitive=False))
@click.argument("words", metavar="ARGS...", nargs=-1, required=True)
@cli_errors
def edit(game: Path, what: str, words: tuple[str, ...]) -> None:
    """Change GAME.json as a GM may: add, remove or move a unit, set a centre's owner, a power's DP for this
    phase, the game's name, its time zone or where its results are posted.

    A unit is written as in a position file ('A Kai', 'F Echizen'); names
    are read as orders read them. The board is checked after each edit
    (refused, and nothing changed, if it would be unplayable). The edit is
    in the game's log, the next results post lists a change of the board
    under 'GM adjustments', and 'sengoku undo GAME' takes it back.
    """
    what = what.lower()
    words = _joined(what, words)
    if len(words) != _ARITY[what]:
        shown = _USAGE.removeprefix("\b\n")  # "\b" keeps click's help from rewrapping; an error prints it raw
        raise click.UsageError(f"'edit {what}' takes {_ARITY[what]} word(s) after it:\n{shown}")
    with game_lock(game):
        loaded = load_game(game)
        if loaded.state.result.over and what not in _SETTINGS:
            raise click.ClickException(f"the game is over: {loaded.state.result.describe()}")
        done = _apply(loaded, what, words)
        note(loaded, f"edited the game: {done}")
        save_game(game, loaded)
    click.echo(f"Edited {game}: {done}.")
    if what not in _SETTINGS:
        click.echo("The next results post lists it under 'GM adjustments'; 'sengoku undo' takes it back.")


def _joined(what: str, words: tuple[str, ...]) -> tuple[str, ...]:
    """``add Takeda A Kai`` typed without quotes: the unit's words joined again."""
    if what == "add" and len(words) > 2:
        return (words[0], " ".join(words[1:]))
    if what == "remove" and len(words) > 1:
        return (" ".join(words),)
    if what == "move" and len(words) > 2 and words[0].lower() in ("a", "f", "army", "fleet"):
        return (" ".join(words[:2]), " ".join(words[2:]))
    if what in ("name", "zone") and len(words) > 1:
        return (" ".join(words),)
    return words


def _apply(loaded: Game, what: str, words: tuple[str, ...]) -> str:
    from game import edits

    board, state = loaded.board, loaded.state
    if what == "add":
        state, done = edits.add_unit(board, state, words[0], words[1])
    elif what == "remove":
        state, done = edits.remove_unit(board, state, words[0])
    elif what == "move":
        state, done = edits.move_unit(board, state, words[0], words[1])
    elif what == "owner":
        state, done = edits.set_owner(board, state, words[0], words[1])
    elif what == "dp":
        state, done = _dp(loaded, words)
    elif what == "name":
        state, done = edits.rename(state, words[0])
    elif what == "destination":
        state, done = _destination(state, words[0])
    else:
        state, done = _zone(loaded, words[0])
    loaded.state = state
    return done


def _dp(loaded: Game, words: tuple[str, ...]) -> tuple[GameState, str]:
    from adjudicator.diplomacy_points import dp_allowance
    from cli.common import power_name
    from game import edits

    power = power_name(loaded.board, words[0])
    if not words[1].isdigit():
        raise click.BadParameter(f"'{words[1]}' is not a number of DP")
    usual = dp_allowance(loaded.state.position, power, loaded.rules)
    return edits.set_dp(loaded.board, loaded.state, power, int(words[1]), usual)


def _destination(state: GameState, word: str) -> tuple[GameState, str]:
    """Where the GM posts the results: the markup and the picture budget the commands then default to."""
    from post.destinations import UnknownDestination, destination

    was = state.destination or "none"
    if word.strip().casefold() in ("none", "-", ""):
        return state.replace(destination=""), f"no destination (was {was})"
    try:
        place = destination(word)
    except UnknownDestination as error:
        raise click.BadParameter(str(error)) from None
    return state.replace(destination=place.name), f"results posted to {place.title} (was {was})"


def _zone(loaded: Game, word: str) -> tuple[GameState, str]:
    from post.zones import ZoneProblem, game_zone

    try:
        zone = game_zone(word)
    except ZoneProblem as problem:
        raise click.BadParameter(str(problem)) from None
    state = loaded.state
    return state.replace(zone=zone), f"deadlines shown in {zone or 'UTC'} (was {state.zone or 'UTC'})"
