"""The players' table: the ready mark (a power done with the open phase) and press (messages, and how far each
reader has read them and been mailed them).

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
    op.create_table(
        "messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("phase_index", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(40), nullable=False),
        sa.Column("sender", sa.String(40), nullable=False),
        sa.Column("recipients", sa.Text(), nullable=False),
        sa.Column("anonymous", sa.Boolean(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_messages_game_id", "messages", ["game_id"])
    op.create_table(
        "press_reads",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("reader", sa.String(40), nullable=False),
        sa.Column("read_id", sa.Integer(), nullable=False),
        sa.Column("mailed_id", sa.Integer(), nullable=False),
        sa.UniqueConstraint("game_id", "reader"),
    )
    op.create_index("ix_press_reads_game_id", "press_reads", ["game_id"])


def downgrade() -> None:
    op.drop_table("press_reads")
    op.drop_table("messages")
    op.drop_table("ready")
