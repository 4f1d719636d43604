"""An index on the mail consents' addresses: the invitations an address had are counted across games, a day at
a time (at most 3 a day on the whole site), at each save of a game's address book.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_mail_consents_address", "mail_consents", ["address"])


def downgrade() -> None:
    op.drop_index("ix_mail_consents_address", "mail_consents")
