"""The ready mark: a power that says it is done with the open phase (its own table).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ready",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("phase_index", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(40), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("game_id", "phase_index", "power"),
    )
    op.create_index("ix_ready_game_id", "ready", ["game_id"])


def downgrade() -> None:
    op.drop_table("ready")
