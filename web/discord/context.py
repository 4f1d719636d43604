"""What a command is given (who asks, where, in which game, as which power) and what it answers.

A command returns one of the answers below and :mod:`web.discord.endpoint` turns it into Discord's
interaction response: a message (:class:`Say`), a box to fill in (:class:`Box`), "thinking..." finished by a
follow-up from a thread (:class:`Later`), or autocomplete choices (:class:`Choices`). :class:`Sorry` is a
refusal in one line, shown to the user alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from outbox.discord import Reply
from post.chat import discord_escape, split_messages
from post.words import deadline_text
from web.access.callers import Caller
from web.discord.payload import Interaction, User
from web.storage.db import Database
from web.storage.discordrows import Table
from web.storage.tokens import GM

__all__ = [
    "BY",
    "LIMIT",
    "Box",
    "Choices",
    "Context",
    "Later",
    "Say",
    "Sorry",
    "WrongLink",
    "deadline_line",
    "escape",
]

BY = "Discord"
"""Where a request came from (a :class:`Caller`'s ``source``): every line an action from Discord writes in the
game's log says it."""
LIMIT = 2000
"""Characters a Discord message holds; a longer answer goes on in follow-up messages."""


class Sorry(Exception):
    """A refusal, said to the user alone in one line (nothing was changed)."""


class WrongLink(Sorry):
    """A secret link that is not one: counted against the user as the site counts wrong links."""


@dataclass(frozen=True)
class Context:
    """One interaction: the user, the channel's game (``table``) and the power the user plays in it."""

    interaction: Interaction
    user: User
    db: Database
    table: Table | None
    power: str | None
    public_url: str = ""  # the site's address (a link to the map when a picture is too big)

    @property
    def game_id(self) -> str:
        if self.table is None:
            raise Sorry("No game is played in this channel: its GM links one with /link.")
        return self.table.game_id

    @property
    def caller(self) -> Caller:
        """The user acting for the power bound to them, in the channel's game (refused in a channel with no game,
        and to a user who plays none): the caller the web's actions are given, from Discord."""
        game_id = self.game_id  # a channel with no game is said first
        if self.power is None:
            raise Sorry("You play no power in this game: /join with your own player link first.")
        return Caller(game_id, "", self.power, BY)

    @property
    def gm(self) -> Caller:
        """The user acting as the game's GM: the user who linked the channel with the GM's link."""
        game_id = self.game_id
        if self.table is None or self.table.gm_user != self.user.id:
            raise Sorry("Only the GM who linked this channel can do that (or the GM page).")
        return Caller(game_id, "", GM, BY)

    @property
    def is_gm(self) -> bool:
        """The user linked the channel with the game's GM link."""
        return self.table is not None and self.table.gm_user == self.user.id


@dataclass(frozen=True)
class Say:
    """A message: to the user alone (``private``) or to the channel."""

    text: str
    private: bool = True

    def replies(self) -> list[Reply]:
        """The text cut to Discord's limit: the first is the answer, the others follow it."""
        return [Reply(part, self.private) for part in split_messages(self.text, LIMIT)] or [Reply("(nothing)")]


@dataclass(frozen=True)
class Box:
    """A modal with one text field; its submission comes back with ``custom_id``."""

    custom_id: str
    title: str
    label: str
    value: str = ""
    placeholder: str = ""
    long: bool = True
    required: bool = True


@dataclass(frozen=True)
class Later:
    """Discord shows "thinking..." at once; ``work`` (in a thread) makes the message that replaces it."""

    work: Callable[[], Reply]
    private: bool = True


@dataclass(frozen=True)
class Choices:
    """Autocomplete: (name shown, value sent), at most 25."""

    choices: list[tuple[str, str]] = field(default_factory=list)


def escape(text: str) -> str:
    """A user's or the game's text shown as itself in Discord (no markup read in it)."""
    return discord_escape(text)


def deadline_line(deadline: datetime | None) -> str:
    """The deadline in each reader's own time zone (Discord's timestamp markup), and in UTC words."""
    if deadline is None:
        return "No deadline."
    moment = deadline if deadline.tzinfo else deadline.replace(tzinfo=UTC)
    stamp = int(moment.timestamp())
    return f"Deadline: <t:{stamp}:F> (<t:{stamp}:R>; {deadline_text(moment)})."
