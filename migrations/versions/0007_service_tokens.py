"""The service's access: API tokens (only their SHA-256 stored) and each game's access.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27

``service_tokens``: one row per token of ``riftlog serve``: its id (shown in listings),
the SHA-256 of its secret (the secret itself is shown once, when it is created, and never
stored), its role and scope (a tournament, a game, a seat), when it was created and, once
revoked, when.  ``game_access``: per game, whether the public may read it once finished
(the organiser allows it) and how many events spectators are kept behind the game.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "service_tokens",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("tournament_id", sa.String(64), nullable=True),
        sa.Column("game_id", sa.String(64), nullable=True),
        sa.Column("seat", sa.String(64), nullable=True),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("revoked_at", sa.String(32), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_service_tokens"),
        sa.UniqueConstraint("secret_hash", name="uq_service_tokens_secret_hash"),
    )
    op.create_table(
        "game_access",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("public", sa.Integer(), nullable=False),
        sa.Column("spectator_delay", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_game_access_game_id_games"),
        sa.PrimaryKeyConstraint("game_id", name="pk_game_access"),
    )


def downgrade() -> None:
    op.drop_table("game_access")
    op.drop_table("service_tokens")
