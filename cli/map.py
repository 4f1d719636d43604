"""``sengoku map``: the board as a picture (SVG, or PNG for a forum), now or at any adjudicated phase."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from adjudicator.position import Position
from cli.common import find_phase, game_argument
from cli.errors import cli_errors
from cli.gamefile import check_phases, load_game
from cli.postout import destination_of, destination_option
from game.game import Game

if TYPE_CHECKING:
    from post.destinations import Destination
    from raster.fit import Picture


@click.command(name="map", short_help="Draw the board as a picture (SVG or PNG).")
@game_argument
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default="-",
    show_default=True,
    help="The file to write, board.svg or board.png ('-': standard output).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["svg", "png", "webp", "jpeg"]),
    help="The picture's format (default: by the file's name; SVG on standard output).",
)
@click.option(
    "--max-bytes",
    "max_bytes",
    metavar="SIZE",
    help="A byte budget for a forum's or chat's attachment limit (e.g. 250k, 256KiB): met with a 256-colour "
    "palette, then a smaller scale (and, for a .jpg or .webp file, lower quality).",
)
@click.option("--phase", "phase", metavar="PHASE", help="An adjudicated phase, drawn with its orders and results.")
@click.option("--orders", "show_orders", is_flag=True, help="Draw the orders stored so far (secret: GM only).")
@destination_option
@cli_errors
def map_command(
    game: Path,
    output: Path,
    fmt: str | None,
    max_bytes: str | None,
    phase: str | None,
    show_orders: bool,
    place: str | None,
) -> None:
    """Draw GAME.json's board as a standalone picture: SVG, or PNG for a forum post.

    Without --phase: the position now (with --orders, the orders stored
    for it). With --phase (a number from 'sengoku history', 'last', or a
    phase such as 'fall 1570'): the position that phase started from, with
    every order drawn as it succeeded or failed. '-o board.png' (or
    --format png) writes a PNG, which forums take where they refuse SVG;
    '-o board.jpg' or '.webp' those formats. --for (or the game's
    destination) keeps the picture within that place's attachment limit
    in a format it takes (phpBB: 256 KiB); --max-bytes names a limit itself.
    """
    loaded = load_game(game)
    where = destination_of(place, loaded.state)
    fmt = _format(output, fmt, where)
    budget = size_option(max_bytes)
    if budget is not None and fmt == "svg":
        raise click.UsageError("--max-bytes is for a picture file (.png, .jpg, .webp), not SVG")
    if budget is None and where is not None and fmt != "svg":
        budget = where.budget
    if phase is not None and show_orders:
        raise click.UsageError("--orders draws the current phase's orders; a past --phase shows its own")
    index = None if phase is None else find_phase(loaded.state, phase)
    if index is not None:
        check_phases(game, loaded, [index])
    svg, position = draw(loaded, index, show_orders)
    made = None if fmt == "svg" else picture(svg, budget, (fmt,))
    data = made.data if made is not None else (svg + "\n").encode("utf-8")
    if str(output) == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    output.write_bytes(data)
    size = f" ({made.describe()})" if made is not None and budget is not None else ""
    click.echo(f"{output}: {_drawn(loaded, position, index)}" + (" with its results" if phase else "") + size)


def draw(loaded: Game, index: int | None, show_orders: bool = False) -> tuple[str, Position]:
    """The SVG of the position now (with the stored orders if asked), or of history entry ``index`` with its
    orders drawn as they succeeded or failed; and the position drawn."""
    from cli.sheetcache import prepare_sheet
    from render import render_svg  # the picture code loads only for a picture
    from story.frames import legend_dp

    prepare_sheet(loaded.board)
    state = loaded.state
    title = f"{loaded.board.title}: {state.name}" if state.name else None
    if index is not None:
        entry = state.history[index]
        position, outcomes, orders = entry.before, entry.report.outcomes, []
    else:
        position, outcomes = state.position, []
        orders = [(power, order) for power, given in state.orders.items() for order in given] if show_orders else []
    over = state.result.describe().rstrip(".") if index is None and state.result.over else None
    svg = render_svg(
        loaded.board,
        position,
        orders=orders,
        outcomes=outcomes,
        dp=legend_dp(position, loaded.board, loaded.rules),
        title=title,
        phase_label=f"Game over: {over}" if over else None,
    )
    return svg, position


def _drawn(game: Game, position: Position, index: int | None) -> str:
    """What the picture shows: the phase, or for a game that is over now, its end."""
    result = game.state.result
    if index is None and result.over:
        return f"the game is over: {result.describe()}"
    return str(position.phase)


def _format(output: Path, fmt: str | None, where: Destination | None = None) -> str:
    """The format asked for, or the one the file's name says (one the destination takes); a PNG never goes to
    a terminal."""
    chosen = _named_format(output, fmt)
    if where is not None and str(output) != "-" and chosen not in where.pictures:
        takes = " or ".join(_SUFFIXES[f] for f in where.pictures)
        raise click.UsageError(f"'{output}': {where.title} takes {takes} pictures; name the file so, or drop --for")
    return chosen


_SUFFIXES = {"png": ".png", "jpeg": ".jpg", "webp": ".webp", "svg": ".svg"}


def _named_format(output: Path, fmt: str | None) -> str:
    named = {".svg": "svg", ".png": "png", ".webp": "webp", ".jpg": "jpeg", ".jpeg": "jpeg"}.get(output.suffix.lower())
    if str(output) == "-":
        named = "svg"
        if sys.stdout.isatty():  # pages of SVG (or a PNG's bytes) are no use on a screen
            raise click.UsageError(
                "the map is a picture, not text for a terminal: write it to a file, "
                "'-o board.png' (for a forum) or '-o board.svg', or redirect it: '> board.svg'"
            )
    elif named is None and fmt is None:
        raise click.UsageError(f"'{output}': name the file .svg, .png, .jpg or .webp, or give --format")
    elif named is not None and fmt is not None and named != fmt:
        raise click.UsageError(f"'{output}' is named .{named} but --format is {fmt}")
    return fmt or named or "svg"


def png(svg: str) -> bytes:
    return picture(svg, None, ("png",)).data


def picture(svg: str, budget: int | None, formats: tuple[str, ...]) -> Picture:
    """The map as a picture file's bytes, within ``budget`` bytes if one is given, in the first of ``formats``
    that fits."""
    from raster.fit import PictureTooLarge, fit_picture  # the rasterizer loads only for a picture
    from raster.png import NoFontError

    try:
        return fit_picture(svg, budget, formats)
    except NoFontError as error:
        raise click.ClickException(f"cannot draw a picture: {error}") from None
    except PictureTooLarge as error:
        raise click.ClickException(str(error)) from None


def size_option(text: str | None) -> int | None:
    """A ``--max-bytes`` value in bytes (None: no budget)."""
    if text is None:
        return None
    from raster.fit import parse_size

    try:
        return parse_size(text)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--max-bytes'") from None

