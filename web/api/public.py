"""The public part of the JSON API: the document, creating a game, reading games and phases."""

from __future__ import annotations

from typing import TypeVar

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request
from pydantic import BaseModel

from web.access.creating import may_create
from web.api.openapi import document, in_order, operation
from web.pages import present
from web.pages.home import links
from web.pages.postformat import FORMAT_QUERY, post_format
from web.play import actions
from web.schemas.bodies import Created, GameOut, NewGameIn, PhaseOut
from web.storage import store
from web.storage.db import database
from web.storage.tokens import GM

__all__ = ["bp", "reply"]

bp = Blueprint("api", __name__, url_prefix="/api")
M = TypeVar("M", bound=BaseModel)


def reply(model: BaseModel, status: int = 200) -> tuple[Response, int]:
    return Response(model.model_dump_json(), content_type="application/json"), status


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document(in_order(current_app)))


@bp.get("/docs")
def docs() -> str:
    return render_template("api_docs.html", operations=in_order(current_app))


@operation(
    bp,
    "/games",
    "post",
    "Create a game; the answer holds the GM's and each power's token",
    body=NewGameIn,
    response=Created,
    status=201,
)
def create(body: NewGameIn) -> tuple[Response, int]:
    scheme, _, bearer = request.headers.get("Authorization", "").partition(" ")
    may_create(body.invitation, bearer.strip() if scheme.lower() == "bearer" else None)
    request_ = body
    game_id, issued = actions.create_game(database(), request_)
    powers = {role: token for role, token in issued.items() if role != GM}
    return reply(Created(id=game_id, gm_token=issued[GM], power_tokens=powers, links=links(game_id, issued)), 201)


@operation(bp, "/games/<game_id>", "get", "The game: phase, centres, units, history, result", response=GameOut)
def game(game_id: str) -> tuple[Response, int]:
    return reply(present.game_out(store.load(database(), game_id)))


@operation(
    bp,
    "/games/<game_id>/history/<int:number>",
    "get",
    "One adjudicated phase and its results post; phases are numbered from 1, as `sengoku history N` counts",
    response=PhaseOut,
    query=FORMAT_QUERY,
)
def history(game_id: str, number: int) -> tuple[Response, int]:
    if number < 1:
        abort(404, "phases are numbered from 1 (the first adjudicated phase is /history/1)")
    return _phase(game_id, number - 1)


@operation(
    bp,
    "/games/<game_id>/phases/<int:index>",
    "get",
    "The same as /history/{index + 1}: the older address, counting from 0 (kept for the links made with it)",
    response=PhaseOut,
    query=FORMAT_QUERY,
)
def phase(game_id: str, index: int) -> tuple[Response, int]:
    return _phase(game_id, index)


def _phase(game_id: str, index: int) -> tuple[Response, int]:
    fmt = post_format()
    try:
        return reply(present.phase_out(store.load(database(), game_id), index, fmt))
    except IndexError as error:
        abort(404, str(error))


@operation(bp, "/games/<game_id>/map.svg", "get", "The map of the current position", media="image/svg+xml")
def map_svg(game_id: str) -> Response:
    from web.pages.public import map_svg as public_map

    return public_map(game_id)


@operation(bp, "/games/<game_id>/map.png", "get", "The map of the current position, as PNG", media="image/png")
def map_png(game_id: str) -> Response:
    from web.pages.public import map_png as public_png

    return public_png(game_id)
