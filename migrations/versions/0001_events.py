"""Tournaments, matches, games and the append-only events log.

Revision ID: 0001
Revises:
Create Date: 2026-05-01

The events table is append-only: triggers refuse every UPDATE and DELETE (and, on
PostgreSQL, TRUNCATE).  Snapshots come in 0002.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

ID = sa.String(64)
HASH = sa.String(64)
STAMP = sa.String(32)
REFUSAL = "riftlog: events are append-only"

_SQLITE_TRIGGERS = [
    f"""CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}: UPDATE refused'); END""",
    f"""CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}: DELETE refused'); END""",
]

_PG_TRIGGERS = [
    f"""CREATE FUNCTION riftlog_events_append_only() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION '{REFUSAL}: % refused', TG_OP USING ERRCODE = 'integrity_constraint_violation';
        END $$""",
    """CREATE TRIGGER events_no_update_delete BEFORE UPDATE OR DELETE ON events
        FOR EACH ROW EXECUTE FUNCTION riftlog_events_append_only()""",
    """CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
        FOR EACH STATEMENT EXECUTE FUNCTION riftlog_events_append_only()""",
]


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", ID, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("created_at", STAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_tournaments"),
    )
    op.create_table(
        "matches",
        sa.Column("id", ID, nullable=False),
        sa.Column("tournament_id", ID, nullable=True),
        sa.Column("round", sa.Integer, nullable=True),
        sa.Column("table_label", sa.String(40), nullable=True),
        sa.Column("best_of", sa.Integer, nullable=False),
        sa.Column("created_at", STAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_matches"),
        sa.ForeignKeyConstraint(
            ["tournament_id"], ["tournaments.id"], name="fk_matches_tournament_id_tournaments"
        ),
    )
    op.create_index("ix_matches_tournament_id", "matches", ["tournament_id"])
    op.create_table(
        "games",
        sa.Column("id", ID, nullable=False),
        sa.Column("match_id", ID, nullable=True),
        sa.Column("game_number", sa.Integer, nullable=False),
        sa.Column("mode", sa.String(20), nullable=False),
        sa.Column("rules_edition", sa.String(40), nullable=False),
        sa.Column("catalog_version", sa.String(40), nullable=False),
        sa.Column("engine_version", sa.String(40), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("last_seq", sa.Integer, nullable=False),
        sa.Column("last_hash", HASH, nullable=False),
        sa.Column("seal_hash", HASH, nullable=True),
        sa.Column("sealed_at", STAMP, nullable=True),
        sa.Column("created_at", STAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name="fk_games_match_id_matches"),
    )
    op.create_index("ix_games_match_id", "games", ["match_id"])
    op.create_table(
        "events",
        sa.Column(
            "position",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            nullable=False,
            autoincrement=True,
        ),
        sa.Column("game_id", ID, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("type", sa.String(100), nullable=False),
        sa.Column("schema_version", sa.Integer, nullable=False),
        sa.Column("actor", sa.String(100), nullable=True),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("client_event_id", sa.String(200), nullable=True),
        sa.Column("recorded_at", STAMP, nullable=False),
        sa.Column("prev_hash", HASH, nullable=False),
        sa.Column("hash", HASH, nullable=False),
        sa.PrimaryKeyConstraint("position", name="pk_events"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_events_game_id_games"),
        sa.UniqueConstraint("game_id", "seq", name="uq_events_game_id_seq"),
        sa.UniqueConstraint("client_event_id", name="uq_events_client_event_id"),
    )
    triggers = _SQLITE_TRIGGERS if op.get_bind().dialect.name == "sqlite" else _PG_TRIGGERS
    for statement in triggers:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS events_no_update")
        op.execute("DROP TRIGGER IF EXISTS events_no_delete")
    else:
        op.execute("DROP TRIGGER IF EXISTS events_no_update_delete ON events")
        op.execute("DROP TRIGGER IF EXISTS events_no_truncate ON events")
        op.execute("DROP FUNCTION IF EXISTS riftlog_events_append_only()")
    op.drop_table("events")
    op.drop_index("ix_games_match_id", table_name="games")
    op.drop_table("games")
    op.drop_index("ix_matches_tournament_id", table_name="matches")
    op.drop_table("matches")
    op.drop_table("tournaments")
