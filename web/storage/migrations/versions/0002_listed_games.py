"""Games are unlisted unless their GM lists them; the deadline job finds passed deadlines by an index.

Games that existed before stay off the front page until their GM lists them.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as table:
        table.add_column(sa.Column("listed", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_index("ix_games_deadline", "games", ["deadline"])


def downgrade() -> None:
    op.drop_index("ix_games_deadline", table_name="games")
    with op.batch_alter_table("games") as table:
        table.drop_column("listed")
