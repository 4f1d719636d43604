"""The tables as the site made them before migrations: games, tokens, submissions.

A database made by those versions (``create_all`` on start) has exactly
these tables and no ``alembic_version``: ``sengoku db upgrade`` stamps it
with this revision instead of running it, then goes on from here.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("deadline", sa.DateTime(), nullable=True),
        sa.Column("movement_hours", sa.Integer(), nullable=True),
        sa.Column("other_hours", sa.Integer(), nullable=True),
    )
    op.create_table(
        "tokens",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("role", sa.String(40), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.UniqueConstraint("game_id", "role"),
    )
    op.create_index("ix_tokens_game_id", "tokens", ["game_id"])
    op.create_table(
        "submissions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("phase_index", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(40), nullable=False),
        sa.Column("orders", sa.Text(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("game_id", "phase_index", "power"),
    )
    op.create_index("ix_submissions_game_id", "submissions", ["game_id"])


def downgrade() -> None:
    op.drop_table("submissions")
    op.drop_table("tokens")
    op.drop_table("games")
