"""The GM's page, reached by the GM's secret link.

Submissions, orders sent by email, adjudication, deadline, rollback, the results post.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from web import actions, present, store
from web.access import require
from web.db import database
from web.schemas import DeadlineIn, MailIn
from web.tokens import GM
from web.views.forms import form_model, form_version
from web.views.home import links

__all__ = ["bp"]

bp = Blueprint("gm", __name__, url_prefix="/games/<game_id>/gm/<token>")


@bp.get("")
def page(game_id: str, token: str) -> str:
    require(game_id, token, "gm")
    snapshot = store.load(database(), game_id)
    return render_template("gm/page.html", view=present.gm_out(snapshot), token=token, now=store.utcnow())


@bp.post("/mail")
def mail(game_id: str, token: str) -> str:
    """Orders a power sent by email, pasted by the GM: the page again, with every line's verdict."""
    require(game_id, token, "gm")
    request_ = MailIn(
        text=request.form.get("text", ""), power=request.form.get("power") or None, merge="merge" in request.form
    )
    out = actions.read_mail(database(), game_id, request_)
    snapshot = store.load(database(), game_id)
    return render_template(
        "gm/page.html",
        view=present.gm_out(snapshot),
        token=token,
        now=store.utcnow(),
        mail=out,
        mail_text=request_.text,
        mail_power=request_.power,
        mail_merge=request_.merge,
    )


@bp.post("/adjudicate")
def adjudicate(game_id: str, token: str) -> BaseResponse:
    require(game_id, token, "gm")
    index = actions.adjudicate(database(), game_id, form_version())
    flash(f"Adjudicated: the report is below (phase {index + 1} of the history).", "ok")
    return _back(game_id, token)


@bp.post("/rollback")
def rollback(game_id: str, token: str) -> BaseResponse:
    require(game_id, token, "gm")
    phase = actions.rollback(database(), game_id, form_version())
    flash(f"Rolled back: {phase} is open again, with the orders it had.", "ok")
    return _back(game_id, token)


@bp.post("/deadline")
def deadline(game_id: str, token: str) -> BaseResponse:
    require(game_id, token, "gm")
    request_ = form_model(DeadlineIn)
    if "clear" in request.form:
        request_ = request_.model_copy(update={"hours_from_now": None, "at": None})
    when = actions.set_deadline(database(), game_id, request_)
    flash(f"Deadline: {when:%Y-%m-%d %H:%M} UTC." if when else "No deadline: adjudicate by hand.", "ok")
    return _back(game_id, token)


@bp.post("/link")
def new_link(game_id: str, token: str) -> str:
    require(game_id, token, "gm")
    role = request.form.get("role", "")
    snapshot = store.load(database(), game_id)
    if role != GM and role not in snapshot.board.power_names:
        abort(400, f"no power '{role}' in this game")
    fresh = store.reset_token(database(), game_id, role)
    link = links(game_id, {role: fresh})[role]
    return render_template("gm/link.html", role=role, link=link, back=url_for("gm.page", game_id=game_id, token=token))


def _back(game_id: str, token: str) -> BaseResponse:
    return redirect(url_for("gm.page", game_id=game_id, token=token), code=303)
