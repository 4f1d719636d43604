"""The two games the story is shown on: the 30-year test game and the README's.

The 30-year game is :mod:`bench.long_game`'s (random legal orders for every
unit, seed 1: 110 phases, two powers eliminated). The README's is the game
its section "A GM's turn" makes, command by command as the README shows them
(``tests/cli/test_readme.py``), up to the adjudication and the map: the
commands that send mail or only read are left out, as they change nothing.
"""

from __future__ import annotations

import shlex
import shutil
from functools import cache
from pathlib import Path

from bench.long_game import play
from game.game import Game
from tests.cli.conftest import Cli
from tests.cli.test_readme import EXIT_CODES, WALKTHROUGH, steps

__all__ = ["long_game", "readme_game"]

_CHANGES = ("new", "players", "deadline", "orders", "adjudicate")


@cache
def _long() -> Game:
    return play("sengoku", 30, seed=1)


def long_game() -> Game:
    """The 30-year test game (made once per process; the caller gets its own copy to change)."""
    made = _long()
    return Game(made.board, made.state, made.rules)


def readme_game(cli: Cli) -> Path:
    """The README's game in ``cli``'s folder, as its walkthrough leaves it after the adjudication."""
    for shipped in WALKTHROUGH.iterdir():
        shutil.copy(shipped, cli.folder / shipped.name)
    for command, _ in steps():
        words = shlex.split(command)
        if words[0] != "sengoku" or words[1] not in _CHANGES or "--preview" in words:
            continue
        cli(*words[1:], code=EXIT_CODES.get(command, 0))
        if words[1] == "adjudicate":
            break
    return cli.folder / "game.json"
