"""A game's Discord table: the channel it is played in and the Discord users bound to its powers.

A GM links a channel with the game's GM link (in Discord, or from the GM page), and each player binds their
Discord user to their power with their own link; from then on a Discord user acts for that power alone, in the
game of that channel. Each action is given its :class:`~web.access.callers.Caller` (the GM, or the power whose
link was given), and each change is a line of the GM's log, written in the same transaction as the binding
(:func:`web.storage.store.change`), saying where it came from (the caller's source: "Discord", the GM page...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.orm import Session, object_session

from game.game import GameError
from web.access.callers import Caller
from web.play.actions import log_action
from web.storage import discordrows, store
from web.storage.db import Database
from web.storage.discordrows import Bound, Table
from web.storage.store import Handle

__all__ = [
    "Bound",
    "Table",
    "bind_player",
    "link_channel",
    "mentions_for",
    "players_of",
    "seat",
    "set_mentions",
    "table_of",
    "unbind_player",
    "unlink_channel",
]

T = TypeVar("T")


def seat(db: Database, channel_id: str, user_id: str) -> tuple[Table | None, str | None]:
    """The game played in the channel and the power the user plays in it (each None when there is none)."""
    with db.read() as session:
        table = discordrows.game_in(session, channel_id)
        power = discordrows.power_of(session, table.game_id, user_id) if table is not None else None
    return table, power


def table_of(db: Database, game_id: str) -> Table | None:
    with db.read() as session:
        return discordrows.channel_of(session, game_id)


def players_of(db: Database, game_id: str) -> list[Bound]:
    with db.read() as session:
        return discordrows.players(session, game_id)


def mentions_for(db: Database, game_id: str) -> dict[str, str]:
    """Each bound power's Discord user, when the GM turned mentions on for the game; else none."""
    with db.read() as session:
        table = discordrows.channel_of(session, game_id)
        if table is None or not table.mentions:
            return {}
        return {bound.power: bound.user_id for bound in discordrows.players(session, game_id)}


def _in_game(db: Database, game_id: str, act: Callable[[Handle, Session], T]) -> T:
    """``act`` under the game's lock, with the session that writes the game (bindings and log line as one)."""

    def run(handle: Handle) -> T:
        session = object_session(handle.row)
        assert session is not None  # the row was read in the game's transaction
        return act(handle, session)

    return store.change(db, game_id, run)


def link_channel(db: Database, caller: Caller, channel_id: str, guild_id: str | None, gm_user: str | None) -> Table:
    """The GM plays the game in the channel (a channel plays one game, a game is played in one channel);
    ``gm_user``: the Discord user who acts as the GM there (the one who gave the GM's link in Discord; from the
    GM page, none: the one already there stays)."""
    _gm(caller)
    if not channel_id.isdigit() or len(channel_id) > 24:
        raise GameError("a Discord channel ID is a number (in Discord: right-click the channel, Copy Channel ID)")
    game_id = caller.game_id

    def act(handle: Handle, session: Session) -> Table:
        before = discordrows.channel_of(session, game_id)
        mentions = before.mentions if before is not None else False
        same = before is not None and before.channel_id == channel_id
        kept = (before.guild_id, before.gm_user) if before is not None and same else (None, None)
        table = Table(game_id, channel_id, guild_id or kept[0], gm_user or kept[1], mentions)
        taken = discordrows.game_in(session, channel_id)
        if taken is not None and taken.game_id != game_id:
            raise GameError("that Discord channel plays another game: unlink it there first (/unlink)")
        discordrows.link(session, table, store.utcnow())
        moved = f" (was channel {before.channel_id})" if before is not None and before.channel_id != channel_id else ""
        log_action(handle, caller.source, f"Discord: the game is played in channel {channel_id}{moved}")
        return table

    return _in_game(db, game_id, act)


def unlink_channel(db: Database, caller: Caller) -> bool:
    """The GM stops playing the game in its channel (the players stay bound, for the next channel)."""
    _gm(caller)

    def act(handle: Handle, session: Session) -> bool:
        gone = discordrows.unlink(session, caller.game_id)
        if gone:
            log_action(handle, caller.source, "Discord: the channel was unlinked")
        return gone

    return _in_game(db, caller.game_id, act)


def bind_player(db: Database, caller: Caller, user_id: str, name: str) -> list[Bound]:
    """Bind a Discord user to the caller's power (the caller gave that power's own link); the bindings it
    replaced (the power's earlier user, the user's earlier power)."""
    bound = Bound(power=caller.power, user_id=user_id, name=name)

    def act(handle: Handle, session: Session) -> list[Bound]:
        replaced = discordrows.bind(session, caller.game_id, bound, store.utcnow())
        log_action(handle, caller.source, f"Discord: {bound.power} is played by {_who(bound)}")
        for earlier in replaced:
            if earlier.power != bound.power:
                log_action(handle, caller.source, f"Discord: {earlier.power} is no longer played by {_who(earlier)}")
        return replaced

    return _in_game(db, caller.game_id, act)


def unbind_player(db: Database, caller: Caller, power: str) -> bool:
    """Let a power's Discord user go: the GM any power's, a player its own."""
    if not caller.is_gm and caller.power != power:
        raise GameError("a player lets go of their own power only; the GM of any")

    def act(handle: Handle, session: Session) -> bool:
        gone = discordrows.unbind(session, caller.game_id, power)
        if gone:
            log_action(handle, caller.source, f"Discord: {power} is no longer bound to a Discord user")
        return gone

    return _in_game(db, caller.game_id, act)


def set_mentions(db: Database, caller: Caller, mentions: bool) -> None:
    """Whether the channel's posts mention the bound players who still owe orders (the GM's choice; off)."""
    _gm(caller)

    def act(handle: Handle, session: Session) -> None:
        if not discordrows.set_mentions(session, caller.game_id, mentions):
            raise GameError("the game is not played in a Discord channel: link one first")
        said = "mention" if mentions else "do not mention"
        log_action(handle, caller.source, f"Discord: the channel's posts {said} the players")

    _in_game(db, caller.game_id, act)


def _gm(caller: Caller) -> None:
    if not caller.is_gm:
        raise GameError("only the GM can do this")


def _who(bound: Bound) -> str:
    return f"Discord user {bound.name} ({bound.user_id})"
