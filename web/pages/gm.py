"""The GM's page, reached by the GM's secret link.

Submissions, orders sent by email, adjudication, deadline, rollback, the results post, mail.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from game.game import GameError
from game.press import GM as PRESS_GM
from outbox import SmtpSettings
from post import FORMATS, render
from web.access.callers import Caller
from web.pages import present
from web.pages.consent import invitation_link
from web.pages.forms import form_version
from web.pages.home import links
from web.pages.postformat import post_format
from web.pages.routes import route
from web.play import actions, mapview, posting
from web.schemas.bodies import DeadlineIn, MailOut, MailSettingsIn
from web.schemas.orders import InboxIn
from web.schemas.table import ChannelIn, ChannelPostOut, EarlyIn, ExtendIn, PauseIn, PressOut, RemindersIn
from web.storage import store
from web.storage.db import database
from web.storage.tokens import GM
from web.table import chat, mailer, pausing, pressread, push, readiness

__all__ = ["bp"]

bp = Blueprint("gm", __name__, url_prefix="/games/<game_id>/gm/<token>")


@route(bp, "", auth="gm")
def page(game_id: str, caller: Caller) -> str:
    snapshot = store.load(database(), game_id)
    fmt = post_format()
    view = present.gm_out(snapshot, mail_ready=_smtp() is not None)
    post = posting.phase_post(snapshot, -1, fmt) if snapshot.state.history else None
    return render_template(
        "gm/page.html",
        view=view,
        token=caller.token,
        now=store.utcnow(),
        post=post,
        formats=FORMATS,
        fmt=fmt,
        press=gm_press_view(snapshot),
        svg=_gm_map(snapshot),
    )


def gm_press_view(snapshot: store.Snapshot) -> PressOut:
    """The press panel as the GM's page first shows it: the conversation in ``?talk=``, if any."""
    talk = request.args.get("talk") or None
    return pressread.read(database(), snapshot.id, PRESS_GM, snapshot=snapshot, conversation=talk)


@route(bp, "/preview", auth="gm")
def preview(game_id: str, caller: Caller) -> str:
    """The post adjudicating now would give, from the orders saved so far; nothing changes."""
    snapshot = store.load(database(), game_id)
    if snapshot.state.result.over:
        abort(409, f"the game is over: {snapshot.state.result.describe()}")
    fmt = post_format()
    text = render(posting.preview_post(snapshot), fmt)
    return render_template(
        "gm/preview.html", game=present.game_out(snapshot), token=caller.token, post=text, formats=FORMATS, fmt=fmt
    )


@route(bp, "/inbox", "post", auth="gm")
def inbox(game_id: str, caller: Caller) -> str:
    """Orders a power sent by email, pasted by the GM: the page again, with every line's verdict."""
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
        token=caller.token,
        now=store.utcnow(),
        post=post,
        formats=FORMATS,
        fmt=fmt,
        press=gm_press_view(snapshot),
        svg=_gm_map(snapshot),
        inbox=out,
        inbox_text=request_.text,
        inbox_power=request_.power,
        inbox_merge=request_.merge,
    )


@route(bp, "/adjudicate", "post", auth="gm")
def adjudicate(game_id: str, caller: Caller) -> BaseResponse:
    index = actions.adjudicate(database(), game_id, form_version())
    push.after_adjudication(database(), game_id)
    flash(f"Adjudicated: the report is below (phase {index + 1} of the history).", "ok")
    mailed = mailer.after_adjudication(database(), game_id, _smtp())
    if mailed is not None:
        _flash_mail(mailed, "results")
    posted = chat.after_adjudication(database(), game_id)
    if posted is not None:
        _flash_channel(posted)
    return _back(caller)


@route(bp, "/channel", "post", auth="gm", form=ChannelIn)
def channel(game_id: str, caller: Caller, body: ChannelIn) -> BaseResponse:
    """The chat channel's webhook (kept, changed or forgotten) and whether results go there by themselves."""
    wanted = body
    try:
        chat.set_channel(database(), game_id, wanted, by=caller.source)
    except GameError as error:
        flash(f"Nothing saved: {error}.", "error")
    else:
        flash("Channel forgotten." if wanted.forget else "Channel settings saved.", "ok")
    return _back(caller)


@route(bp, "/channel/post", "post", auth="gm")
def channel_post(game_id: str, caller: Caller) -> BaseResponse:
    what = request.form.get("what", "")
    if what not in ("results", "notice"):
        abort(400, "post results or notice")
    _flash_channel(chat.post(database(), game_id, what))
    return _back(caller)


def _flash_channel(out: ChannelPostOut) -> None:
    for note in out.notes:
        flash(f"Note: {note}.", "error")
    if out.failure is None:
        flash(f"Posted {out.what} to the {out.channel} ({out.sent} message{'s' if out.sent != 1 else ''}).", "ok")
    else:
        flash(f"Not posted: {out.what}: {out.sent} of {out.total} messages went; then {out.failure}.", "error")


