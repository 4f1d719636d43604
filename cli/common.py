"""Options and error handling shared by the commands."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from localfiles.boardcache import keep_boards_on_disk
from maps import DEFAULT_VARIANT, Board, SengokuError, available_maps, is_map_path, load_board

if TYPE_CHECKING:
    from game.state import GameState

F = TypeVar("F", bound=Callable[..., Any])


_MAX_MAP_BYTES = 16 * 1024 * 1024  # a map file is tens of kilobytes


def load_variant(name_or_path: str) -> Board:
    """A variant by name, or a map file by path (:func:`maps.is_map_path`) once it is known to be a regular
    file of a map's size.

    A device or a named pipe given as a map file would be read for ever, so
    it is refused first, with one line (exit code 1), as a game file is.
    """
    path = Path(name_or_path)
    if is_map_path(name_or_path):
        from localfiles.reading import FileRefused, open_regular_file

        try:
            with open_regular_file(path, "map file") as (_, size):
                if size > _MAX_MAP_BYTES:
                    raise FileRefused("too large for a map file")
        except FileRefused as refused:
            raise SengokuError(f"{path}: {refused.problem}") from None
    keep_boards_on_disk()  # a command reads a built board back from the disk cache: it answers at once
    return load_board(name_or_path)


def _load(ctx: click.Context, param: click.Parameter, value: str) -> Board:
    try:
        return load_variant(value)
    except SengokuError as error:
        raise click.BadParameter(str(error)) from None


def board_option(command: F) -> F:
    """``--variant NAME|FILE`` giving the command a loaded board (default: maps.DEFAULT_VARIANT)."""
    return click.option(
        "--variant",
        "board",
        default=DEFAULT_VARIANT,
        show_default=True,
        metavar="|".join(available_maps()) + "|FILE",
        callback=_load,
        help="The variant: a name, or a map file's path (with a folder in it, or ending in .yaml).",
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


def find_phase(state: GameState, text: str) -> int:
    """The history index of a phase a GM named: its number in `sengoku history`, 'last', or 'fall 1570'."""
    from adjudicator.position import Phase

    if not state.history:
        raise click.ClickException("no phase has been adjudicated yet")
    if text.strip().lower() == "last":
        return len(state.history) - 1
    if text.strip().isdigit():
        number = int(text)
        if not 1 <= number <= len(state.history):
            raise click.ClickException(f"no phase number {number}: the history has 1 to {len(state.history)}")
        return number - 1
    try:
        wanted = Phase.parse(text)
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    for index, named in enumerate(state.history.phases()):
        if named == wanted:
            return index
    raise click.ClickException(f"{wanted} has not been adjudicated in this game ('sengoku history' lists them)")
