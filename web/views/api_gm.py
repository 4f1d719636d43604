"""The GM's JSON API: the GM's token in ``Authorization: Bearer``."""

from __future__ import annotations

from flask import Blueprint, Response, abort

from web import actions, present, store
from web.access import bearer_token, require
from web.db import database
from web.openapi import operation
from web.schemas import DeadlineIn, GameOut, GmOut, LinkOut, MailIn, MailOut, NewLinkIn, PhaseOut, VersionIn
from web.tokens import GM
from web.views.api import body, reply
from web.views.home import links

__all__ = ["bp"]

bp = Blueprint("api_gm", __name__, url_prefix="/api/games/<game_id>")


def _gm(game_id: str) -> None:
    require(game_id, bearer_token(), "gm")


@operation(
    bp, "/gm", "get", "Everything the GM sees: every power's orders, votes, the last report", response=GmOut, auth="gm"
)
def overview(game_id: str) -> tuple[Response, int]:
    _gm(game_id)
    return reply(present.gm_out(store.load(database(), game_id)))


@operation(
    bp,
    "/mail",
    "post",
    "Read orders a power sent by email (a pasted mail or post), as the command line reads them",
    body=MailIn,
    response=MailOut,
    auth="gm",
)
def mail(game_id: str) -> tuple[Response, int]:
    _gm(game_id)
    return reply(actions.read_mail(database(), game_id, body(MailIn)))


@operation(
    bp,
    "/adjudicate",
    "post",
    "Adjudicate the open phase now; the answer is its report",
    body=VersionIn,
    response=PhaseOut,
    auth="gm",
)
def adjudicate(game_id: str) -> tuple[Response, int]:
    _gm(game_id)
    index = actions.adjudicate(database(), game_id, body(VersionIn).version)
    return reply(present.phase_out(store.load(database(), game_id), index))


@operation(bp, "/rollback", "post", "Undo the last adjudication", body=VersionIn, response=GameOut, auth="gm")
def rollback(game_id: str) -> tuple[Response, int]:
    _gm(game_id)
    actions.rollback(database(), game_id, body(VersionIn).version)
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
def deadline(game_id: str) -> tuple[Response, int]:
    _gm(game_id)
    actions.set_deadline(database(), game_id, body(DeadlineIn))
    return reply(present.game_out(store.load(database(), game_id)))


@operation(
    bp,
    "/links",
    "post",
    "A new secret link for a power (or the GM); the old one stops working",
    body=NewLinkIn,
    response=LinkOut,
    auth="gm",
)
def new_link(game_id: str) -> tuple[Response, int]:
    _gm(game_id)
    role = body(NewLinkIn).role
    if role != GM and role not in store.load(database(), game_id).board.power_names:
        abort(400, f"no power '{role}' in this game")
    token = store.reset_token(database(), game_id, role)
    return reply(LinkOut(role=role, token=token, link=links(game_id, {role: token})[role]))