@route(bp, "/mail-settings", "post", auth="gm")
def mail_settings(game_id: str, caller: Caller) -> BaseResponse:
    board = store.load(database(), game_id).board
    addresses = {p: request.form.get(f"addresses-{p}", "").replace(",", " ").split() for p in board.power_names}
    settings = MailSettingsIn(mail_results="mail_results" in request.form, addresses=addresses)
    try:
        notes = mailer.set_mail_settings(database(), game_id, settings, settings=_smtp(), invite=invitation_link)
    except GameError as error:  # a mistyped address: say which, keep the book as it was
        flash(f"Nothing saved: {error}.", "error")
    else:
        flash("Mail settings saved.", "ok")
        for note in notes:
            flash(f"{note}.", "ok")
    return _back(caller)


@route(bp, "/mail-links", "post", auth="gm")
def mail_links(game_id: str, caller: Caller) -> BaseResponse:
    """From the new game's links page: keep the addresses given, then mail each of those players a link."""
    snapshot = store.load(database(), game_id)
    given = {p: request.form.get(f"addresses-{p}", "").replace(",", " ").split() for p in snapshot.board.power_names}
    book = {p: given[p] or list(snapshot.state.addresses.get(p, [])) for p in snapshot.board.power_names}
    settings_in = MailSettingsIn(mail_results=snapshot.state.mail_results, addresses=book)
    settings = _smtp()
    try:
        notes = mailer.set_mail_settings(database(), game_id, settings_in, settings=settings, invite=invitation_link)
    except GameError as error:
        flash(f"Nothing saved: {error}.", "error")
        return _back(caller)
    for note in notes:
        flash(f"{note}.", "ok")
    if settings is None:
        flash("Addresses kept, but this site cannot send mail (its SMTP server is not set up): send the links "
              "yourself.", "error")  # fmt: skip
        return _back(caller)
    _flash_mail(mailer.mail(database(), game_id, "links", settings, _link_for(game_id)), "links")
    return _back(caller)


@route(bp, "/mail", "post", auth="gm")
def mail(game_id: str, caller: Caller) -> BaseResponse:
    what = request.form.get("what", "")
    if what not in ("results", "reminder", "links"):
        abort(400, "send results, reminder or links")
    settings = _smtp()
    if settings is None:
        abort(409, "this site cannot send mail: its SMTP server is not set up (SENGOKU_SMTP_HOST, SENGOKU_SMTP_FROM)")
    power = request.form.get("power") or None if what == "links" else None
    try:
        _flash_mail(mailer.mail(database(), game_id, what, settings, _link_for(game_id), power), what)
    except GameError as error:
        flash(f"Not mailed: {error}.", "error")
    return _back(caller)


@route(bp, "/rollback", "post", auth="gm")
def rollback(game_id: str, caller: Caller) -> BaseResponse:
    phase = actions.rollback(database(), game_id, form_version())
    push.after_rollback(database(), game_id)
    flash(f"Rolled back: {phase} is open again, with the orders it had.", "ok")
    return _back(caller)


@route(bp, "/clear", "post", auth="gm")
def clear(game_id: str, caller: Caller) -> BaseResponse:
    """Forget one power's stored orders (a paste read into the wrong power, orders a player withdraws)."""
    power = _power(game_id)
    count = actions.clear_orders(database(), game_id, power)
    cleared = f"Cleared {power}'s {count} stored order{'' if count == 1 else 's'}."
    flash(cleared if count else f"{power} had no orders stored.", "ok")
    return _back(caller)


@route(bp, "/concession", "post", auth="gm")
def withdraw_concession(game_id: str, caller: Caller) -> BaseResponse:
    """A power takes its concession back (recorded by mistake; a game concessions ended goes on)."""
    power = _power(game_id)
    result = actions.withdraw_concession(database(), game_id, power)
    flash(f"{power} withdraws its concession. {result.describe()}", "ok")
    return _back(caller)


def _power(game_id: str) -> str:
    power = request.form.get("power", "")
    if power not in store.load(database(), game_id).board.power_names:
        abort(400, f"no power '{power}' in this game")
    return power


@route(bp, "/deadline", "post", auth="gm", form=DeadlineIn)
def deadline(game_id: str, caller: Caller, body: DeadlineIn) -> BaseResponse:
    request_ = body
    if "clear" in request.form:
        request_ = request_.model_copy(update={"hours_from_now": None, "at": None})
    when = actions.set_deadline(database(), game_id, request_)
    flash(f"Deadline: {when:%Y-%m-%d %H:%M} UTC." if when else "No deadline: adjudicate by hand.", "ok")
    return _back(caller)


