"""The Discord table: the channel a game is played in, and the Discord users bound to its powers.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "discord_channels",
        sa.Column("channel_id", sa.String(24), primary_key=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("guild_id", sa.String(24), nullable=True),
        sa.Column("gm_user", sa.String(24), nullable=True),
        sa.Column("mentions", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("linked", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("game_id"),
    )
    op.create_table(
        "discord_players",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("power", sa.String(40), nullable=False),
        sa.Column("user_id", sa.String(24), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("joined", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("game_id", "power"),
        sa.UniqueConstraint("game_id", "user_id"),
    )
    op.create_index("ix_discord_players_game_id", "discord_players", ["game_id"])


def downgrade() -> None:
    op.drop_table("discord_players")
    op.drop_table("discord_channels")
