"""Snapshot proofs: a snapshot is used only when vouched for by the store's snapshot key.

``proof`` is ``<key id>:<HMAC-SHA256>`` over the snapshot's game, seq, engine version,
event hash and text, made with a key kept outside the database (see
``riftlog.store.snapshot_key``).  Snapshots stored before this revision have none: they
are never used until a replay has checked them against the events and vouched for them.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("snapshots") as batch:
        batch.add_column(sa.Column("proof", sa.String(80), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("snapshots") as batch:
        batch.drop_column("proof")
