"""The player's page, its press and its pulse: messages sent from the page, read as JSON by the page's script,
and the few bytes the page asks for every few seconds to know that the game moved.

Routes of the player's blueprint (:mod:`web.pages.player`), kept in a module of their own.
"""

from __future__ import annotations

from flask import Response, flash, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from game.game import GameError
from game.press import EVERYONE
from web.access.callers import Caller
from web.pages import present
from web.pages.player import bp
from web.pages.routes import route
from web.schemas.table import PressIn, PressMailIn
from web.storage.db import database
from web.table import press, pressbounds

__all__ = ["bp"]


@route(bp, "/press", "post", auth="power")
def press_send(game_id: str, caller: Caller) -> BaseResponse:
    power = caller.power
    to = request.form.getlist("to")
    text = request.form.get("text", "")
    if (too_long := pressbounds.too_long(text)) is not None:  # said, never cut without a word
        flash(f"Message not sent: {too_long}.", "error")
        return _to_press(caller)
    message = PressIn(
        to=[EVERYONE] if not to or EVERYONE in to else to,
        text=text or " ",
        anonymous="anonymous" in request.form,
    )
    try:
        press.send(database(), game_id, power, message)
    except GameError as error:
        flash(f"Message not sent: {error}.", "error")
    else:
        flash("Message sent.", "ok")
    return _to_press(caller)


@route(bp, "/press-mail", "post", auth="power")
def press_mail(game_id: str, caller: Caller) -> BaseResponse:
    power = caller.power
    wanted = press.set_mail(database(), game_id, power, PressMailIn(mail="mail" in request.form))
    flash("New messages will be mailed to you, a few at a time." if wanted else "No press by mail.", "ok")
    return _to_press(caller)


@route(bp, "/press.json", auth="power")
def press_json(game_id: str, caller: Caller) -> Response:
    """The press this power reads, for the page's script (counts it as read)."""
    power = caller.power
    return Response(press.read(database(), game_id, power).model_dump_json(), mimetype="application/json")


@route(bp, "/pulse", auth="power")
def pulse(game_id: str, caller: Caller) -> Response:
    """The game's version, phase and this power's unread press: the page asks every few seconds."""
    power = caller.power
    answer = Response(present.pulse_out(database(), game_id, power).model_dump_json(), mimetype="application/json")
    answer.headers["Cache-Control"] = "no-store"
    return answer


def _to_press(caller: Caller) -> BaseResponse:
    return redirect(url_for("player.page", game_id=caller.game_id, token=caller.token) + "#press", code=303)
