"""``sengoku story``: the whole game as an animation, its centres as a chart, and its summary post.

The frames are the map picture ``sengoku map --phase`` draws, one per
adjudicated phase and the position now last, each under a caption naming
its phase; they are rasterized in a process per core (a frame is a fraction
of a second of resvg), at most :data:`_BATCH` at a time in flight, and the
animation is fitted to the byte budget (:mod:`raster.animation`).
"""

from __future__ import annotations

import multiprocessing
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cli.common import find_phase, game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game
from cli.postout import destination_of, destination_option, markup_of, messages_text

if TYPE_CHECKING:
    from game.game import Game
    from raster.animation import Animation
    from story.frames import Frame

__all__ = ["animation_of", "chart_of", "story"]

T = TypeVar("T")

_BATCH = 16  # frames handed to the rasterizing processes at once: what is held is bounded, not the whole game
_SIZES = {"": 1, "b": 1, "kb": 1000, "k": 1000, "mb": 1000**2, "m": 1000**2, "kib": 1024, "mib": 1024**2}
_DISCORD = "10MB"


class ByteSize(click.ParamType):  # type: ignore[type-arg]
    """A size in bytes: ``10MB``, ``8MiB``, ``500KB`` or a plain number; 0 for no limit."""

    name = "SIZE"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*", str(value))
        unit = match[2].lower() if match else ""
        if match is None or unit not in _SIZES:
            self.fail(f"'{value}' is not a size: write e.g. 10MB, 8MiB, 500KB or a number of bytes", param, ctx)
        return int(float(match[1]) * _SIZES[unit])


@click.command(short_help="The whole game as an animation (GIF, WebP, APNG), a chart, and a summary post.")
@game_argument
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The animation to write: game.gif, game.webp or game.png (an animated PNG).",
)
@click.option(
    "--chart",
    "chart",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The chart of the centres year by year to write: chart.svg (the web) or chart.png (a post).",
)
@click.option("--post", "show_post", is_flag=True, help="Print the game's summary (in --format).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["plain", "bbcode", "markdown", "html", "json"], case_sensitive=False),
    help="The summary's markup [default: the destination's, else plain].",
)
@destination_option
@click.option("--from", "first", metavar="PHASE", help="The first phase shown (a number, or e.g. 'spring 1575').")
@click.option("--to", "last", metavar="PHASE", help="The last phase shown (default: to the position now).")
@click.option(
    "--frame-ms", type=click.IntRange(20, 60_000), default=800, show_default=True, help="Each frame's time."
)
@click.option(
    "--hold-ms", type=click.IntRange(20, 60_000), default=4000, show_default=True, help="The last frame's time."
)
@click.option(
    "--width",
    type=click.IntRange(320, 1600),
    default=800,
    show_default=True,
    help="The animation's width in pixels (the budget may make it smaller).",
)
@click.option(
    "--max-bytes",
    type=ByteSize(),
    help="The most the animation may weigh [default: the destination's (--for), else 10MB, Discord's] "
    "(0: no limit): fitted by fewer colours, then a smaller picture, then fewer frames.",
)
@cli_errors
def story(
    game: Path,
    output: Path | None,
    chart: Path | None,
    show_post: bool,
    fmt: str | None,
    place: str | None,
    first: str | None,
    last: str | None,
    frame_ms: int,
    hold_ms: int,
    width: int,
    max_bytes: int | None,
) -> None:
    """Tell GAME.json's story: every phase as a frame of an animation, the centres as a chart, a summary.

    \b
      sengoku story game.json -o game.gif          every phase with its orders and results
      sengoku story game.json -o game.webp --from 'spring 1580' --to 'winter 1585'
      sengoku story game.json --chart centres.png  centres (and DP bid) at each year's end
      sengoku story game.json --post --format bbcode   the summary, for a forum

    Without -o, --chart or --post it prints the summary.
    """
    loaded = load_game(game)
    where = destination_of(place, loaded.state)
    if max_bytes is None:
        max_bytes = where.budget if where is not None else ByteSize().convert(_DISCORD, None, None)
    if output is None and chart is None:
        show_post = True
    if output is not None:
        kind = _kind(output, {".gif": "gif", ".webp": "webp", ".png": "png"}, "game.gif, game.webp or game.png")
        if where is not None and kind not in where.animations:
            takes = " or ".join(f".{k}" for k in where.animations)
            raise click.UsageError(f"'{output}': {where.title} animates {takes}; name the file so, or drop --for")
        if not loaded.state.history:
            raise click.ClickException("no phase has been adjudicated yet: there is nothing to animate")
        _animation(loaded, output, kind, first, last, frame_ms, hold_ms, width, max_bytes)
    elif first is not None or last is not None:
        raise click.UsageError("--from and --to choose the animation's phases: give -o FILE too")
    if chart is not None:
        _chart(loaded, chart, _kind(chart, {".svg": "svg", ".png": "png"}, "chart.svg or chart.png"))
    if show_post:
        from story.markup import render_summary
        from story.summary import summarise

        summary = summarise(loaded.board, loaded.state, loaded.rules)
        markup = markup_of(fmt, where)
        if markup == "discord":
            from post.chat import Flavour
            from story.markup import chat_summary

            click.echo(messages_text(chat_summary(summary, Flavour.DISCORD)), nl=False)
        else:
            click.echo(render_summary(summary, markup), nl=False)


