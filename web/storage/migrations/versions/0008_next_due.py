"""When each game next needs the deadline job (``games.next_due``, indexed): a pass reads the games due, not all.

Every game is due at once after the upgrade (``next_due`` set to its creation time): the first pass looks
at each game once and stores its real time; from then on a pass reads only the games due.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("next_due", sa.DateTime(), nullable=True))
    op.create_index("ix_games_next_due", "games", ["next_due"])
    op.execute("UPDATE games SET next_due = created")


def downgrade() -> None:
    op.drop_index("ix_games_next_due", "games")
    with op.batch_alter_table("games") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("next_due")
