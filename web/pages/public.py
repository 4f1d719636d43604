"""The public game page: map, centres, phase, the history phase by phase, the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from adjudicator.position import Position
from game.records import OutcomeRecord
from game.state import HistoryEntry
from post import FORMATS
from web.pages import present
from web.pages.postformat import post_format
from web.pages.story import story_link
from web.play import lastphase, mapview, posting, storybook
from web.storage import store
from web.storage.db import database

__all__ = ["bp", "png_response", "svg_response"]

bp = Blueprint("public", __name__, url_prefix="/games/<game_id>")


@bp.get("")
def game(game_id: str) -> str:
    snapshot = store.load(database(), game_id)
    view = present.game_out(snapshot)
    fmt = post_format()
    lasts = lastphase.last_phases(snapshot, None)
    latest = present.phase_out(snapshot, len(snapshot.state.history) - 1, fmt) if snapshot.state.history else None
    svg = mapview.cached(
        (game_id, snapshot.version, "public page"),
        lambda: lastphase.last_results_svg(snapshot, mapview.page_svg(snapshot.board, snapshot.state.position)),
    )
    over = snapshot.state.result.over
    return render_template(
        "public/game.html",
        story=story_link(snapshot),
        story_html=storybook.summary(game_id, snapshot.state, "html") if over and snapshot.state.history else None,
        game=view,
        latest=latest,
        formats=FORMATS,
        fmt=fmt,
        svg=svg,
        colours=_colours(snapshot),
        lasts=lasts,
        view_first=lasts[-1].layer if lasts else "now",
        focus=mapview.focus_on_orders(snapshot.board, *_last_orders(snapshot)),
    )


def _last_orders(snapshot: store.Snapshot) -> tuple[Position, Sequence[OutcomeRecord]]:
    """The position now and the last phase's outcomes: where the public page's map opens on a phone."""
    history = snapshot.state.history
    return snapshot.state.position, history[-1].report.outcomes if history else ()


@bp.get("/map.svg")
def map_svg(game_id: str) -> Response:
    snapshot = store.load(database(), game_id)
    return svg_response(_position_svg(snapshot))


@bp.get("/map.png")
def map_png(game_id: str) -> Response:
    """The position now as a PNG, for a forum post (forums take pictures, not SVG)."""
    snapshot = store.load(database(), game_id)
    key = (game_id, snapshot.version, "public png")
    return png_response(lambda: mapview.cached_png(key, lambda: mapview.png(_position_svg(snapshot))))


def _position_svg(snapshot: store.Snapshot) -> str:
    position = snapshot.state.position

    def draw() -> str:
        return mapview.position_svg(snapshot.board, position, dp=dp_of(snapshot), title=snapshot.name)

    return mapview.cached((snapshot.id, snapshot.version, "public"), draw)


@bp.get("/phases/<int:index>")
def phase(game_id: str, index: int) -> BaseResponse:
    """The older address, counting from 0: the same phase's page at its number (mails and posts link here)."""
    return _renumbered("public.history", game_id, index)


@bp.get("/phases/<int:index>/map.svg")
def phase_svg(game_id: str, index: int) -> BaseResponse:
    return _renumbered("public.history_svg", game_id, index)


@bp.get("/phases/<int:index>/map.png")
def phase_png(game_id: str, index: int) -> BaseResponse:
    return _renumbered("public.history_png", game_id, index)


def _renumbered(endpoint: str, game_id: str, index: int) -> BaseResponse:
    _phase_entry(store.load(database(), game_id), index)  # no such game or phase: a 404, not a redirect to one
    values: dict[str, Any] = {**request.args, "game_id": game_id, "number": index + 1}  # ?format= and all
    return redirect(url_for(endpoint, **values), code=301)


def _index(number: int) -> int:
    """The history index of a phase's number (from 1, as `sengoku history N` counts); 404 below 1."""
    if number < 1:
        abort(404, "phases are numbered from 1 (the first adjudicated phase is /history/1)")
    return number - 1


@bp.get("/history/<int:number>")
def history(game_id: str, number: int) -> str:
    """One adjudicated phase: its map with the orders and results, and its results post."""
    index = _index(number)
    snapshot = store.load(database(), game_id)
    view = present.game_out(snapshot)
    fmt = post_format()
    try:
        out = present.phase_out(snapshot, index, fmt)
    except IndexError as error:
        abort(404, str(error))
    entry = snapshot.state.history[index]
    svg = mapview.cached(
        (game_id, snapshot.version, f"phase {index} page"),
        lambda: mapview.page_svg(snapshot.board, entry.before, outcomes=entry.report.outcomes),
    )
    readable = posting.phase_post(snapshot, index, "html")  # our own renderer's HTML: every text in it escaped
    power = request.args.get("power")
    if power in snapshot.board.power_names:  # from a player's page: open on that power's units
        focus = mapview.focus(snapshot.board, entry.before, power)
    else:
        power, focus = None, mapview.focus_on_orders(snapshot.board, entry.before, entry.report.outcomes)
    return render_template(
        "public/phase.html",
        game=view,
        phase=out,
        formats=FORMATS,
        fmt=fmt,
        svg=svg,
        readable=readable,
        focus=focus,
        power=power,
    )


def _colours(snapshot: store.Snapshot) -> dict[str, str]:
    """Each power's colour on the map, for the centre table (the page's map has no key of its own)."""
    from render.palette import power_colours

    return power_colours(snapshot.board.power_names)


@bp.get("/history/<int:number>/map.svg")
def history_svg(game_id: str, number: int) -> Response:
    index = _index(number)
    snapshot = store.load(database(), game_id)
    return svg_response(_phase_svg(snapshot, index))


@bp.get("/history/<int:number>/map.png")
def history_png(game_id: str, number: int) -> Response:
    """A past phase with its orders and results, as a PNG: the picture for that phase's results post."""
    index = _index(number)
    snapshot = store.load(database(), game_id)
    svg = _phase_svg(snapshot, index)
    key = (game_id, snapshot.version, f"phase {index} png")
    return png_response(lambda: mapview.cached_png(key, lambda: mapview.png(svg)))


def _phase_entry(snapshot: store.Snapshot, index: int) -> HistoryEntry:
    history = snapshot.state.history
    if not 0 <= index < len(history):
        abort(404, f"no adjudicated phase number {index + 1}")
    return history[index]


def _phase_svg(snapshot: store.Snapshot, index: int) -> str:
    entry = _phase_entry(snapshot, index)

    def draw() -> str:
        return mapview.position_svg(snapshot.board, entry.before, outcomes=entry.report.outcomes, title=snapshot.name)

    return mapview.cached((snapshot.id, snapshot.version, f"phase {index}"), draw)


def dp_of(snapshot: store.Snapshot) -> dict[str, int] | None:
    """Each power's DP this phase, for the map's legend (movement phases only)."""
    game = snapshot.game()
    dp = {power: game.dp(power) for power in game.powers()}
    return dp if any(dp.values()) else None


def png_response(draw: Callable[[], bytes]) -> Response:
    """The PNG ``draw`` makes; without fonts on the server, a 503 saying what to install (never a map without names)."""
    from raster.png import NoFontError

    try:
        data = draw()
    except NoFontError as error:
        abort(503, f"This server cannot draw the map as PNG: {error}. The SVG map works.")
    return Response(data, mimetype="image/png")


def svg_response(svg: str) -> Response:
    response = Response(svg, mimetype="image/svg+xml")
    response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response