def _kind(path: Path, kinds: dict[str, str], names: str) -> str:
    kind = kinds.get(path.suffix.lower())
    if kind is None:
        raise click.UsageError(f"'{path}': name the file {names}")
    return kind


def _animation(
    loaded: Game,
    output: Path,
    kind: str,
    first: str | None,
    last: str | None,
    frame_ms: int,
    hold_ms: int,
    width: int,
    max_bytes: int | None,
) -> None:
    from raster.animation import OverBudget
    from story.frames import frames

    state = loaded.state
    start = 0 if first is None else find_phase(state, first)
    end = None if last is None else find_phase(state, last)
    if end is not None and end < start:
        raise click.UsageError(f"--to {last} comes before --from {first}")
    chosen = frames(state, start, end)
    try:
        made = animation_of(loaded, chosen, kind, width, frame_ms, hold_ms, max_bytes or None)
    except OverBudget as error:
        raise click.ClickException(f"{error}: choose fewer phases (--from, --to) or a larger --max-bytes") from None
    _write(output, made.data)
    size = f"{made.width} x {made.height} pixels"
    fitted = f", {made.dropped} frames left out to fit {max_bytes:,} bytes" if made.dropped else ""
    click.echo(
        f"{output}: {made.frames} frames ({chosen[0].phase} to {chosen[-1].phase}), {size}, "
        f"{len(made.data):,} bytes{fitted}"
    )


def animation_of(
    loaded: Game,
    chosen: Sequence[Frame],
    kind: str = "gif",
    width: int = 800,
    frame_ms: int = 800,
    hold_ms: int = 4000,
    max_bytes: int | None = None,
) -> Animation:
    """The frames as an animation (raises :class:`raster.animation.OverBudget`); the chat channel's too."""
    from raster.animation import animate

    pictures = list(_rasterized(loaded, chosen, width))
    durations = [frame_ms] * (len(pictures) - 1) + [hold_ms]
    return animate(pictures, durations, kind, max_bytes)


def _rasterized(loaded: Game, chosen: Sequence[Frame], width: int) -> Iterator[bytes]:
    """Each frame as PNG bytes, in order: drawn here, rasterized by a process per core."""
    from cli.map import png
    from cli.sheetcache import prepare_sheet
    from raster.png import svg_to_png
    from story.frames import frame_svg

    prepare_sheet(loaded.board)
    png("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>")  # no fonts: one line, before any work
    cores = min(os.cpu_count() or 1, 4)
    bar = click.progressbar(length=len(chosen), label="Drawing the frames", file=sys.stderr)
    with bar, _pool(cores if len(chosen) > _BATCH // 2 else 1) as pool:
        for at in range(0, len(chosen), _BATCH):
            svgs = [frame_svg(loaded.board, loaded.state, loaded.rules, f) for f in chosen[at : at + _BATCH]]
            for picture in pool.map(partial(svg_to_png, width=width), svgs):
                bar.update(1)
                yield picture


def _pool(cores: int) -> Executor:
    """Processes to rasterize in ("spawn": a fresh interpreter each), or (one core, a few frames) this one."""
    return ProcessPoolExecutor(cores, mp_context=multiprocessing.get_context("spawn")) if cores > 1 else _Here()


class _Here(Executor):
    """An executor that runs what it is given at once, here: starting processes for a few frames costs more."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        done: Future[T] = Future()
        done.set_result(fn(*args, **kwargs))
        return done


def _chart(loaded: Game, path: Path, kind: str) -> None:
    from story.years import years

    data = years(loaded.board, loaded.state, loaded.rules)
    _write(path, chart_of(loaded, kind))
    first, last = data.years[0] + 1, data.years[-1]
    if last < first:
        click.echo(f"{path}: the centres at the start (no year has ended yet)")
    else:
        click.echo(f"{path}: the centres at the start and at the end of each year, {first} to {last}")


def chart_of(loaded: Game, kind: str = "png") -> bytes:
    """The chart of the centres year by year, as SVG or PNG bytes; the chat channel's too."""
    from raster.chart import Line, chart_png, chart_svg
    from story.years import years

    data = years(loaded.board, loaded.state, loaded.rules)
    lines = [Line(s.power, s.colour, s.centres, s.dp_bid) for s in data.series]
    with_dp = data.has_dp and any(any(line.dp) for line in lines)
    if kind == "svg":
        return chart_svg(data.title, data.years, lines, data.victory, with_dp).encode("utf-8")
    return chart_png(data.title, data.years, lines, data.victory, with_dp)


def _write(path: Path, data: bytes) -> None:
    """The file written whole or not at all: a half-written picture is never left under the name."""
    from cli.gamefile import mode_for

    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or Path("."))
    try:
        os.fchmod(handle, mode_for(path))  # not mkstemp's 0600: a picture is for others to read
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
