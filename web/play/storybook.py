"""The game's story on the web: its animation, its chart and its summary, kept per state of the story.

The heavy parts never run in a request's thread, nor in the web process at
all: resvg holds the interpreter's lock for the whole of each frame (a tenth
of a second to a second), and matplotlib for each chart, which would stall
every other request the process serves. They run in one worker process per
web process (started on first use), one job at a time, at most
:data:`QUEUE` jobs waiting; a request waits for its job a bounded time
(``wait``) and is otherwise told to come back (the job goes on, and its
result is kept for the next request). So a visitor costs at most one job,
and a job at most :data:`MOST_FRAMES` frames of :data:`WIDTH` pixels.

What is made is kept per game and per state of its story (its phases, the
position and the result: :func:`story_key`), not per version of the game:
a player saving orders changes the version but not the story.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as WaitedTooLong
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

import msgspec

from game.state import GameState, state_from_json, state_json
from maps import load_board
from web.storage.kept import SharedLRU

if TYPE_CHECKING:
    from adjudicator.rules import Rules
    from maps.board import Board

__all__ = [
    "MAX_BYTES",
    "MOST_FRAMES",
    "QUEUE",
    "WIDTH",
    "Busy",
    "CannotDraw",
    "artefact",
    "clear",
    "make",
    "story_key",
    "summary",
]

MAX_BYTES = 10_000_000
"""The animation's byte budget unless the site sets ``STORY_MAX_BYTES`` (``$SENGOKU_STORY_MAX_BYTES``):
10 MB, what a Discord server takes from anyone."""
WIDTH = 640
"""The animation's width in pixels on the web (a chat channel shows about 400 to 550)."""
MOST_FRAMES = 240
"""The most frames a web animation draws (60 years of play); a longer game shows every second phase, and so on."""
QUEUE = 4
"""The most jobs waiting for the worker process; one more is refused (:class:`Busy`) until one is done."""
FRAME_MS = 800
HOLD_MS = 4000
KINDS = ("story.gif", "chart.svg", "chart.png")

Key = tuple[str, str, str]
_KEPT = SharedLRU[Key, bytes](12)  # GIFs of at most the budget (10 MB by default) and charts of 70-110 KB
_SUMMARIES = SharedLRU[tuple[str, str, str], str](64)
_RUNNING: dict[Key, Future[bytes]] = {}
_LOCK = threading.Lock()
_POOL: list[ProcessPoolExecutor] = []


class Busy(RuntimeError):
    """The worker process has :data:`QUEUE` jobs waiting already: come back later."""


class CannotDraw(RuntimeError):
    """The server cannot draw the story's pictures (no fonts: the message says what to install).

    Raised in the worker for :class:`raster.png.NoFontError`, whose own constructor takes no message and so
    could not cross back from the worker process."""


def story_key(state: GameState) -> str:
    """What the story depends on, as a digest: the name, the phases (the last one's whole record), the position
    and the result. A rolled-back and re-adjudicated phase gives another key; a saved order does not."""
    last = state.history[-1] if state.history else None
    parts = (state.name, len(state.history), last, state.position, state.result)
    return hashlib.sha256(msgspec.json.encode(parts)).hexdigest()[:24]


def artefact(game_id: str, state: GameState, kind: str, wait: float, max_bytes: int) -> bytes | None:
    """The animation (``story.gif``) or the chart (``chart.svg``, ``chart.png``) of the game's story, if it is
    kept or made within ``wait`` seconds; None if it is still being made. Raises :class:`Busy`, or
    :class:`CannotDraw` on a server without fonts."""
    key = (game_id, story_key(state), kind)
    kept = _KEPT.peek(key)
    if kept is not None:
        return kept
    job = _job(key, state, kind, max_bytes)
    try:
        return job.result(timeout=wait)
    except WaitedTooLong:
        return None


def summary(game_id: str, state: GameState, fmt: str) -> str:
    """The summary in a markup (cheap: a few milliseconds for 30 years), kept per state of the story."""
    from story.markup import render_summary
    from story.summary import summarise

    def make() -> str:
        board = load_board(state.variant)
        return render_summary(summarise(board, state, board.rules), fmt)

    return _SUMMARIES.get((game_id, story_key(state), fmt), make)


def clear() -> None:
    """Forget what was made (the tests, and bench_pages's worst case)."""
    _KEPT.clear()
    _SUMMARIES.clear()


def _job(key: Key, state: GameState, kind: str, max_bytes: int) -> Future[bytes]:
    """The job making ``key``: the one already running, or a new one (its result kept once it is done)."""
    with _LOCK:
        running = _RUNNING.get(key)
        if running is not None:
            return running
        if len(_RUNNING) >= QUEUE:
            raise Busy(f"the site is drawing {len(_RUNNING)} other games' stories; try again in a minute")
        public = state.replace(orders={}, all_refused=[], addresses={}, channel=None, sent=[], log=[])
        data = state_json(public, rules=load_board(state.variant).rules)
        try:
            job = _pool().submit(make, kind, data, max_bytes)
        except BrokenProcessPool:  # the worker died (killed, out of memory): a new one for this job
            _POOL.clear()
            job = _pool().submit(make, kind, data, max_bytes)
        _RUNNING[key] = job
    job.add_done_callback(lambda done: _finished(key, done))
    return job


def _finished(key: Key, job: Future[bytes]) -> None:
    with _LOCK:
        _RUNNING.pop(key, None)
        if not job.cancelled() and isinstance(job.exception(), BrokenProcessPool):
            _POOL.clear()  # the next job starts a new worker
    if not job.cancelled() and job.exception() is None:
        _KEPT.put(key, job.result())


def _pool() -> ProcessPoolExecutor:
    """The worker process, started on first use ("spawn": never a fork of a process with threads running)."""
    if not _POOL:
        _POOL.append(ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")))
    return _POOL[0]


# --- in the worker process ------------------------------------------------------------


def make(kind: str, data: bytes, max_bytes: int) -> bytes:
    """One artefact of the story of the game in ``data`` (its JSON, without anything secret)."""
    from raster.png import NoFontError

    try:
        return _make(kind, data, max_bytes)
    except NoFontError as error:
        raise CannotDraw(str(error)) from None


def _make(kind: str, data: bytes, max_bytes: int) -> bytes:
    from localfiles.boardcache import keep_boards_on_disk

    keep_boards_on_disk()
    state = state_from_json(data)
    board = load_board(state.variant)
    rules = board.rules
    if kind == "story.gif":
        return _animation(board, state, rules, max_bytes)
    from raster.chart import Line, chart_png, chart_svg
    from story.years import years

    chart = years(board, state, rules)
    lines = [Line(s.power, s.colour, s.centres, s.dp_bid) for s in chart.series]
    with_dp = chart.has_dp and any(any(line.dp) for line in lines)
    if kind == "chart.svg":
        return chart_svg(chart.title, chart.years, lines, chart.victory, with_dp).encode("utf-8")
    return chart_png(chart.title, chart.years, lines, chart.victory, with_dp)


def _animation(board: Board, state: GameState, rules: Rules, max_bytes: int) -> bytes:
    from raster.animation import animate
    from raster.png import svg_to_png
    from story.frames import frame_svg, frames

    chosen = frames(state, most=MOST_FRAMES)
    pictures = [svg_to_png(frame_svg(board, state, rules, frame), WIDTH) for frame in chosen]
    durations = [FRAME_MS] * (len(pictures) - 1) + [HOLD_MS]
    return animate(pictures, durations, "gif", max_bytes).data
