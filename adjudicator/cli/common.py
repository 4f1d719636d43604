"""Options and error handling shared by the commands."""

from __future__ import annotations

import functools
from collections.abc import Callable
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


def fail_on_map_error(command: F) -> F:
    """Turn an input error into a one-line message and exit code 1, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except SengokuError as error:
            raise click.ClickException(str(error)) from None

    return wrapper  # type: ignore[return-value]
