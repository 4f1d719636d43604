"""The JSON models of the players' table: press, "ready", the GM's clock and reminders, the chat channel, and
the page's pulse. Kept apart from :mod:`web.schemas.bodies` (the game, orders and the GM's turn), which they extend.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from web.schemas.bodies import UtcTime, _In

__all__ = [
    "ChannelIn",
    "ChannelPostIn",
    "ChannelPostOut",
    "EarlyIn",
    "ExtendIn",
    "MessageOut",
    "PauseIn",
    "PressIn",
    "PressMailIn",
    "PressOut",
    "PressRulesIn",
    "PulseOut",
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
    phase: str
    sender: str = Field(description="a power, 'GM', or 'Anonymous' (grey press; the GM sees who)")
    to: list[str] = Field(description="the powers it is for, or ['everyone']")
    text: str
    sent: UtcTime
    mine: bool
    unread: bool


class PressOut(BaseModel):
    kind: Literal["none", "public", "private"]
    grey: bool
    gm_reads_private: bool
    can_send: bool
    why_not: str | None = Field(description="why this reader cannot write now (no press, out of the game)")
    recipients: list[str] = Field(description="the powers this reader may write to privately")
    messages: list[MessageOut]
    unread: int = Field(description="messages not read before this answer")
    mail: bool = Field(description="new messages are mailed to this power's addresses (batched)")


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
