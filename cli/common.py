"""Options and error handling shared by the commands."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from maps import Board, SengokuError, available_maps, load_board

F = TypeVar("F", bound=Callable[..., Any])


def _load(ctx: click.Context, param: click.Parameter, value: str) -> Board:
    try:
        return load_board(value)
    except SengokuError as error:
        raise click.BadParameter(str(error)) from None


def board_option(command: F) -> F:
    """``--variant NAME|FILE`` giving the command a loaded board (default: sengoku)."""
    return click.option(
        "--variant",
        "board",
        default="sengoku",
        show_default=True,
        metavar="|".join(available_maps()) + "|FILE",
        callback=_load,
        help="The map: a shipped variant or a map file.",
    )(command)


def game_argument(command: F) -> F:
    """The ``GAME`` argument: the path of a game file (read and written by :mod:`cli.gamefile`)."""
    return click.argument("game", metavar="GAME.json", type=click.Path(path_type=Path))(command)


def power_name(board: Board, word: str) -> str:
    """A power as the board spells it, from any case; an unknown name lists the powers."""
    for name in board.power_names:
        if name.casefold() == word.strip().casefold():
            return name
    raise click.ClickException(f"unknown power '{word}'; the powers are {', '.join(board.power_names)}")
