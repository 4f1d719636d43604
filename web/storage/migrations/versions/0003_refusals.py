"""The refusal mark: a power whose latest message this phase had every line refused (its own table).

Sites that ran a version between the refusal mark and migrations made this
table with ``create_all`` at start; it is kept as it is there.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "refusals" in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        "refusals",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("phase_index", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(40), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("game_id", "phase_index", "power"),
    )
    op.create_index("ix_refusals_game_id", "refusals", ["game_id"])


def downgrade() -> None:
    op.drop_table("refusals")
