"""Who is asking: the role a secret link's token gives, checked on every request that needs one."""

from __future__ import annotations

from typing import Literal

from flask import abort, g, request

from web.storage import store
from web.storage.db import database
from web.storage.tokens import GM

__all__ = ["bearer_token", "require"]

_BAD_LINK = "This link is not valid for this game. Ask the GM for your link."


def require(game_id: str, token: str, want: Literal["gm", "power"]) -> str:
    """The token's role (``gm`` or the power); 404 for an unknown game, 403 for a wrong link."""
    if not token or len(token) > 100:
        abort(403, _BAD_LINK)
    asked: dict[tuple[str, str], str | None] = g.setdefault("sengoku_roles", {})
    if (game_id, token) not in asked:  # a declared check and the view's own ask the database once
        asked[(game_id, token)] = store.role_of(database(), game_id, token)
    role = asked[(game_id, token)]
    if role is None:
        abort(403, _BAD_LINK)
    if want == "gm" and role != GM:
        abort(403, "Only the GM's link can do this.")
    if want == "power" and role == GM:
        abort(403, "This is the GM's link; a player's page needs that power's link.")
    return role


def bearer_token() -> str:
    """The token of an ``Authorization: Bearer <token>`` header (401 without one)."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        abort(401, "send the link's token as 'Authorization: Bearer <token>'")
    return token.strip()
