"""A public site: the operator's settings (who may create games), invitation codes, the addresses that agreed to
the site's mail, and a log of the mail and webhook posts each game made (the quotas count it).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "site_settings",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.create_table(
        "invitations",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("digest", sa.String(64), nullable=False, unique=True),
        sa.Column("uses_left", sa.Integer(), nullable=False),
        sa.Column("note", sa.String(200), nullable=False),
        sa.Column("made", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "mail_consents",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("power", sa.String(40), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False, unique=True),
        sa.Column("invited", sa.DateTime(), nullable=True),
        sa.Column("answered", sa.DateTime(), nullable=True),
        sa.Column("agreed", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("game_id", "address"),
    )
    op.create_index("ix_mail_consents_game_id", "mail_consents", ["game_id"])
    op.create_table(
        "outbound_log",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("sent", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_outbound_log_game_id", "outbound_log", ["game_id"])
    op.create_index("ix_outbound_log_sent", "outbound_log", ["sent"])


def downgrade() -> None:
    op.drop_table("outbound_log")
    op.drop_table("mail_consents")
    op.drop_table("invitations")
    op.drop_table("site_settings")
