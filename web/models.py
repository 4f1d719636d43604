"""The tables: games, the links' token hashes, and this phase's submissions.

A game's whole state (position, history, votes) is one JSON document, the
engine's :class:`~adjudicator.state.GameState`, with a version that goes up
on every change. Orders are *not* kept in it while a phase is open: each
power's orders are a row of their own, keyed by (game, phase number, power),
so two players saving at the same moment write different rows and never
overwrite each other; so is the mark of a power whose latest message had
every line refused.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Base", "GameRow", "RefusalRow", "SubmissionRow", "TokenRow"]


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
    deadline: Mapped[datetime | None] = mapped_column(DateTime, nullable=True, doc="UTC, naive")
    movement_hours: Mapped[int | None] = mapped_column(Integer, nullable=True)
    other_hours: Mapped[int | None] = mapped_column(Integer, nullable=True)


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


class RefusalRow(Base):
    """A power whose latest message this phase had every line refused (its earlier orders, if any, stand).

    Its own table, written by the power's save alone like a submission row,
    so that saves never need the game row's lock (and older databases gain it
    on start, as a new table).
    """

    __tablename__ = "refusals"
    __table_args__ = (UniqueConstraint("game_id", "phase_index", "power"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    phase_index: Mapped[int] = mapped_column(Integer, doc="how many phases had been adjudicated")
    power: Mapped[str] = mapped_column(String(40))
    updated: Mapped[datetime] = mapped_column(DateTime)
