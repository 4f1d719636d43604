"""The site's operator's API (``Authorization: Bearer $SENGOKU_OPERATOR_TOKEN``): who may create games,
invitation codes, and every game with its mail and webhook volume, to close or reopen.

The same as ``sengoku site`` on the site's machine (cli/site.py), for an operator elsewhere.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, url_for

from web.access.callers import Caller
from web.api.openapi import operation
from web.api.public import reply
from web.schemas.site import (
    GameVolumeOut,
    InvitationIn,
    InvitationOut,
    ReopenedOut,
    SiteGamesOut,
    SiteIn,
    SiteOut,
)
from web.storage import site
from web.storage.db import database
from web.table import outgoing

__all__ = ["bp"]

bp = Blueprint("api_site", __name__, url_prefix="/api/site")


def _settings() -> SiteOut:
    public = bool(current_app.config.get("PUBLIC_SITE"))
    quotas = outgoing.quotas()
    return SiteOut(
        create_games=site.policy(database(), public),
        public=public,
        mail_per_hour=quotas.site_per_hour,
        game_mail_per_hour=quotas.game_per_hour,
        game_addresses=quotas.game_addresses,
    )


@operation(
    bp, "", "get", "The site's settings: who may create games, and the mail quotas", response=SiteOut, auth="operator"
)
def settings(caller: Caller) -> tuple[Response, int]:
    return reply(_settings())


@operation(bp, "", "put", "Who may create games", body=SiteIn, response=SiteOut, auth="operator")
def set_settings(caller: Caller, body: SiteIn) -> tuple[Response, int]:
    site.set_policy(database(), body.create_games)
    return reply(_settings())


@operation(
    bp,
    "/invitations",
    "post",
    "A new invitation code",
    body=InvitationIn,
    response=InvitationOut,
    auth="operator",
    status=201,
)
def invitation(caller: Caller, body: InvitationIn) -> tuple[Response, int]:
    return reply(InvitationOut(code=site.invite(database(), body.uses, body.note), uses=body.uses), 201)


@operation(bp, "/games", "get", "Every game, with its mail and webhook posts", response=SiteGamesOut, auth="operator")
def games(caller: Caller) -> tuple[Response, int]:
    return _games()


def _games() -> tuple[Response, int]:
    listed = [GameVolumeOut.model_validate(game, from_attributes=True) for game in site.games(database())]
    return reply(SiteGamesOut(games=listed))


@operation(
    bp, "/games/<game_id>/close", "post", "Close a game: its links stop working", response=SiteGamesOut, auth="operator"
)
def close(game_id: str, caller: Caller) -> tuple[Response, int]:
    site.close(database(), game_id)
    return _games()


@operation(
    bp, "/games/<game_id>/reopen", "post", "Reopen a closed game: a new GM link", response=ReopenedOut, auth="operator"
)
def reopen(game_id: str, caller: Caller) -> tuple[Response, int]:
    token = site.reopen(database(), game_id)
    link = url_for("gm.page", game_id=game_id, token=token, _external=True)
    return reply(ReopenedOut(gm_token=token, gm_link=link))
