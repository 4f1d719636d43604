"""The Discord table's rows: which channel plays which game, and which Discord user plays which power.

Read on every interaction (a channel's game, then the user's power), written by the few actions of
:mod:`web.table.discord` inside the game's own transaction, so a binding and its line in the GM's log
are kept or lost together.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from web.storage.models import DiscordChannelRow, DiscordPlayerRow
from web.storage.tokens import GM

__all__ = [
    "Bound",
    "Table",
    "bind",
    "channel_of",
    "forget_role",
    "game_in",
    "link",
    "players",
    "power_of",
    "set_mentions",
    "unbind",
    "unlink",
]


@dataclass(frozen=True)
class Table:
    """A game's Discord channel: where it is, who linked it, and whether its posts mention the players."""

    game_id: str
    channel_id: str
    guild_id: str | None
    gm_user: str | None
    mentions: bool


@dataclass(frozen=True)
class Bound:
    """A Discord user bound to a power."""

    power: str
    user_id: str
    name: str


def _table(row: DiscordChannelRow) -> Table:
    return Table(row.game_id, row.channel_id, row.guild_id, row.gm_user, row.mentions)


def game_in(session: Session, channel_id: str) -> Table | None:
    """The game played in a channel, if any."""
    row = session.get(DiscordChannelRow, channel_id)
    return _table(row) if row is not None else None


def channel_of(session: Session, game_id: str) -> Table | None:
    """The channel a game is played in, if any."""
    row = session.scalars(select(DiscordChannelRow).where(DiscordChannelRow.game_id == game_id)).one_or_none()
    return _table(row) if row is not None else None


def players(session: Session, game_id: str) -> list[Bound]:
    """The game's bound users, by power."""
    query = select(DiscordPlayerRow).where(DiscordPlayerRow.game_id == game_id).order_by(DiscordPlayerRow.power)
    return [Bound(r.power, r.user_id, r.name) for r in session.scalars(query)]


def power_of(session: Session, game_id: str, user_id: str) -> str | None:
    """The power the user plays in the game, if any."""
    query = select(DiscordPlayerRow.power).where(
        DiscordPlayerRow.game_id == game_id, DiscordPlayerRow.user_id == user_id
    )
    return session.scalars(query).one_or_none()


def link(session: Session, table: Table, now: datetime) -> None:
    """Make ``table`` the game's channel: the game's earlier channel, and the channel's earlier game, let go."""
    session.execute(delete(DiscordChannelRow).where(DiscordChannelRow.game_id == table.game_id))
    session.execute(delete(DiscordChannelRow).where(DiscordChannelRow.channel_id == table.channel_id))
    session.flush()
    session.add(
        DiscordChannelRow(
            channel_id=table.channel_id,
            game_id=table.game_id,
            guild_id=table.guild_id,
            gm_user=table.gm_user,
            mentions=table.mentions,
            linked=now,
        )
    )


def unlink(session: Session, game_id: str) -> bool:
    """Let the game's channel go; whether it had one."""
    row = session.scalars(select(DiscordChannelRow).where(DiscordChannelRow.game_id == game_id)).one_or_none()
    if row is not None:
        session.delete(row)
    return row is not None


def set_mentions(session: Session, game_id: str, mentions: bool) -> bool:
    """Whether the channel's posts mention the players; False when the game has no channel."""
    row = session.scalars(select(DiscordChannelRow).where(DiscordChannelRow.game_id == game_id)).one_or_none()
    if row is None:
        return False
    row.mentions = mentions
    return True


def bind(session: Session, game_id: str, bound: Bound, now: datetime) -> list[Bound]:
    """Bind the user to the power: the power's earlier user, and the user's earlier power, let go (returned)."""
    query = select(DiscordPlayerRow).where(
        DiscordPlayerRow.game_id == game_id,
        (DiscordPlayerRow.power == bound.power) | (DiscordPlayerRow.user_id == bound.user_id),
    )
    earlier = list(session.scalars(query))
    for row in earlier:
        session.delete(row)
    session.flush()
    session.add(
        DiscordPlayerRow(game_id=game_id, power=bound.power, user_id=bound.user_id, name=bound.name, joined=now)
    )
    return [Bound(r.power, r.user_id, r.name) for r in earlier]


def unbind(session: Session, game_id: str, power: str) -> bool:
    """Let the power's user go; whether it had one."""
    query = select(DiscordPlayerRow).where(DiscordPlayerRow.game_id == game_id, DiscordPlayerRow.power == power)
    row = session.scalars(query).one_or_none()
    if row is not None:
        session.delete(row)
    return row is not None


def forget_role(session: Session, game_id: str, role: str) -> None:
    """A role's link was renewed: its Discord user (the power's player, or the GM who linked the channel) goes."""
    if role != GM:
        unbind(session, game_id, role)
        return
    row = session.scalars(select(DiscordChannelRow).where(DiscordChannelRow.game_id == game_id)).one_or_none()
    if row is not None:
        row.gm_user = None
