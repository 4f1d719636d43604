"""The game's story, measured on the 30-year test game: frames, encoders, budget, chart, summary, web answers.

    .venv/bin/python -m bench.story [--years 30] [--width 800]

Issue 33 asks that frames be built in bounded time and memory, that an animation fit a chat channel's
attachment limit (10 MB on Discord), and that the web's story routes answer within the page budget (50 ms)
once what they show is made. This prints, for :mod:`bench.long_game`'s game (random legal orders, seed 1):
the time to draw one frame (the SVG, then resvg at the width), the whole animation's frames in this one
process, each encoder's bytes and time (GIF, WebP, APNG) with no budget and the GIF fitted to smaller budgets,
the peak memory of this process, the chart (matplotlib, its import included) and the summary, and the web
routes' server time through Flask's test client once the story's worker has made the pictures.

A script, not a test: timings depend on the machine and its load (printed).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.long_game import play
from game.game import Game


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def timed(work: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def frames_and_encoders(game: Game, width: int) -> None:
    from raster.animation import animate
    from raster.png import svg_to_png
    from story.frames import frame_svg, frames

    chosen = frames(game.state)
    svg_times, png_times, pictures = [], [], []
    for frame in chosen:
        took, svg = timed(lambda frame=frame: frame_svg(game.board, game.state, game.rules, frame))
        svg_times.append(took)
        took, png = timed(lambda svg=svg: svg_to_png(str(svg), width))
        png_times.append(took)
        pictures.append(bytes(png))  # type: ignore[arg-type]
    total = sum(svg_times) + sum(png_times)
    print(f"{len(chosen)} frames at {width} px: SVG median {ms(statistics.median(svg_times))}, "
          f"resvg median {ms(statistics.median(png_times))} (max {ms(max(png_times))}); "
          f"all in one process {total:.1f} s; PNG frames {sum(map(len, pictures)) / 1e6:.1f} MB held")
    print(f"peak memory of this process with the game and the frames held: {_peak():.0f} MB")
    durations = [800] * (len(pictures) - 1) + [4000]
    for kind in ("gif", "webp", "png"):
        took, made = timed(lambda kind=kind: animate(pictures, durations, kind))
        print(f"  {kind:4}  {len(made.data) / 1e6:6.2f} MB  {made.frames} frames  {made.width} x {made.height}  "  # type: ignore[attr-defined]
              f"encoded in {took:.1f} s; peak memory of this process so far {_peak():.0f} MB")
    for budget in (10_000_000, 1_000_000, 500_000):
        took, made = timed(lambda budget=budget: animate(pictures, durations, "gif", budget))
        print(f"  gif within {budget / 1e6:.1f} MB: {len(made.data) / 1e6:.2f} MB, {made.frames} frames "  # type: ignore[attr-defined]
              f"({made.dropped} left out), {made.width} x {made.height}, {made.colours} colours, {took:.1f} s")  # type: ignore[attr-defined]


def _peak() -> float:
    """This process's peak resident memory in MB (the frames held, the encoder's own frames, the game)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def chart_and_summary(game: Game) -> None:
    from story.summary import summarise
    from story.years import years

    took, chart = timed(lambda: years(game.board, game.state, game.rules))
    print(f"year-end counts: {ms(took)}")
    took, _ = timed(lambda: summarise(game.board, game.state, game.rules))
    print(f"summary: {ms(took)}")
    took, _ = timed(lambda: __import__("matplotlib.figure"))
    print(f"matplotlib's import (once a process): {took:.2f} s")
    from raster.chart import Line, chart_png, chart_svg

    lines = [Line(s.power, s.colour, s.centres, s.dp_bid) for s in chart.series]  # type: ignore[attr-defined]
    took, svg = timed(lambda: chart_svg(chart.title, chart.years, lines, chart.victory))  # type: ignore[attr-defined]
    print(f"chart SVG: {len(str(svg)) / 1e3:.0f} KB in {ms(took)}")
    took, png = timed(lambda: chart_png(chart.title, chart.years, lines, chart.victory))  # type: ignore[attr-defined]
    print(f"chart PNG: {len(bytes(png)) / 1e3:.0f} KB in {ms(took)}")  # type: ignore[arg-type]


def web(game: Game, runs: int) -> None:
    from tests.web.conftest import Site
    from web import create_app
    from web.play import storybook
    from web.storage import store

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE_URL": f"sqlite:///{Path(folder) / 'bench.db'}", "SECRET_KEY": "bench"})
        client = app.test_client()
        game_id = Site(client).new_game("Bench").id

        def act(handle: store.Handle) -> None:
            handle.game.state = game.state.replace(name="Bench")

        store.change(app.extensions["sengoku_db"], game_id, act)
        for what in ("story/chart.svg", "story/chart.png", "story.gif"):
            start = time.perf_counter()
            while client.get(f"/games/{game_id}/{what}").status_code == 503:
                time.sleep(0.5)
            print(f"web {what}: made by the story's worker in {time.perf_counter() - start:.1f} s (first request on)")
        for what in ("story.gif", "story/chart.svg", "story/chart.png", "story", ""):
            url = f"/games/{game_id}/{what}".rstrip("/")
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                assert client.get(url).status_code == 200
                times.append(time.perf_counter() - start)
            print(f"web {url.replace(game_id, '<id>')} when made: median {ms(statistics.median(times))}, "
                  f"max {ms(max(times))} ({runs} runs)")
        storybook.clear()
        app.extensions["sengoku_db"].dispose()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.story", description=__doc__.split("\n\n")[0])
    parser.add_argument("--years", type=int, default=30)
    parser.add_argument("--width", type=int, default=800)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    game = play("sengoku", args.years)
    print(f"{len(game.state.history)} phases, now {game.phase}")
    frames_and_encoders(game, args.width)
    chart_and_summary(game)
    web(game, args.runs)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
