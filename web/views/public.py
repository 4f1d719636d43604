"""The public game page: map, centres, phase, the history phase by phase, the result."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template

from post import FORMATS
from web import mapview, present, store
from web.db import database
from web.views.postformat import post_format

__all__ = ["bp", "svg_response"]

bp = Blueprint("public", __name__, url_prefix="/games/<game_id>")


@bp.get("")
def game(game_id: str) -> str:
    snapshot = store.load(database(), game_id)
    view = present.game_out(snapshot)
    fmt = post_format()
    latest = present.phase_out(snapshot, len(snapshot.state.history) - 1, fmt) if snapshot.state.history else None
    return render_template("public/game.html", game=view, latest=latest, formats=FORMATS, fmt=fmt)


@bp.get("/map.svg")
def map_svg(game_id: str) -> Response:
    snapshot = store.load(database(), game_id)
    position = snapshot.state.position

    def draw() -> str:
        return mapview.position_svg(snapshot.board, position, dp=dp_of(snapshot), title=snapshot.name)

    return svg_response(mapview.cached((game_id, snapshot.version, "public"), draw))


@bp.get("/phases/<int:index>")
def phase(game_id: str, index: int) -> str:
    snapshot = store.load(database(), game_id)
    view = present.game_out(snapshot)
    fmt = post_format()
    try:
        out = present.phase_out(snapshot, index, fmt)
    except IndexError as error:
        abort(404, str(error))
    return render_template("public/phase.html", game=view, phase=out, formats=FORMATS, fmt=fmt)


@bp.get("/phases/<int:index>/map.svg")
def phase_svg(game_id: str, index: int) -> Response:
    snapshot = store.load(database(), game_id)
    history = snapshot.state.history
    if not 0 <= index < len(history):
        abort(404, f"no adjudicated phase number {index}")
    entry = history[index]

    def draw() -> str:
        return mapview.position_svg(snapshot.board, entry.before, outcomes=entry.report.outcomes, title=snapshot.name)

    return svg_response(mapview.cached((game_id, snapshot.version, f"phase {index}"), draw))


def dp_of(snapshot: store.Snapshot) -> dict[str, int] | None:
    """Each power's DP this phase, for the map's legend (movement phases only)."""
    game = snapshot.game()
    dp = {power: game.dp(power) for power in game.powers()}
    return dp if any(dp.values()) else None


def svg_response(svg: str) -> Response:
    response = Response(svg, mimetype="image/svg+xml")
    response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response
