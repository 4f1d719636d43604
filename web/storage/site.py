"""The site as its operator runs it: who may create games, the invitation codes, and every game with what it sent.

Any visitor who may create a game is a GM, with a GM's reach: mail to the
addresses that agreed to it and posts to a chat channel (both bounded:
web/table/outgoing.py). So the operator chooses who may create games
(:data:`POLICIES`): anyone, anyone with an invitation code the operator
handed out, or the operator only. The default (:func:`default_policy`) is
*anyone* on a site that listens on loopback (a private machine) and
*invited* on one that serves other machines (``sengoku serve --host
0.0.0.0``): there the site is a stranger's to use, and its mail server's
reputation is the operator's. The operator sees each game with its mail
and webhook volume, and can close a game (its links stop working, its
deadline is cleared) and reopen it (a new GM link, handed to the operator).
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from sqlalchemy import case, func, select, update

from web.storage import store, tokens
from web.storage.db import Database
from web.storage.models import GameRow, InvitationRow, OutboundRow, SiteSettingRow, TokenRow
from web.storage.store import Handle

__all__ = [
    "CLOSED",
    "POLICIES",
    "GameVolume",
    "Policy",
    "close",
    "default_policy",
    "games",
    "invite",
    "is_operator",
    "policy",
    "reopen",
    "set_policy",
    "use_invitation",
]

Policy = Literal["anyone", "invited", "operator"]
POLICIES: tuple[Policy, ...] = ("anyone", "invited", "operator")
CLOSED = "closed"
"""A closed game's token digests: no SHA-256 is this, so no link matches."""
_SETTING = "create_games"


def default_policy(public: bool) -> Policy:
    """``invited`` on a site serving other machines, ``anyone`` on one serving this machine alone."""
    return "invited" if public else "anyone"


def policy(db: Database, public: bool) -> Policy:
    """Who may create games: the operator's setting, else :func:`default_policy`."""
    with db.read() as session:
        chosen = session.get(SiteSettingRow, _SETTING)
    for known in POLICIES:
        if chosen is not None and chosen.value == known:
            return known
    return default_policy(public)


def set_policy(db: Database, chosen: Policy) -> Policy:
    if chosen not in POLICIES:
        raise ValueError(f"who may create games: one of {', '.join(POLICIES)}, not '{chosen}'")
    with db.write() as session:
        row = session.get(SiteSettingRow, _SETTING)
        if row is None:
            session.add(SiteSettingRow(name=_SETTING, value=chosen))
        else:
            row.value = chosen
    return chosen


def invite(db: Database, uses: int = 1, note: str = "") -> str:
    """A new invitation code good for ``uses`` games (shown once: the site keeps its SHA-256 only)."""
    if not 1 <= uses <= 1000:
        raise ValueError("an invitation is good for 1 to 1,000 games")
    code = secrets.token_urlsafe(12)
    with db.write() as session:
        session.add(InvitationRow(digest=tokens.digest(code), uses_left=uses, note=note[:200], made=store.utcnow()))
    return code


def use_invitation(db: Database, code: str) -> bool:
    """Spend one use of ``code``; False if it is no code, or used up (two games made at once cannot both take
    the last use: the decrement is conditional)."""
    if not code or len(code) > 100:
        return False
    with db.write() as session:
        spent = session.execute(
            update(InvitationRow)
            .where(InvitationRow.digest == tokens.digest(code), InvitationRow.uses_left > 0)
            .values(uses_left=InvitationRow.uses_left - 1)
        )
        return bool(getattr(spent, "rowcount", 0))


def is_operator(given: str, configured: str | None) -> bool:
    """Whether ``given`` is the operator's token (compared in constant time); never with none configured."""
    return bool(configured) and bool(given) and hmac.compare_digest(given.encode(), str(configured).encode())


@dataclass(frozen=True)
class GameVolume:
    """One game as the operator sees it: what it is, and what it sent (mail and webhook posts)."""

    id: str
    name: str
    created: datetime
    closed: bool
    mail_day: int
    mail_total: int
    webhook_day: int
    webhook_total: int


def games(db: Database, now: datetime | None = None) -> list[GameVolume]:
    """Every game, newest first, with its mail and webhook posts in the last day and in all."""
    now = now or store.utcnow()
    day = now - timedelta(days=1)
    with db.read() as session:
        rows = session.execute(select(GameRow.id, GameRow.name, GameRow.created).order_by(GameRow.created.desc()))
        listed = list(rows)
        counts = session.execute(
            select(
                OutboundRow.game_id,
                OutboundRow.kind,
                func.count(),
                func.sum(case((OutboundRow.sent >= day, 1), else_=0)),
            ).group_by(OutboundRow.game_id, OutboundRow.kind)
        )
        volume = {(game_id, kind): (int(total), int(recent or 0)) for game_id, kind, total, recent in counts}
        shut = select(TokenRow.game_id).where(TokenRow.role == tokens.GM, TokenRow.digest == CLOSED)
        closed = set(session.scalars(shut))
    out = []
    for game_id, name, created in listed:
        mail, hooks = volume.get((game_id, "mail"), (0, 0)), volume.get((game_id, "webhook"), (0, 0))
        out.append(GameVolume(game_id, name, created, game_id in closed, mail[1], mail[0], hooks[1], hooks[0]))
    return out


def close(db: Database, game_id: str, now: datetime | None = None) -> None:
    """Close a game: every link stops working, its deadline is cleared, it leaves the front page (kept, to reopen)."""

    def act(handle: Handle) -> None:
        handle.row.deadline, handle.row.listed = None, False
        handle.game.record("closed by the site's operator", by="the site's operator", at=now or store.utcnow())

    store.change(db, game_id, act)
    with db.write() as session:
        session.execute(update(TokenRow).where(TokenRow.game_id == game_id).values(digest=CLOSED))


def reopen(db: Database, game_id: str) -> str:
    """Reopen a closed game: a new GM link (its token returned, for the operator to hand on); the GM then makes
    the players' links anew from the GM page."""
    token = store.reset_token(db, game_id, tokens.GM)

    def act(handle: Handle) -> None:
        handle.game.record("reopened by the site's operator", by="the site's operator", at=store.utcnow())

    store.change(db, game_id, act)
    return token
