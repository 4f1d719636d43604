"""``sengoku map``: the board as a picture (SVG, or PNG for a forum), now or at any adjudicated phase."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from adjudicator.position import Position
from cli.common import find_phase, game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game
from game.game import Game


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
    type=click.Choice(["svg", "png"]),
    help="The picture's format (default: by the file's name; SVG on standard output).",
)
@click.option("--phase", "phase", metavar="PHASE", help="An adjudicated phase, drawn with its orders and results.")
@click.option("--orders", "show_orders", is_flag=True, help="Draw the orders stored so far (secret: GM only).")
@cli_errors
def map_command(game: Path, output: Path, fmt: str | None, phase: str | None, show_orders: bool) -> None:
    """Draw GAME.json's board as a standalone picture: SVG, or PNG for a forum post.

    Without --phase: the position now (with --orders, the orders stored
    for it). With --phase (a number from 'sengoku history', 'last', or a
    phase such as 'fall 1570'): the position that phase started from, with
    every order drawn as it succeeded or failed. '-o board.png' (or
    --format png) writes a PNG, which forums take where they refuse SVG.
    """
    fmt = _format(output, fmt)
    loaded = load_game(game)
    if phase is not None and show_orders:
        raise click.UsageError("--orders draws the current phase's orders; a past --phase shows its own")
    index = None if phase is None else find_phase(loaded.state, phase)
    svg, position = draw(loaded, index, show_orders)
    data = png(svg) if fmt == "png" else (svg + "\n").encode("utf-8")
    if str(output) == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    output.write_bytes(data)
    click.echo(f"{output}: {position.phase}" + (" with its results" if phase else ""))


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
    dp = legend_dp(position, loaded.board, loaded.rules)
    svg = render_svg(loaded.board, position, orders=orders, outcomes=outcomes, dp=dp, title=title)
    return svg, position


def _format(output: Path, fmt: str | None) -> str:
    """The format asked for, or the one the file's name says; a PNG never goes to a terminal."""
    named = {".svg": "svg", ".png": "png"}.get(output.suffix.lower())
    if str(output) == "-":
        named = "svg"
        if sys.stdout.isatty():  # pages of SVG (or a PNG's bytes) are no use on a screen
            raise click.UsageError(
                "the map is a picture, not text for a terminal: write it to a file, "
                "'-o board.png' (for a forum) or '-o board.svg', or redirect it: '> board.svg'"
            )
    elif named is None and fmt is None:
        raise click.UsageError(f"'{output}': name the file .svg or .png, or give --format svg|png")
    elif named is not None and fmt is not None and named != fmt:
        raise click.UsageError(f"'{output}' is named .{named} but --format is {fmt}")
    return fmt or named or "svg"


def png(svg: str) -> bytes:
    from raster.png import NoFontError, svg_to_png  # the rasterizer loads only for a PNG

    try:
        return svg_to_png(svg)
    except NoFontError as error:
        raise click.ClickException(f"cannot draw a PNG: {error}") from None

