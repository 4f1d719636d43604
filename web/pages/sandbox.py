"""``/sandbox``: set up any position, order every power, adjudicate with the real engine, step back, share.

Nothing is stored: every page is a GET of a link that holds the whole
sandbox (:mod:`web.play.sandbox`), and each action is a form that answers with a
redirect to the next link, so reloading never plays a phase twice and the
browser's back button steps back too.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from flask import Blueprint, Response, abort, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from game.document import position_document
from game.setup import PositionError, position_from_document
from maps import DEFAULT_VARIANT, known_variants, load_board
from web.pages.public import svg_response
from web.play import mapview
from web.play.choices import choices_out
from web.play.sandbox import MAX_STEPS, Played, SandboxError, SandboxState, check_all, decode, encode, replay, written
from web.schemas.orders import OrdersIn
from web.storage import store
from web.storage.db import database

__all__ = ["bp"]

bp = Blueprint("sandbox", __name__, url_prefix="/sandbox")
_GAME_ID = re.compile(r"(?:/games/)?([a-z0-9]{6,20})(?:[/?#].*)?$")


@bp.get("")
def page() -> str:
    state = _state(request.args.get("s", ""))
    played = _replayed(state)
    game, board = played.game, played.board
    position = game.state.position
    out, kept = check_all(game, state.text)
    orders = [(power, order) for power, given in kept.items() for order in given]
    powers = [choices_out(board, position, game.rules, p, prefix=True) for p in board.power_names]
    phases = [str(entry.report.phase) for entry in game.state.history]
    back = state.model_copy(update={"steps": state.steps[:-1], "text": state.steps[-1]}) if state.steps else None
    return render_template(
        "sandbox/page.html",
        state=state,
        token=encode(state),
        board=board,
        game=game,
        phases=phases,
        reports=played.reports,
        verdicts=out,
        svg=mapview.page_svg(board, position, orders=orders),
        focus=mapview.focus(board, position),
        choices=[c.model_dump(mode="json") for c in powers if c.units or (c.adjustments and c.adjustments.choices)],
        back=encode(back) if back is not None else None,
        link=url_for("sandbox.page", s=encode(state), _external=True),
        document=yaml.safe_dump(position_document(board, position), sort_keys=False, allow_unicode=True, width=1000),
        variants=known_variants(),
    )


@bp.post("/adjudicate")
def adjudicate() -> BaseResponse:
    state = _state(request.form.get("s", ""))
    text = OrdersIn.model_validate({"text": request.form.get("text", "")}).text
    if len(state.steps) >= MAX_STEPS:
        abort(400, f"This sandbox has played {MAX_STEPS} phases, as many as one link holds: start a new one from it.")
    if _replayed(state).game.state.result.over:
        abort(409, "The game in this sandbox is over: step back to play on.")
    return _to(state.model_copy(update={"steps": [*state.steps, text], "text": ""}))


@bp.post("/share")
def share() -> BaseResponse:
    """The link with the orders written so far in it (the page then shows it, ready to copy)."""
    state = _state(request.form.get("s", ""))
    text = OrdersIn.model_validate({"text": request.form.get("text", "")}).text
    return redirect(url_for("sandbox.page", s=encode(state.model_copy(update={"text": text}))) + "#share", code=303)


@bp.post("/check")
def check() -> Response:
    """Each line's verdict (and, with ``?draw=1``, the map's orders layer), as the orders are written."""
    state = _state(request.args.get("s", ""))
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        abort(400, 'send a JSON object such as {"text": "Oda: A Owari - Mino"}')
    game = _replayed(state).game
    out, kept = check_all(game, OrdersIn.model_validate(data).text)
    answer: dict[str, Any] = out.model_dump(mode="json")
    if request.args.get("draw"):
        orders = [(power, order) for power, given in kept.items() for order in given]
        answer["layer"] = mapview.orders_layer(game.board, game.state.position, orders)
    return jsonify(answer)


@bp.post("/setup")
def setup() -> BaseResponse:
    """A new sandbox: from a variant's start, from a phase of a game on this site, or from a position file."""
    kind = request.form.get("from", "start")
    if kind == "game":
        return _from_game(request.form.get("game", ""), request.form.get("phase", "").strip())
    if kind == "file":
        upload = request.files.get("file")
        pasted = request.form.get("position", "")
        text = upload.read().decode("utf-8", "replace") if upload and upload.filename else pasted
        return _to(_from_file(text, request.form.get("variant", DEFAULT_VARIANT)))
    variant = request.form.get("variant", DEFAULT_VARIANT)
    if variant not in known_variants():
        abort(400, f"There is no variant '{variant}'; choose one of {', '.join(known_variants())}.")
    return _to(SandboxState(variant=variant))


@bp.get("/games/<game_id>/<int:number>")
def from_game(game_id: str, number: int) -> BaseResponse:
    """Phase ``number`` (1 is the first) of a game, with the orders it was given; one past the last: now."""
    return _from_game(game_id, str(number))


@bp.get("/map.svg")
def step_map() -> Response:
    """The standalone picture of one step: the position it started from, with every order's outcome."""
    state = _state(request.args.get("s", ""))
    history = _replayed(state).game.state.history
    step = request.args.get("step", type=int)
    if step is None or not 1 <= step <= len(history):
        abort(404, f"this sandbox has no step {step}; it has {len(history)}")
    entry = history[step - 1]
    board = load_board(state.variant)
    return svg_response(mapview.position_svg(board, entry.before, outcomes=entry.report.outcomes, title="Sandbox"))


def _from_game(reference: str, phase: str) -> BaseResponse:
    found = _GAME_ID.search(reference.strip())
    if not found:
        abort(400, "Give a game's id or any link of it (e.g. https://.../games/k3x9p2mfqa).")
    snapshot = store.load(database(), found.group(1))
    history = snapshot.state.history
    if phase in ("", "now"):
        number = len(history) + 1
    elif phase.isdigit():
        number = int(phase)
    else:
        abort(400, f"'{phase}' is not a phase number: give one from the game's history (1 is the first), or 'now'.")
    if not 1 <= number <= len(history) + 1:
        abort(404, f"{snapshot.name} has {len(history)} adjudicated phases: give 1 to {len(history)}, or 'now'.")
    board = snapshot.board
    if number <= len(history):
        entry = history[number - 1]
        orders = written(board, entry.orders)
        return _to(SandboxState(variant=board.name, name=snapshot.name, start=entry.before, text=orders))
    return _to(SandboxState(variant=board.name, name=snapshot.name, start=snapshot.state.position))  # orders: secret


def _from_file(text: str, variant: str) -> SandboxState:
    try:
        document = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        abort(400, f"The position file is not valid YAML{where}: {getattr(error, 'problem', None) or error}.")
    named = document.get("variant") if isinstance(document, dict) else None
    variant = named if isinstance(named, str) else variant
    if variant not in known_variants():
        abort(400, f"The position file is for an unknown variant '{variant}'.")
    try:
        position = position_from_document(load_board(variant), document)
    except PositionError as error:
        abort(400, f"The position file cannot be used: {error}")
    return SandboxState(variant=variant, start=position)


def _state(token: str) -> SandboxState:
    try:
        return decode(token) if token else SandboxState()
    except SandboxError as error:
        abort(400, f"{str(error)[0].upper()}{str(error)[1:]}. Start again from /sandbox.")


def _replayed(state: SandboxState) -> Played:
    try:
        return replay(state)
    except SandboxError as error:
        abort(400, f"This sandbox cannot be played: {error}.")


def _to(state: SandboxState) -> BaseResponse:
    return redirect(url_for("sandbox.page", s=encode(state)), code=303)
