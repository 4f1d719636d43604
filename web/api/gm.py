"""The GM's JSON API: the GM's token in ``Authorization: Bearer``."""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app

from game.press import GM as THE_GM
from post import render
from web.access.callers import Caller
from web.api.openapi import operation
from web.api.presspage import PRESS_QUERY, press_page
from web.api.public import reply
from web.pages import present
from web.pages.consent import invitation_link
from web.pages.home import links
from web.pages.postformat import FORMAT_QUERY, post_format
from web.play import actions, posting
from web.schemas.bodies import (
    DeadlineIn,
    GameOut,
    GmOut,
    LinkOut,
    ListingIn,
    MailIn,
    MailOut,
    MailSettingsIn,
    NewLinkIn,
    PhaseOut,
    PreviewOut,
    VersionIn,
)
from web.schemas.orders import InboxIn, InboxOut
from web.schemas.table import (
    ChannelIn,
    ChannelPostIn,
    ChannelPostOut,
    EarlyIn,
    ExtendIn,
    MessageOut,
    PauseIn,
    PressIn,
    PressOut,
    PressRulesIn,
    PressSeenIn,
    PressSeenOut,
    RemindersIn,
)
from web.storage import store
from web.storage.db import database
from web.storage.tokens import GM
from web.table import chat, mailer, pausing, press, pressread, push, readiness

__all__ = ["bp"]

bp = Blueprint("api_gm", __name__, url_prefix="/api/games/<game_id>")


def _overview(game_id: str) -> tuple[Response, int]:
    """The GM's overview, the answer of every GM setting: the game as it stands now."""
    ready = mailer.smtp_settings(current_app.config) is not None
    return reply(present.gm_out(store.load(database(), game_id), mail_ready=ready))


@operation(
    bp, "/gm", "get", "Everything the GM sees: every power's orders, votes, the last report", response=GmOut, auth="gm"
)
def overview(game_id: str, caller: Caller) -> tuple[Response, int]:
    return _overview(game_id)


@operation(
    bp,
    "/preview",
    "get",
    "The post adjudicating now would give, from the orders saved so far; nothing changes",
    response=PreviewOut,
    auth="gm",
    query=FORMAT_QUERY,
)
def preview(game_id: str, caller: Caller) -> tuple[Response, int]:
    fmt = post_format()
    snapshot = store.load(database(), game_id)
    if snapshot.state.result.over:
        abort(409, f"the game is over: {snapshot.state.result.describe()}")
    post = posting.preview_post(snapshot)
    return reply(PreviewOut(phase=post.phase, format=fmt, text=render(post, fmt), post=post))


@operation(
    bp,
    "/inbox",
    "post",
    "Read orders a power sent by email (a pasted mail or post), as the command line reads them",
    body=InboxIn,
    response=InboxOut,
    auth="gm",
)
def inbox(game_id: str, caller: Caller, body: InboxIn) -> tuple[Response, int]:
    return reply(actions.read_inbox(database(), game_id, body, by=caller.source))


@operation(
    bp,
    "/adjudicate",
    "post",
    "Adjudicate the open phase now; the answer is its report",
    body=VersionIn,
    response=PhaseOut,
    auth="gm",
)
def adjudicate(game_id: str, caller: Caller, body: VersionIn) -> tuple[Response, int]:
    index = actions.adjudicate(database(), game_id, body.version, by=caller.source)
    push.after_adjudication(database(), game_id)
    mailer.after_adjudication(database(), game_id, mailer.smtp_settings(current_app.config))
    chat.after_adjudication(database(), game_id)
    return reply(present.phase_out(store.load(database(), game_id), index))


@operation(
    bp,
    "/pause",
    "post",
    "Pause the game (its deadline waits, with what was left kept) or resume it",
    body=PauseIn,
    response=GameOut,
    auth="gm",
)
def pause(game_id: str, caller: Caller, body: PauseIn) -> tuple[Response, int]:
    pausing.set_paused(database(), game_id, body, by=caller.source)
    return reply(present.game_out(store.load(database(), game_id)))


@operation(
    bp,
    "/extend",
    "post",
    "Give the open phase more time (hours added to its deadline)",
    body=ExtendIn,
    response=GameOut,
    auth="gm",
)
def extend(game_id: str, caller: Caller, body: ExtendIn) -> tuple[Response, int]:
    pausing.extend(database(), game_id, body, by=caller.source)
    return reply(present.game_out(store.load(database(), game_id)))


@operation(
    bp,
    "/early",
    "put",
    "Whether the phase is adjudicated as soon as every power with something to order is ready",
    body=EarlyIn,
    response=GmOut,
    auth="gm",
)
def early(game_id: str, caller: Caller, body: EarlyIn) -> tuple[Response, int]:
    readiness.set_early(database(), game_id, body, by=caller.source)
    return _overview(game_id)


@operation(
    bp,
    "/reminders",
    "put",
    "The hours before each deadline at which the site reminds the powers that still owe orders, by mail and in the "
    "chat channel (once a phase each)",
    body=RemindersIn,
    response=GmOut,
    auth="gm",
)
def reminders(game_id: str, caller: Caller, body: RemindersIn) -> tuple[Response, int]:
    actions.set_reminders(database(), game_id, body, by=caller.source)
    return _overview(game_id)


