"""The player's page, its press and its pulse: messages sent from the page, read as JSON by the page's script,
and the few bytes the page asks for every few seconds to know that the game moved.

Routes of the player's blueprint (:mod:`web.pages.player`), kept in a module of their own.
"""

from __future__ import annotations

from flask import Response, flash, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from game.game import GameError
from game.press import EVERYONE
from web.access.callers import require
from web.pages import present
from web.pages.player import bp
from web.schemas.table import PressIn, PressMailIn
from web.storage.db import database
from web.table import press

__all__ = ["bp"]


@bp.post("/press")
def press_send(game_id: str, token: str) -> BaseResponse:
    power = require(game_id, token, "power")
    to = request.form.getlist("to")
    message = PressIn(
        to=[EVERYONE] if not to or EVERYONE in to else to,
        text=request.form.get("text", "")[:4000] or " ",
        anonymous="anonymous" in request.form,
    )
    try:
        press.send(database(), game_id, power, message)
    except GameError as error:
        flash(f"Message not sent: {error}.", "error")
    else:
        flash("Message sent.", "ok")
    return redirect(url_for("player.page", game_id=game_id, token=token) + "#press", code=303)


@bp.post("/press-mail")
def press_mail(game_id: str, token: str) -> BaseResponse:
    power = require(game_id, token, "power")
    wanted = press.set_mail(database(), game_id, power, PressMailIn(mail="mail" in request.form))
    flash("New messages will be mailed to you, a few at a time." if wanted else "No press by mail.", "ok")
    return redirect(url_for("player.page", game_id=game_id, token=token) + "#press", code=303)


@bp.get("/press.json")
def press_json(game_id: str, token: str) -> Response:
    """The press this power reads, for the page's script (counts it as read)."""
    power = require(game_id, token, "power")
    return Response(press.read(database(), game_id, power).model_dump_json(), mimetype="application/json")


@bp.get("/pulse")
def pulse(game_id: str, token: str) -> Response:
    """The game's version, phase and this power's unread press: the page asks every few seconds."""
    power = require(game_id, token, "power")
    answer = Response(present.pulse_out(database(), game_id, power).model_dump_json(), mimetype="application/json")
    answer.headers["Cache-Control"] = "no-store"
    return answer
