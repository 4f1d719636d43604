"""The GM's page, its press: the rules of the game's press, announcements to everyone, and reading (a page at a
time, marked read when seen, as on a player's page).

Routes of the GM's blueprint (:mod:`web.pages.gm`), kept in a module of their own.
"""

from __future__ import annotations

from flask import Response, flash, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from game.game import GameError
from game.press import EVERYONE, GM
from web.access.callers import Caller
from web.pages import pressreading
from web.pages.gm import bp
from web.pages.routes import route
from web.schemas.table import PressIn, PressRulesIn
from web.storage.db import database
from web.table import press, pressbounds

__all__ = ["bp"]


@route(bp, "/press-rules", "post", auth="gm", form=PressRulesIn)
def press_rules(game_id: str, caller: Caller, body: PressRulesIn) -> BaseResponse:
    rules = press.set_rules(database(), game_id, body, by=caller.source)
    said = {"none": "No press", "public": "Public press only", "private": "Public and private press"}[rules.kind]
    extra = ("; unsigned (grey) press allowed" if rules.grey else "") + (
        "; you read the private messages" if rules.gm_reads_private else ""
    )
    flash(f"{said}{extra}.", "ok")
    return _back(caller)


@route(bp, "/announce", "post", auth="gm")
def announce(game_id: str, caller: Caller) -> BaseResponse:
    text = request.form.get("text", "")
    if (too_long := pressbounds.too_long(text)) is not None:  # said, never cut without a word
        flash(f"Not sent: {too_long}.", "error")
        return _back(caller)
    try:
        press.send(database(), game_id, GM, PressIn(to=[EVERYONE], text=text or " "))
    except GameError as error:
        flash(f"Not sent: {error}.", "error")
    else:
        flash("Announcement sent to every power.", "ok")
    return _back(caller)


@route(bp, "/press.json", auth="gm")
def press_json(game_id: str, caller: Caller) -> Response:
    """A page of the press the GM reads (``conversation``, ``after``, ``before``, ``limit``); marks nothing."""
    return pressreading.press_page(game_id, GM)


@route(bp, "/press/seen", "post", auth="gm")
def press_seen(game_id: str, caller: Caller) -> BaseResponse:
    """The messages that have been on the GM's screen: read now (JSON from the script; a form without it)."""
    return pressreading.mark_seen(game_id, GM) or _back(caller, request.form.get("talk"))


def _back(caller: Caller, talk: str | None = None) -> BaseResponse:
    url = url_for("gm.page", game_id=caller.game_id, token=caller.token, talk=talk or None, _anchor="press")
    return redirect(url, code=303)