@operation(
    bp,
    "/channel",
    "put",
    "The chat channel (a Discord or Slack webhook; an empty url keeps the one set) and whether results go there "
    "after each adjudication. The address is never sent back: the answer shows its host",
    body=ChannelIn,
    response=GmOut,
    auth="gm",
)
def channel(game_id: str, caller: Caller, body: ChannelIn) -> tuple[Response, int]:
    chat.set_channel(database(), game_id, body, by=caller.source)
    return _overview(game_id)


@operation(
    bp,
    "/channel/post",
    "post",
    "Post the last results (with the map on Discord) or a notice that the open phase takes orders, to the channel",
    body=ChannelPostIn,
    response=ChannelPostOut,
    auth="gm",
)
def channel_post(game_id: str, caller: Caller, body: ChannelPostIn) -> tuple[Response, int]:
    out = chat.post(database(), game_id, body.what)
    return reply(out, 200 if out.failure is None else 502)


@operation(
    bp,
    "/mail",
    "post",
    "Mail the players the last results post, a reminder (the powers that still owe orders), or new secret links",
    body=MailIn,
    response=MailOut,
    auth="gm",
)
def mail(game_id: str, caller: Caller, body: MailIn) -> tuple[Response, int]:
    what = body.what
    settings = mailer.smtp_settings(current_app.config)
    if settings is None:
        abort(409, "this site cannot send mail: its SMTP server is not set up (SENGOKU_SMTP_HOST, SENGOKU_SMTP_FROM)")
    link_for = lambda power, token: links(game_id, {power: token})[power]  # noqa: E731
    out = mailer.mail(database(), game_id, what, settings, link_for, body.power)
    return reply(out, 200 if not out.failed else 502)


@operation(
    bp,
    "/mail-settings",
    "put",
    "The address book (power -> addresses) and whether results are mailed after each adjudication",
    body=MailSettingsIn,
    response=GmOut,
    auth="gm",
)
def mail_settings(game_id: str, caller: Caller, body: MailSettingsIn) -> tuple[Response, int]:
    settings = mailer.smtp_settings(current_app.config)
    mailer.set_mail_settings(database(), game_id, body, by=caller.source, settings=settings, invite=invitation_link)
    return _overview(game_id)


@operation(bp, "/rollback", "post", "Undo the last adjudication", body=VersionIn, response=GameOut, auth="gm")
def rollback(game_id: str, caller: Caller, body: VersionIn) -> tuple[Response, int]:
    actions.rollback(database(), game_id, body.version, by=caller.source)
    push.after_rollback(database(), game_id)
    return reply(present.game_out(store.load(database(), game_id)))


@operation(
    bp,
    "/deadline",
    "put",
    "Set or clear the deadline and the deadline rule",
    body=DeadlineIn,
    response=GameOut,
    auth="gm",
)
def deadline(game_id: str, caller: Caller, body: DeadlineIn) -> tuple[Response, int]:
    actions.set_deadline(database(), game_id, body, by=caller.source)
    return reply(present.game_out(store.load(database(), game_id)))


@operation(
    bp,
    "/listing",
    "put",
    "List the game on the front page, or take it off (a new game is unlisted unless created listed)",
    body=ListingIn,
    response=GmOut,
    auth="gm",
)
def listing(game_id: str, caller: Caller, body: ListingIn) -> tuple[Response, int]:
    actions.set_listed(database(), game_id, body.listed)
    return reply(present.gm_out(store.load(database(), game_id)))


@operation(
    bp,
    "/links",
    "post",
    "A new secret link for a power (or the GM); the old one stops working",
    body=NewLinkIn,
    response=LinkOut,
    auth="gm",
)
def new_link(game_id: str, caller: Caller, body: NewLinkIn) -> tuple[Response, int]:
    role = body.role
    if role != GM and role not in store.load(database(), game_id).board.power_names:
        abort(400, f"no power '{role}' in this game")
    token = store.reset_token(database(), game_id, role)
    return reply(LinkOut(role=role, token=token, link=links(game_id, {role: token})[role]))


@operation(
    bp,
    "/press-rules",
    "put",
    "What press the game allows: none, public only or private too; unsigned (grey) press; whether the GM reads "
    "private messages",
    body=PressRulesIn,
    response=PressOut,
    auth="gm",
)
def press_rules(game_id: str, caller: Caller, body: PressRulesIn) -> tuple[Response, int]:
    press.set_rules(database(), game_id, body, by=caller.source)
    return reply(pressread.read(database(), game_id, THE_GM))


@operation(
    bp,
    "/gm/press",
    "get",
    "The press the GM may read (public messages and announcements; private ones if the game lets the GM read "
    "them): its conversations, and a page of messages, oldest first; marks nothing as read",
    response=PressOut,
    auth="gm",
    query=PRESS_QUERY,
)
def gm_press(game_id: str, caller: Caller) -> tuple[Response, int]:
    return reply(press_page(THE_GM, game_id))


@operation(
    bp,
    "/gm/press/seen",
    "put",
    "Mark messages the GM has seen as read (the others stay unread)",
    body=PressSeenIn,
    response=PressSeenOut,
    auth="gm",
)
def gm_press_seen(game_id: str, caller: Caller, body: PressSeenIn) -> tuple[Response, int]:
    return reply(pressread.mark_seen(database(), game_id, THE_GM, body.ids))


@operation(
    bp,
    "/announcements",
    "post",
    'An announcement from the GM to everyone (the "to" field must be ["*"])',
    body=PressIn,
    response=MessageOut,
    auth="gm",
    status=201,
)
def announce(game_id: str, caller: Caller, body: PressIn) -> tuple[Response, int]:
    return reply(press.send(database(), game_id, THE_GM, body), 201)
