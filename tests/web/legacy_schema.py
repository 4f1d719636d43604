"""The tables exactly as ``create_all`` made them before migrations (web/storage/models.py at commit 9698e9d).

A database started by those versions has these tables and no
``alembic_version``; the migration tests make one to upgrade.
"""

from __future__ import annotations

from sqlalchemy import Column, DateTime, ForeignKey, Integer, MetaData, String, Table, Text, UniqueConstraint

LEGACY = MetaData()

Table(
    "games",
    LEGACY,
    Column("id", String(16), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("variant", String(40), nullable=False),
    Column("state", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("created", DateTime, nullable=False),
    Column("deadline", DateTime, nullable=True),
    Column("movement_hours", Integer, nullable=True),
    Column("other_hours", Integer, nullable=True),
)
Table(
    "tokens",
    LEGACY,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), index=True, nullable=False),
    Column("role", String(40), nullable=False),
    Column("digest", String(64), nullable=False),
    UniqueConstraint("game_id", "role"),
)
Table(
    "submissions",
    LEGACY,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), index=True, nullable=False),
    Column("phase_index", Integer, nullable=False),
    Column("power", String(40), nullable=False),
    Column("orders", Text, nullable=False),
    Column("updated", DateTime, nullable=False),
    UniqueConstraint("game_id", "phase_index", "power"),
)