@route(bp, "/reminders", "post", auth="gm")
def reminders(game_id: str, caller: Caller) -> BaseResponse:
    """The hours before each deadline at which the site reminds the powers that still owe orders, e.g. "24, 2"."""
    words = request.form.get("hours", "").replace(",", " ").split()
    if not all(word.isdigit() for word in words):
        flash("Nothing saved: give whole hours before the deadline, e.g. 24, 2.", "error")
        return _back(caller)
    hours = actions.set_reminders(database(), game_id, RemindersIn(hours=[int(word) for word in words]))
    said = ", ".join(f"{h} hour{'s' if h != 1 else ''}" for h in hours)
    flash(f"Reminders: {said} before each deadline." if hours else "No automatic reminders.", "ok")
    return _back(caller)


@route(bp, "/pause", "post", auth="gm")
def pause(game_id: str, caller: Caller) -> BaseResponse:
    """Stop the clock (the deadline waits, with what was left of it kept) or start it again."""
    paused = request.form.get("paused") == "yes"
    deadline = pausing.set_paused(database(), game_id, PauseIn(paused=paused))
    if paused:
        flash("Paused: no deadline runs until you resume; the players may still save orders.", "ok")
    else:
        flash(
            f"Resumed: the deadline is {deadline:%Y-%m-%d %H:%M} UTC." if deadline else "Resumed (no deadline).", "ok"
        )
    return _back(caller)


@route(bp, "/extend", "post", auth="gm")
def extend(game_id: str, caller: Caller) -> BaseResponse:
    hours = request.form.get("hours", "")
    try:
        wanted = ExtendIn(hours=float(hours))
    except ValueError:
        flash("Nothing changed: give the hours to add, e.g. 24.", "error")
        return _back(caller)
    try:
        deadline = pausing.extend(database(), game_id, wanted)
    except GameError as error:
        flash(f"Nothing changed: {error}.", "error")
        return _back(caller)
    when = f"{deadline:%Y-%m-%d %H:%M} UTC" if deadline else "later, once resumed"
    flash(f"Extended by {wanted.hours:g} hours: the deadline is {when}.", "ok")
    return _back(caller)


@route(bp, "/early", "post", auth="gm")
def early(game_id: str, caller: Caller) -> BaseResponse:
    """Whether the phase ends as soon as every power with something to order is ready."""
    wanted = EarlyIn(when_all_ready="when_all_ready" in request.form)
    now = readiness.set_early(database(), game_id, wanted)
    if now:
        flash("Every power is ready already: the phase is being adjudicated now.", "ok")
    elif wanted.when_all_ready:
        flash("The phase will be adjudicated as soon as every power with orders to give is ready.", "ok")
    else:
        flash("Phases end at their deadline (or when you adjudicate), whoever is ready.", "ok")
    return _back(caller)


@route(bp, "/listing", "post", auth="gm")
def listing(game_id: str, caller: Caller) -> BaseResponse:
    listed = actions.set_listed(database(), game_id, request.form.get("listed") == "yes")
    flash("Listed on the front page." if listed else "Not listed: only the links lead to this game.", "ok")
    return _back(caller)


@route(bp, "/link", "post", auth="gm")
def new_link(game_id: str, caller: Caller) -> str:
    role = request.form.get("role", "")
    snapshot = store.load(database(), game_id)
    if role != GM and role not in snapshot.board.power_names:
        abort(400, f"no power '{role}' in this game")
    fresh = store.reset_token(database(), game_id, role)
    link = links(game_id, {role: fresh})[role]
    back = url_for("gm.page", game_id=game_id, token=caller.token)
    return render_template("gm/link.html", role=role, link=link, back=back)


def _smtp() -> SmtpSettings | None:
    return mailer.smtp_settings(current_app.config)


def _link_for(game_id: str) -> Callable[[str, str], str]:
    """Makes a power's full link from a new token (the mailer makes the token; only the view knows the URL)."""
    return lambda power, token: links(game_id, {power: token})[power]


def _gm_map(snapshot: store.Snapshot) -> str:
    """The position with every power's saved orders drawn (the GM's eyes only), kept per game version and save."""
    orders = [(power, order) for power, given in snapshot.state.orders.items() for order in given]
    saves = ",".join(f"{p}:{t:%s%f}" for p, t in sorted(snapshot.submitted.items()))
    key = (snapshot.id, snapshot.version, f"gm {saves}")
    return mapview.cached(key, lambda: mapview.page_svg(snapshot.board, snapshot.state.position, orders=orders))


def _flash_mail(out: MailOut, what: str) -> None:
    if out.sent:
        flash(f"Mailed the {what} to {len(out.sent)} address{'es' if len(out.sent) != 1 else ''}.", "ok")
    for failure in out.failed:
        flash(f"Not mailed to {failure}. Send again to retry only what did not go.", "error")
    if out.unaddressed:
        flash("No address for " + ", ".join(out.unaddressed) + ": tell them another way.", "error")
    if not out.sent and not out.failed:
        flash(f"Nothing to mail: the {what} went out before." if out.already else "Nothing to mail.", "ok")


def _back(caller: Caller) -> BaseResponse:
    return redirect(url_for("gm.page", game_id=caller.game_id, token=caller.token), code=303)
