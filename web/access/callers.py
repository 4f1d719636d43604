"""Who is asking: the caller a secret link's token names (the GM or one power), checked before a view runs.

A route declares who may call it (``auth="power"``, ``auth="gm"``, or ``auth="operator"`` for the site's
operator, see :mod:`web.access.declared`); the view then receives the :class:`Caller` and never asks the
database for the role again.

A route may also declare that its view confirms the link itself, in a statement it makes anyway (``remembered``:
a save, whose one read fetches the power's link beside its orders, :mod:`web.storage.saving`; the player's page,
whose read of its game does the same, :mod:`web.storage.pagerows`). Its caller's role
then comes from this process's memory of the links it has checked (no query), and the caller carries the token's
digest for the view to confirm: a link the GM replaced is refused there (:func:`refused` forgets it). No other
route ever receives a caller that was not checked against the database.
"""

from __future__ import annotations

from typing import Literal, NoReturn

import msgspec
from flask import abort, current_app, g, request

from web.storage import site, store
from web.storage.db import Database, database
from web.storage.kept import SharedLRU
from web.storage.tokens import GM, digest, match_digest

__all__ = [
    "OPERATOR",
    "Auth",
    "Caller",
    "bearer_token",
    "looked_up",
    "refused",
    "remembered",
    "require",
    "require_operator",
]

Auth = Literal["power", "gm", "operator"]
OPERATOR = "operator"
"""The role of the site's operator (no game's: the whole site's)."""
_BAD_LINK = "This link is not valid for this game. Ask the GM for your link."


class Caller(msgspec.Struct, frozen=True):
    """The game, the link's token (pages build their own links from it) and the role it gives."""

    game_id: str
    token: str
    role: str
    source: str = "web"
    """Where the request came from, for the game's log: "web", "API", "Discord"."""
    unconfirmed: str | None = None
    """The token's digest when the role came from this process's memory: the view must confirm it (see above)."""

    @property
    def is_gm(self) -> bool:
        return self.role == GM

    @property
    def power(self) -> str:
        """The power this caller acts for (a GM caller has none: a declared ``auth="power"`` never gives one)."""
        if self.is_gm:
            raise ValueError("the GM's link acts for no power")
        return self.role


def require(game_id: str, token: str, want: Auth, source: str = "web", remembered: bool = False) -> Caller:
    """The caller a token names; 404 for an unknown game, 403 for a wrong link or the wrong role.

    ``remembered``: the view confirms the link itself (see above), so a role this process remembers will do.
    """
    if not token or len(token) > 100:
        abort(403, _BAD_LINK)
    key = (game_id, digest(token))
    role = _ROLES.peek(key) if remembered else None
    if role is not None:
        return _caller(Caller(game_id, token, role, source, unconfirmed=key[1]), want)
    asked: dict[tuple[str, str], str | None] = g.setdefault("sengoku_roles", {})
    if (game_id, token) not in asked:  # asked once a request, however many parts of it need the caller
        asked[(game_id, token)] = _asked(database(), game_id, key[1])
    role = asked[(game_id, token)]
    if role is None:
        abort(403, _BAD_LINK)
    _ROLES.put(key, role)
    return _caller(Caller(game_id, token, role, source), want)


def remembered(game_id: str, token: str) -> Caller | None:
    """The power a token names, if this process remembers its link (no query, no request needed), with the
    token's digest to confirm (``unconfirmed``); None for a token it does not remember, or the GM's."""
    if not token or len(token) > 100:
        return None
    key = (game_id, digest(token))
    role = _ROLES.peek(key)
    if role is None or role == GM:
        return None
    return Caller(game_id, token, role, "API", unconfirmed=key[1])


def looked_up(db: Database, game_id: str, token: str) -> Caller | None:
    """The power a token names, asked of the database (one statement, no request needed) and remembered from
    then on, with the token's digest to confirm as :func:`remembered` gives it (the save's statement confirms it
    again, so a link the GM replaces in between is still refused); None for the GM's link, a wrong one or an
    unknown game: the request is then Flask's, which answers (and counts a wrong link) as ever."""
    if not token or len(token) > 100:
        return None
    key = (game_id, digest(token))
    try:
        role = _asked(db, game_id, key[1])
    except store.NotFound:
        return None
    if role is None or role == GM:
        return None
    return Caller(game_id, token, role, "API", unconfirmed=key[1])


def _asked(db: Database, game_id: str, wanted: str) -> str | None:
    """The role whose link has the digest ``wanted``, asked of the database; every power's link of the game is
    remembered from then on, not just this one.

    A game's players come together: when it starts, each of them meets each worker once, and one statement
    apiece would make a first save cost two round trips. The statement reads the game's every link anyway, so
    a worker asks once a game. The GM's link is not remembered unasked (a replaced one would otherwise get
    "the GM's link" where "not valid" is the answer); a remembered role only serves a view that confirms it.
    """
    links = store.links_of(db, game_id)
    for role, stored in links:
        if role != GM:
            _ROLES.put((game_id, stored), role)
    return match_digest(wanted, links)


def _caller(caller: Caller, want: Auth) -> Caller:
    if want == "gm" and caller.role != GM:
        abort(403, "Only the GM's link can do this.")
    if want == "power" and caller.role == GM:
        abort(403, "This is the GM's link; a player's page needs that power's link.")
    return caller


def refused(caller: Caller) -> NoReturn:
    """The view found the link no longer the caller's (the GM replaced it): forgotten here, and a 403."""
    _ROLES.forget((caller.game_id, digest(caller.token)))
    abort(403, _BAD_LINK)


_ROLES = SharedLRU[tuple[str, str], str](16384)
"""Links this process has checked: (game, the token's digest) -> role. A token is random and names one role
for ever, or none once replaced: a remembered role is only used by a view that confirms the link."""


def require_operator(token: str, source: str = "API") -> Caller:
    """The site's operator (``SENGOKU_OPERATOR_TOKEN``): 403 for any other token, and on a site with none set."""
    configured = current_app.config.get("OPERATOR_TOKEN")
    if not configured:
        abort(403, "This site has no operator token (SENGOKU_OPERATOR_TOKEN): use 'sengoku site' on its machine.")
    if not site.is_operator(token, configured):
        abort(403, "Only the site's operator can do this.")
    return Caller("", "", OPERATOR, source)


def bearer_token() -> str:
    """The token of an ``Authorization: Bearer <token>`` header (401 without one)."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        abort(401, "send the link's token as 'Authorization: Bearer <token>'")
    return token.strip()
