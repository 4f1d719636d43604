"""The tables: games, the links' token hashes, and this phase's submissions.

The schema is made and changed by migrations (``web/storage/migrations/``, run by
``sengoku db upgrade``), never by ``create_all``: a change here needs a new
migration, and ``tests/web/test_migrations.py`` fails until it has one.

A game's whole state (position, history, votes) is one JSON document, the
engine's :class:`~game.state.GameState`, with a version that goes up
on every change. Orders are *not* kept in it while a phase is open: each
power's orders are a row of their own, keyed by (game, phase number, power),
so two players saving at the same moment write different rows and never
overwrite each other; so is the mark of a power whose latest message had
every line refused.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "Base",
    "DiscordChannelRow",
    "DiscordPlayerRow",
    "GameRow",
    "InvitationRow",
    "MailConsentRow",
    "MessageRow",
    "OutboundRow",
    "PowerMark",
    "PressReadRow",
    "PressSeenRow",
    "PushSentRow",
    "PushSubscriptionRow",
    "ReadyRow",
    "RefusalRow",
    "SiteSettingRow",
    "SubmissionRow",
    "TokenRow",
]


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    variant: Mapped[str] = mapped_column(String(40))
    state: Mapped[str] = mapped_column(Text, doc="GameState JSON, with no orders in it")
    version: Mapped[int] = mapped_column(Integer, default=1)
    created: Mapped[datetime] = mapped_column(DateTime)
    deadline: Mapped[datetime | None] = mapped_column(DateTime, nullable=True, index=True, doc="UTC, naive")
    movement_hours: Mapped[int | None] = mapped_column(Integer, nullable=True)
    other_hours: Mapped[int | None] = mapped_column(Integer, nullable=True)
    listed: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false(), doc="shown on the front page (the GM's choice)"
    )
    next_due: Mapped[datetime | None] = mapped_column(
        DateTime,
        nullable=True,
        index=True,
        doc="UTC, naive: when the deadline job next has work for it (web/storage/due.py)",
    )


class TokenRow(Base):
    """One secret link: its role (``gm`` or a power's name) and the SHA-256 of its token."""

    __tablename__ = "tokens"
    __table_args__ = (UniqueConstraint("game_id", "role"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(40))
    digest: Mapped[str] = mapped_column(String(64))


class SubmissionRow(Base):
    """A power's accepted orders for one phase, as a JSON list of orders."""

    __tablename__ = "submissions"
    __table_args__ = (UniqueConstraint("game_id", "phase_index", "power"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    phase_index: Mapped[int] = mapped_column(Integer, doc="how many phases had been adjudicated")
    power: Mapped[str] = mapped_column(String(40))
    orders: Mapped[str] = mapped_column(Text)
    updated: Mapped[datetime] = mapped_column(DateTime)


class PowerMark:
    """A mark one power sets for one phase, in a table of its own (a row per game, phase and power)."""

    __table_args__ = (UniqueConstraint("game_id", "phase_index", "power"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    phase_index: Mapped[int] = mapped_column(Integer, doc="how many phases had been adjudicated")
    power: Mapped[str] = mapped_column(String(40))
    updated: Mapped[datetime] = mapped_column(DateTime)


class RefusalRow(PowerMark, Base):
    """A power whose latest message this phase had every line refused (its earlier orders, if any, stand).

    Its own table, written by the power's save alone like a submission row,
    so that saves never need the game row's lock (migration 0003).
    """

    __tablename__ = "refusals"


class ReadyRow(PowerMark, Base):
    """A power that says it is done with this phase ("ready"); cleared when its orders change.

    A row of its own, written by the power alone (like a submission), so that saying "ready" never waits
    for the game row's exclusive lock (migration 0004).
    """

    __tablename__ = "ready"


class MessageRow(Base):
    """One press message: who sent it (a power or the GM), to whom (JSON: ``["*"]`` for everyone), in which phase."""

    __tablename__ = "messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    phase_index: Mapped[int] = mapped_column(Integer, doc="how many phases had been adjudicated when it was sent")
    phase: Mapped[str] = mapped_column(String(40))
    sender: Mapped[str] = mapped_column(String(40))
    recipients: Mapped[str] = mapped_column(Text, doc='JSON list of powers, or ["*"]')
    anonymous: Mapped[bool] = mapped_column(Boolean, default=False)
    text: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime)


class PressReadRow(Base):
    """How far a reader (a power, or the GM) has read the game's press, and been mailed it."""

    __tablename__ = "press_reads"
    __table_args__ = (UniqueConstraint("game_id", "reader"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    reader: Mapped[str] = mapped_column(String(40))
    read_id: Mapped[int] = mapped_column(
        Integer, default=0, doc="every message id up to this one is read (later ones: PressSeenRow)"
    )
    mailed_id: Mapped[int] = mapped_column(Integer, default=0, doc="the last message id mailed to this reader")


class DiscordChannelRow(Base):
    """The Discord channel a game is played in (one each way): where its slash commands act (migration 0005)."""

    __tablename__ = "discord_channels"

    channel_id: Mapped[str] = mapped_column(String(24), primary_key=True, doc="Discord's snowflake, as text")
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), unique=True)
    guild_id: Mapped[str | None] = mapped_column(String(24), nullable=True)
    gm_user: Mapped[str | None] = mapped_column(String(24), nullable=True, doc="the Discord user who linked it")
    mentions: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false(), doc="the channel's posts mention the players who owe orders"
    )
    linked: Mapped[datetime] = mapped_column(DateTime)


class DiscordPlayerRow(Base):
    """A Discord user bound to a power of a game with that power's own link: the user acts for it alone."""

    __tablename__ = "discord_players"
    __table_args__ = (UniqueConstraint("game_id", "power"), UniqueConstraint("game_id", "user_id"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    power: Mapped[str] = mapped_column(String(40))
    user_id: Mapped[str] = mapped_column(String(24))
    name: Mapped[str] = mapped_column(String(80), doc="the user's name in Discord when they joined (for the GM)")
    joined: Mapped[datetime] = mapped_column(DateTime)


class SiteSettingRow(Base):
    """One of the operator's settings (``create_games``: who may create games); migration 0006."""

    __tablename__ = "site_settings"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class InvitationRow(Base):
    """An invitation code the operator handed out (its SHA-256 only), good for ``uses_left`` more games."""

    __tablename__ = "invitations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    uses_left: Mapped[int] = mapped_column(Integer)
    note: Mapped[str] = mapped_column(String(200), doc="whom it was for: the operator's words")
    made: Mapped[datetime] = mapped_column(DateTime)


class MailConsentRow(Base):
    """An address in a game's address book, and whether its owner agreed to the game's mail (one invitation,
    then nothing until it is answered)."""

    __tablename__ = "mail_consents"
    __table_args__ = (UniqueConstraint("game_id", "address"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    address: Mapped[str] = mapped_column(
        String(320), index=True, doc="lower case (indexed: invitations are counted by address across games)"
    )
    power: Mapped[str] = mapped_column(String(40))
    digest: Mapped[str] = mapped_column(String(64), unique=True, doc="of the invitation's link token")
    invited: Mapped[datetime | None] = mapped_column(DateTime, nullable=True, doc="when the invitation went")
    answered: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    agreed: Mapped[bool] = mapped_column(Boolean, default=False)


class OutboundRow(Base):
    """One mail, webhook post or Discord answer shown to a channel a game made (``kind`` mail, webhook or discord):
    the quotas and the operator count them."""

    __tablename__ = "outbound_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(10))
    address: Mapped[str] = mapped_column(String(320), doc="a mail's address, a webhook's host")
    sent: Mapped[datetime] = mapped_column(DateTime, index=True)


class PressSeenRow(Base):
    """One message a reader has had on screen (or opened), above its ``read_id``: read marks are set only when
    a message was seen, in any order (a conversation read before another), never by loading a page."""

    __tablename__ = "press_seen"
    __table_args__ = (UniqueConstraint("game_id", "reader", "message_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    reader: Mapped[str] = mapped_column(String(40))
    message_id: Mapped[int] = mapped_column(ForeignKey("messages.id", ondelete="CASCADE"))


class PushSubscriptionRow(Base):
    """A browser's Web Push subscription for one power's link: where to push (its endpoint, on a push service)
    and the keys to encrypt for it (RFC 8291), with the events it wants (JSON list)."""

    __tablename__ = "push_subscriptions"
    __table_args__ = (UniqueConstraint("game_id", "power", "endpoint"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    power: Mapped[str] = mapped_column(String(40))
    link: Mapped[str] = mapped_column(
        String(64), doc="the digest of the link it came through: once the GM gives the power a new link, it goes"
    )
    endpoint: Mapped[str] = mapped_column(String(1024))
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    events: Mapped[str] = mapped_column(Text, doc='JSON list: "phase", "press", "reminder"')
    created: Mapped[datetime] = mapped_column(DateTime)


class PushSentRow(Base):
    """One event pushed to one subscription: written before the push goes, so each event goes once."""

    __tablename__ = "push_sent"
    __table_args__ = (UniqueConstraint("subscription_id", "event"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    subscription_id: Mapped[int] = mapped_column(ForeignKey("push_subscriptions.id", ondelete="CASCADE"), index=True)
    event: Mapped[str] = mapped_column(String(80))
    at: Mapped[datetime] = mapped_column(DateTime)
