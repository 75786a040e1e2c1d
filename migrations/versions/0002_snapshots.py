"""Snapshots: a cache of reduced game state, checked against the event hash.

Revision ID: 0002
Revises: 0001
Create Date: 2026-05-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("engine_version", sa.String(40), nullable=False),
        sa.Column("event_hash", sa.String(64), nullable=False),
        sa.Column("state_json", sa.Text, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq", "engine_version", name="pk_snapshots"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_snapshots_game_id_games"),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
