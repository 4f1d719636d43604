"""The player's page, its press and its pulse: messages sent from the page, read as JSON by the page's script
a page at a time, marked read when they have been on screen, and the few bytes the page asks for every few
seconds to know that the game moved or a message came.

Routes of the player's blueprint (:mod:`web.pages.player`), kept in a module of their own.
"""

from __future__ import annotations

from flask import Response, flash, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from game.game import GameError
from game.press import EVERYONE
from web.access.callers import Caller
from web.pages import present, pressreading
from web.pages.player import bp, mail_possible
from web.pages.routes import route
from web.schemas.table import PressIn, PressMailIn
from web.storage import store
from web.storage.db import database
from web.table import press, pressbounds

__all__ = ["bp"]


def _wants_json() -> bool:
    return request.is_json or request.accept_mimetypes.best == "application/json"


@route(bp, "/press", "post", auth="power")
def press_send(game_id: str, caller: Caller) -> BaseResponse:
    """Send a message; the page's script gets the message as JSON (or why not, 409), a form the page again."""
    data = request.get_json(silent=True) if request.is_json else None
    if isinstance(data, dict):
        message = PressIn.model_validate(data)
    else:
        to, text = request.form.getlist("to"), request.form.get("text", "")
        if (too_long := pressbounds.too_long(text)) is not None:  # said, never cut without a word
            flash(f"Message not sent: {too_long}.", "error")
            return _to_press(caller, request.form.get("talk"))
        message = PressIn(
            to=[EVERYONE] if not to or EVERYONE in to else to,
            text=text or " ",
            anonymous="anonymous" in request.form,
        )
    try:
        sent = press.send(database(), game_id, caller.power, message)
    except GameError as error:
        if _wants_json():
            raise  # the site's answer to a refusal: 409 with why (web/serving/errors.py)
        flash(f"Message not sent: {error}.", "error")
        return _to_press(caller, request.form.get("talk"))
    if _wants_json():
        return Response(sent.model_dump_json(), 201, mimetype="application/json")
    flash("Message sent.", "ok")
    return _to_press(caller, sent.conversation)


@route(bp, "/press-mail", "post", auth="power")
def press_mail(game_id: str, caller: Caller) -> BaseResponse:
    wanted = "mail" in request.form
    if wanted and not mail_possible(store.load(database(), game_id), caller.power):
        flash(
            "Press by mail cannot be turned on: the site has no mail server or the GM has no address for you.", "error"
        )
        return _to_press(caller, None)
    press.set_mail(database(), game_id, caller.power, PressMailIn(mail=wanted))
    flash("New messages will be mailed to you, a few at a time." if wanted else "No press by mail.", "ok")
    return _to_press(caller, None)


@route(bp, "/press.json", auth="power")
def press_json(game_id: str, caller: Caller) -> Response:
    """A page of the press this power reads (``conversation``, ``after``, ``before``, ``limit``); marks nothing."""
    return pressreading.press_page(game_id, caller.power)


@route(bp, "/press/seen", "post", auth="power")
def press_seen(game_id: str, caller: Caller) -> BaseResponse:
    """The messages that have been on the player's screen: read now. JSON from the script; a form without it."""
    return pressreading.mark_seen(game_id, caller.power) or _to_press(caller, request.form.get("talk"))


@route(bp, "/pulse", auth="power")
def pulse(game_id: str, caller: Caller) -> Response:
    """The game's version, phase and this power's unread press: the page asks every few seconds."""
    answer = Response(
        present.pulse_out(database(), game_id, caller.power).model_dump_json(), mimetype="application/json"
    )
    answer.headers["Cache-Control"] = "no-store"
    return answer


def _to_press(caller: Caller, talk: str | None) -> BaseResponse:
    url = url_for("player.page", game_id=caller.game_id, token=caller.token, talk=talk or None, _anchor="press")
    return redirect(url, code=303)
