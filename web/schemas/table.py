"""The JSON models of the players' table: press, "ready", the GM's clock and reminders, the chat channel, and
the page's pulse. Kept apart from :mod:`web.schemas.bodies` (the game, orders and the GM's turn), which they extend.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from web.schemas.bodies import UtcTime, _In

__all__ = [
    "ChannelIn",
    "ChannelPostIn",
    "ChannelPostOut",
    "ConversationOut",
    "EarlyIn",
    "ExtendIn",
    "MessageOut",
    "PauseIn",
    "PressIn",
    "PressMailIn",
    "PressQueryIn",
    "PressOut",
    "PressRulesIn",
    "PressSeenIn",
    "PressSeenOut",
    "PulseOut",
    "PushIn",
    "PushOffIn",
    "PushOut",
    "ReadyIn",
    "ReadyOut",
    "RemindersIn",
]


class RemindersIn(_In):
    """When the site reminds the powers without orders by itself, in hours before the deadline."""

    hours: list[Annotated[int, Field(ge=1, le=7 * 24)]] = Field(
        default_factory=list, max_length=5, description="e.g. [24, 2]; empty: no automatic reminders"
    )


class ReadyIn(_In):
    ready: bool = Field(description="true: this power is done with the phase; false: not (yet)")
    phase: str | None = Field(
        default=None, description="the phase the player means, e.g. 'Spring 1570 movement'; refused (409) if not open"
    )


class ReadyOut(BaseModel):
    phase: str
    ready: bool = Field(description="this power is ready")
    ready_powers: list[str] = Field(description="every power ready now")
    waiting_for: list[str] = Field(description="the powers with something to order that are not ready")
    early: bool = Field(description="the phase is adjudicated as soon as nobody is waited for (the GM's choice)")
    adjudicating: bool = Field(description="everyone was ready: the phase is being adjudicated now")
    paused: bool = Field(
        default=False, description="the GM has paused the game: with everyone ready, the phase ends when it resumes"
    )


class EarlyIn(_In):
    when_all_ready: bool = Field(description="adjudicate as soon as every power with something to order is ready")


class PressIn(_In):
    to: list[str] = Field(
        min_length=1, max_length=20, description='the powers the message is for, or ["*"] for everyone (public)'
    )
    text: str = Field(min_length=1, max_length=4000)
    anonymous: bool = Field(default=False, description="unsigned (grey press), where the GM allows it")


class MessageOut(BaseModel):
    id: int
    conversation: str = Field(description="the conversation it belongs to (ConversationOut.key)")
    phase: str
    sender: str = Field(description="a power, 'GM', or 'Anonymous' (grey press; the GM sees who)")
    to: list[str] = Field(description="the powers it is for, or ['everyone']")
    text: str
    sent: UtcTime
    mine: bool
    unread: bool


class ConversationOut(BaseModel):
    """The messages between one set of correspondents, as this reader sees them."""

    key: str = Field(
        description="'public', 'gm' (the GM's announcements), the powers of a private group joined "
        "by commas (e.g. 'Oda,Takeda'), or 'unsigned:' and its recipients (grey press to this reader)"
    )
    title: str = Field(description="who it is with, in words")
    to: list[str] = Field(description="who a reply goes to: ['*'] (everyone) or the other powers; empty: no reply")
    why_not: str | None = Field(default=None, description="why this reader cannot reply here, if it cannot")
    messages: int = Field(description="how many messages it holds")
    unread: int = Field(description="how many of them this reader has not seen")
    last_id: int = Field(description="the id of its newest message")


class PressOut(BaseModel):
    kind: Literal["none", "public", "private"]
    grey: bool
    gm_reads_private: bool
    can_send: bool
    why_not: str | None = Field(description="why this reader cannot write now (no press, out of the game)")
    recipients: list[str] = Field(description="the powers this reader may write to privately")
    conversations: list[ConversationOut] = Field(description="every conversation, the latest first")
    conversation: str | None = Field(description="the conversation the messages are from (None: all of them)")
    messages: list[MessageOut] = Field(description="oldest first: the newest page, or the page asked for")
    earlier: bool = Field(description="there are older messages than the first of these (ask with before=)")
    later: bool = Field(description="there are newer messages than the last of these (ask with after=)")
    last_id: int = Field(description="the newest message this reader may read (0: none): a cursor for after=")
    unread: int = Field(description="messages this reader has not seen, in every conversation")
    mail: bool = Field(description="new messages are mailed to this power's addresses (batched)")
    mail_possible: bool = Field(
        default=False, description="the site can mail (it has an SMTP server) and the GM has an address for the power"
    )


class PressQueryIn(_In):
    """Which messages to read (the query of press.json and GET /press): a page, never everything at once."""

    conversation: str | None = Field(default=None, max_length=400, description="one conversation's key only")
    after: int | None = Field(default=None, ge=0, description="the messages over this id (a tab's cursor)")
    before: int | None = Field(default=None, ge=1, description="the newest messages under this id (older ones)")
    limit: int = Field(default=30, ge=1, le=200, description="at most so many messages")


class PressSeenIn(_In):
    ids: list[Annotated[int, Field(ge=1)]] = Field(
        min_length=1, max_length=500, description="the messages that have been on this reader's screen"
    )


class PressSeenOut(BaseModel):
    unread: int = Field(description="messages this reader has still not seen, in every conversation")
    conversations: dict[str, int] = Field(description="unread messages per conversation (only those with some)")


class PressRulesIn(_In):
    kind: Literal["none", "public", "private"]
    grey: bool = False
    gm_reads_private: bool = False


class PressMailIn(_In):
    mail: bool = Field(description="mail new messages to this power's addresses, a few at a time")


class PulseOut(BaseModel):
    version: int = Field(description="the game's version (it moves when the GM acts or the phase moves)")
    phase: str
    adjudicated: int = Field(description="how many phases have been adjudicated")
    unread: int = Field(description="press messages this reader has not read")
    press_id: int = Field(default=0, description="the newest press message this reader may read (0: none)")


class PauseIn(_In):
    paused: bool = Field(description="true: stop the clock (the deadline waits); false: start it again")


class ExtendIn(_In):
    hours: float = Field(gt=0, le=24 * 30, description="hours added to the open phase's deadline")


class ChannelIn(_In):
    url: str = Field(
        default="",
        max_length=2048,
        description="the webhook's address (Discord's or Slack's); empty keeps the one set. Never sent back",
    )
    flavour: Literal["discord", "slack"] | None = Field(
        default=None, description="the webhook's format, for a host other than Discord's or Slack's"
    )
    post_results: bool = Field(default=False, description="post each adjudication's results there by itself")
    forget: bool = Field(default=False, description="forget the webhook")


class ChannelPostIn(_In):
    what: Literal["results", "notice"] = Field(
        description="the last results post (with the map on Discord), or a notice that the open phase takes orders"
    )


class ChannelPostOut(BaseModel):
    channel: str = Field(description="where it went, e.g. 'Discord webhook on discord.com' (never the address)")
    what: str
    sent: int = Field(description="messages the channel took")
    total: int = Field(description="messages in the post (a long post is cut to the channel's limit)")
    failure: str | None = Field(default=None, description="why the post stopped, if it did")
    notes: list[str] = Field(default_factory=list, description="e.g. a map the channel could not take")


class PushKeysIn(_In):
    p256dh: str = Field(max_length=128, description="the browser's public key (base64url)")
    auth: str = Field(max_length=64, description="the browser's authentication secret (base64url)")


class PushSubscriptionIn(_In):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)  # PushSubscription.toJSON() has more

    endpoint: str = Field(max_length=1024, description="the push service's address for this browser")
    keys: PushKeysIn


class PushIn(_In):
    """A browser's push subscription (``PushSubscription.toJSON()``) and the events it wants."""

    subscription: PushSubscriptionIn
    events: list[Literal["phase", "press", "reminder"]] = Field(
        max_length=3,
        description="phase: a new phase and the results; press: a message to this power; "
        "reminder: before a deadline, when no orders are saved",
    )


class PushOffIn(_In):
    endpoint: str = Field(max_length=1024)


class PushOut(BaseModel):
    devices: list[list[str]] = Field(description="the events each of this power's subscribed browsers wants")
