"""The page an invitation mail links to: the owner of an address agrees to a game's mail, or declines it.

The link's code is the invitation's alone (the site keeps its SHA-256); it names no game link and gives no
power. A GET only shows the question (a mail scanner that opens every link agrees to nothing); the answer is a
form's POST.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from outbox import named
from web.storage import store
from web.storage.db import database
from web.table import outgoing

__all__ = ["bp", "invitation_link"]

bp = Blueprint("consent", __name__, url_prefix="/mail")
_UNKNOWN = "This invitation is not known here (or its game was deleted)."


@bp.get("/agree/<code>")
def page(code: str) -> str:
    answer = outgoing.consent_of(database(), code)
    if answer is None:
        abort(404, _UNKNOWN)
    return render_template("consent.html", answer=answer, game_name=named(store.load(database(), answer.game_id).name))


@bp.post("/agree/<code>")
def reply(code: str) -> BaseResponse:
    agree = request.form.get("answer") == "agree"
    answer = outgoing.answer(database(), code, agree, store.utcnow())
    if answer is None:
        abort(404, _UNKNOWN)
    flash("Thank you: this game's mail will come to you." if agree else "Done: this game will not mail you.", "ok")
    return redirect(url_for("consent.page", code=code), code=303)


def invitation_link(code: str) -> str:
    """The page where an address's owner answers a game's invitation to its mail (in a request: its address)."""
    return url_for("consent.page", code=code, _external=True)
