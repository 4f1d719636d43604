"""The players' table, finished: read marks per message seen (above each reader's ``read_id``), and Web Push
subscriptions per power's link with the events each was sent.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "press_seen",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("reader", sa.String(40), nullable=False),
        sa.Column("message_id", sa.Integer(), sa.ForeignKey("messages.id", ondelete="CASCADE"), nullable=False),
        sa.UniqueConstraint("game_id", "reader", "message_id"),
    )
    op.create_index("ix_press_seen_game_id", "press_seen", ["game_id"])
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("power", sa.String(40), nullable=False),
        sa.Column("link", sa.String(64), nullable=False),
        sa.Column("endpoint", sa.String(1024), nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("events", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("game_id", "power", "endpoint"),
    )
    op.create_index("ix_push_subscriptions_game_id", "push_subscriptions", ["game_id"])
    op.create_table(
        "push_sent",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "subscription_id",
            sa.Integer(),
            sa.ForeignKey("push_subscriptions.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("event", sa.String(80), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("subscription_id", "event"),
    )
    op.create_index("ix_push_sent_subscription_id", "push_sent", ["subscription_id"])


def downgrade() -> None:
    op.drop_table("push_sent")
    op.drop_table("push_subscriptions")
    op.drop_table("press_seen")
