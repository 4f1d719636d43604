"""The game's story on the site: the summary page, the animation of every phase, the chart of the centres.

``/games/<id>/story`` shows the summary (in any markup, to copy), the chart
and the animation; ``/games/<id>/story.gif`` is the animation alone, for a
forum or a chat channel to show, and ``/games/<id>/story/chart.svg`` and
``chart.png`` the chart. They are made off the request path and kept
(:mod:`web.play.storybook`): a request waits for them a bounded time, then
gets 503 with ``Retry-After`` while the work goes on.
"""

from __future__ import annotations

import logging

from flask import Blueprint, Response, abort, current_app, render_template

from post import FORMATS
from web.pages import present
from web.pages.postformat import post_format
from web.play import storybook
from web.storage import store
from web.storage.db import database

__all__ = ["bp", "story_link"]

bp = Blueprint("story", __name__, url_prefix="/games/<game_id>")
log = logging.getLogger(__name__)

_WAIT = {"story.gif": 5.0, "chart.svg": 8.0, "chart.png": 8.0}  # seconds a request waits for a job, then 503
_TYPES = {"story.gif": "image/gif", "chart.svg": "image/svg+xml", "chart.png": "image/png"}
_AGAIN = 30  # Retry-After, in seconds, while the work goes on


@bp.get("/story")
def page(game_id: str) -> str:
    """The summary, the chart and the animation; the animation is started here if it is not made yet."""
    snapshot = store.load(database(), game_id)
    state = snapshot.state
    fmt = post_format()
    gif = _start(game_id, snapshot, "story.gif")
    return render_template(
        "public/story.html",
        game=present.game_out(snapshot),
        readable=storybook.summary(game_id, state, "html"),  # our own writer's HTML: every text in it escaped
        text=storybook.summary(game_id, state, fmt),
        formats=FORMATS,
        fmt=fmt,
        gif_ready=gif,
        phases=len(state.history),
    )


@bp.get("/story.gif")
def animation(game_id: str) -> Response:
    """Every phase with its orders and results, then the position now, as an animated GIF."""
    return _artefact(game_id, "story.gif")


@bp.get("/story/chart.svg")
def chart_svg(game_id: str) -> Response:
    return _artefact(game_id, "chart.svg")


@bp.get("/story/chart.png")
def chart_png(game_id: str) -> Response:
    return _artefact(game_id, "chart.png")


def story_link(snapshot: store.Snapshot) -> bool:
    """Whether the game has a story to show (a phase adjudicated), starting its animation if it is over."""
    if not snapshot.state.history:
        return False
    if snapshot.state.result.over:
        _start(snapshot.id, snapshot, "story.gif")
    return True


def _artefact(game_id: str, kind: str) -> Response:
    snapshot = store.load(database(), game_id)
    if not snapshot.state.history:
        abort(404, "no phase has been adjudicated yet: the game has no story to show")
    try:
        data = storybook.artefact(game_id, snapshot.state, kind, _WAIT[kind], _budget())
    except storybook.Busy as busy:
        return _later(str(busy))
    except storybook.CannotDraw as error:
        abort(503, f"This server cannot draw the story's pictures: {error}.")
    if data is None:
        return _later(f"The {'animation' if kind == 'story.gif' else 'chart'} is being drawn; try again in a minute.")
    response = Response(data, mimetype=_TYPES[kind])
    if kind == "chart.svg":
        response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    response.headers["Cache-Control"] = "public, max-age=60"
    return response


def _start(game_id: str, snapshot: store.Snapshot, kind: str) -> bool:
    """Ask for the artefact without waiting; whether it is made already (a busy site starts nothing)."""
    if not snapshot.state.history:
        return False
    try:
        return storybook.artefact(game_id, snapshot.state, kind, 0.0, _budget()) is not None
    except (storybook.Busy, storybook.CannotDraw):  # the page shows without it; the picture's address says why
        return False
    except Exception:  # a job that failed: the page still shows (the picture's address answers 500, logged)
        log.exception("the story of game %s", game_id)
        return False


def _later(why: str) -> Response:
    response = Response(why + "\n", status=503, mimetype="text/plain")
    response.headers["Retry-After"] = str(_AGAIN)
    return response


def _budget() -> int:
    return int(current_app.config.get("STORY_MAX_BYTES", storybook.MAX_BYTES))
