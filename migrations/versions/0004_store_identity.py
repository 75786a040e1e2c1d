"""Store identity: a random id recorded once, when the store is created.

Seeds of seeded games are kept outside the database, keyed by this id and the game id, so
two stores holding a game of the same id never share (or overwrite) a seed.

Revision ID: 0004
Revises: 0002
Create Date: 2026-11-27
"""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    info = op.create_table(
        "store_info",
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("value", sa.String(200), nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_store_info"),
    )
    op.bulk_insert(info, [{"key": "store_id", "value": uuid.uuid4().hex}])


def downgrade() -> None:
    op.drop_table("store_info")
