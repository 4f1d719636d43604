"""The GM's page, reached by the GM's secret link.

Submissions, orders sent by email, adjudication, deadline, rollback, the results post, mail.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from adjudicator.game import GameError
from outbox import SmtpSettings
from post import FORMATS, render
from web import actions, mailer, posting, present, store
from web.access import require
from web.db import database
from web.schemas import DeadlineIn, InboxIn, MailOut, MailSettingsIn
from web.tokens import GM
from web.views.forms import form_model, form_version
from web.views.home import links
from web.views.postformat import post_format

__all__ = ["bp"]

bp = Blueprint("gm", __name__, url_prefix="/games/<game_id>/gm/<token>")


@bp.get("")
def page(game_id: str, token: str) -> str:
    require(game_id, token, "gm")
    snapshot = store.load(database(), game_id)
    fmt = post_format()
    view = present.gm_out(snapshot, mail_ready=_smtp() is not None)
    post = posting.phase_post(snapshot, -1, fmt) if snapshot.state.history else None
    return render_template(
        "gm/page.html", view=view, token=token, now=store.utcnow(), post=post, formats=FORMATS, fmt=fmt
    )


@bp.get("/preview")
def preview(game_id: str, token: str) -> str:
    """The post adjudicating now would give, from the orders saved so far; nothing changes."""
    require(game_id, token, "gm")
    snapshot = store.load(database(), game_id)
    if snapshot.state.result.over:
        abort(409, f"the game is over: {snapshot.state.result.describe()}")
    fmt = post_format()
    text = render(posting.preview_post(snapshot), fmt)
    return render_template(
        "gm/preview.html", game=present.game_out(snapshot), token=token, post=text, formats=FORMATS, fmt=fmt
    )


@bp.post("/inbox")
def inbox(game_id: str, token: str) -> str:
    """Orders a power sent by email, pasted by the GM: the page again, with every line's verdict."""
    require(game_id, token, "gm")
    request_ = InboxIn(
        text=request.form.get("text", ""), power=request.form.get("power") or None, merge="merge" in request.form
    )
    out = actions.read_inbox(database(), game_id, request_)
    snapshot = store.load(database(), game_id)
    fmt = post_format()
    post = posting.phase_post(snapshot, -1, fmt) if snapshot.state.history else None
    return render_template(
        "gm/page.html",
        view=present.gm_out(snapshot, mail_ready=_smtp() is not None),
        token=token,
        now=store.utcnow(),
        post=post,
        formats=FORMATS,
        fmt=fmt,
        inbox=out,
        inbox_text=request_.text,
        inbox_power=request_.power,
        inbox_merge=request_.merge,
    )


@bp.post("/adjudicate")
def adjudicate(game_id: str, token: str) -> BaseResponse:
    require(game_id, token, "gm")
    index = actions.adjudicate(database(), game_id, form_version())
    flash(f"Adjudicated: the report is below (phase {index + 1} of the history).", "ok")
    mailed = mailer.after_adjudication(database(), game_id, _smtp())
    if mailed is not None:
        _flash_mail(mailed, "results")
    return _back(game_id, token)


@bp.post("/mail-settings")
def mail_settings(game_id: str, token: str) -> BaseResponse:
    require(game_id, token, "gm")
    board = store.load(database(), game_id).board
    addresses = {p: request.form.get(f"addresses-{p}", "").replace(",", " ").split() for p in board.power_names}
    settings = MailSettingsIn(mail_results="mail_results" in request.form, addresses=addresses)
    try:
        mailer.set_mail_settings(database(), game_id, settings)
    except GameError as error:  # a mistyped address: say which, keep the book as it was
        flash(f"Nothing saved: {error}.", "error")
    else:
        flash("Mail settings saved.", "ok")
    return _back(game_id, token)


@bp.post("/mail")
def mail(game_id: str, token: str) -> BaseResponse:
    require(game_id, token, "gm")
    what = request.form.get("what", "")
    if what not in ("results", "reminder", "links"):
        abort(400, "send results, reminder or links")
    settings = _smtp()
    if settings is None:
        abort(409, "this site cannot send mail: its SMTP server is not set up (SENGOKU_SMTP_HOST, SENGOKU_SMTP_FROM)")
    _flash_mail(mailer.mail(database(), game_id, what, settings, _link_for(game_id)), what)
    return _back(game_id, token)


@bp.post("/rollback")
def rollback(game_id: str, token: str) -> BaseResponse:
    require(game_id, token, "gm")
    phase = actions.rollback(database(), game_id, form_version())
    flash(f"Rolled back: {phase} is open again, with the orders it had.", "ok")
    return _back(game_id, token)


@bp.post("/clear")
def clear(game_id: str, token: str) -> BaseResponse:
    """Forget one power's stored orders (a paste read into the wrong power, orders a player withdraws)."""
    require(game_id, token, "gm")
    power = _power(game_id)
    count = actions.clear_orders(database(), game_id, power)
    cleared = f"Cleared {power}'s {count} stored order{'' if count == 1 else 's'}."
    flash(cleared if count else f"{power} had no orders stored.", "ok")
    return _back(game_id, token)


@bp.post("/concession")
def withdraw_concession(game_id: str, token: str) -> BaseResponse:
    """A power takes its concession back (recorded by mistake; a game concessions ended goes on)."""
    require(game_id, token, "gm")
    power = _power(game_id)
    result = actions.withdraw_concession(database(), game_id, power)
    flash(f"{power} withdraws its concession. {result.describe()}", "ok")
    return _back(game_id, token)


def _power(game_id: str) -> str:
    power = request.form.get("power", "")
    if power not in store.load(database(), game_id).board.power_names:
        abort(400, f"no power '{power}' in this game")
    return power


@bp.post("/deadline")
def deadline(game_id: str, token: str) -> BaseResponse:
    require(game_id, token, "gm")
    request_ = form_model(DeadlineIn)
    if "clear" in request.form:
        request_ = request_.model_copy(update={"hours_from_now": None, "at": None})
    when = actions.set_deadline(database(), game_id, request_)
    flash(f"Deadline: {when:%Y-%m-%d %H:%M} UTC." if when else "No deadline: adjudicate by hand.", "ok")
    return _back(game_id, token)


@bp.post("/listing")
def listing(game_id: str, token: str) -> BaseResponse:
    require(game_id, token, "gm")
    listed = actions.set_listed(database(), game_id, request.form.get("listed") == "yes")
    flash("Listed on the front page." if listed else "Not listed: only the links lead to this game.", "ok")
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


def _smtp() -> SmtpSettings | None:
    return mailer.smtp_settings(current_app.config)


def _link_for(game_id: str) -> Callable[[str, str], str]:
    """Makes a power's full link from a new token (the mailer makes the token; only the view knows the URL)."""
    return lambda power, token: links(game_id, {power: token})[power]


def _flash_mail(out: MailOut, what: str) -> None:
    if out.sent:
        flash(f"Mailed the {what} to {len(out.sent)} address{'es' if len(out.sent) != 1 else ''}.", "ok")
    for failure in out.failed:
        flash(f"Not mailed to {failure}. Send again to retry only what did not go.", "error")
    if out.unaddressed:
        flash("No address for " + ", ".join(out.unaddressed) + ": tell them another way.", "error")
    if not out.sent and not out.failed:
        flash(f"Nothing to mail: the {what} went out before." if out.already else "Nothing to mail.", "ok")


def _back(game_id: str, token: str) -> BaseResponse:
    return redirect(url_for("gm.page", game_id=game_id, token=token), code=303)
