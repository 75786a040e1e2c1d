"""Client event ids are scoped to their game: UNIQUE(game_id, client_event_id).

Revision ID: 0005
Revises: 0002
Create Date: 2026-11-27

Before, ``client_event_id`` was unique across the store, so one game could squat another's
ids.  PostgreSQL swaps the constraint.  SQLite cannot drop a table constraint, so the
events table is rebuilt: every row is copied as it is (same position, same bytes, same
hashes; nothing is rewritten), the old table dropped (DROP TABLE fires no DELETE trigger)
and the append-only triggers made again.
"""

from __future__ import annotations

from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

REFUSAL = "riftlog: events are append-only"
_COLUMNS = ("position, game_id, seq, type, schema_version, actor, payload, client_event_id, "
            "recorded_at, prev_hash, hash")


def _sqlite_rebuild(client_unique: str) -> None:
    op.execute("DROP TRIGGER IF EXISTS events_no_update")
    op.execute("DROP TRIGGER IF EXISTS events_no_delete")
    op.execute(f"""CREATE TABLE events_rebuilt (
        position INTEGER NOT NULL,
        game_id VARCHAR(64) NOT NULL,
        seq INTEGER NOT NULL,
        type VARCHAR(100) NOT NULL,
        schema_version INTEGER NOT NULL,
        actor VARCHAR(100),
        payload TEXT NOT NULL,
        client_event_id VARCHAR(200),
        recorded_at VARCHAR(32) NOT NULL,
        prev_hash VARCHAR(64) NOT NULL,
        hash VARCHAR(64) NOT NULL,
        CONSTRAINT pk_events PRIMARY KEY (position),
        CONSTRAINT fk_events_game_id_games FOREIGN KEY(game_id) REFERENCES games (id),
        CONSTRAINT uq_events_game_id_seq UNIQUE (game_id, seq),
        {client_unique}
    )""")
    op.execute(f"INSERT INTO events_rebuilt ({_COLUMNS}) SELECT {_COLUMNS} FROM events "
               "ORDER BY position")
    op.execute("DROP TABLE events")
    op.execute("ALTER TABLE events_rebuilt RENAME TO events")
    op.execute(f"""CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}: UPDATE refused'); END""")
    op.execute(f"""CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}: DELETE refused'); END""")


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _sqlite_rebuild("CONSTRAINT uq_events_game_id_client_event_id "
                        "UNIQUE (game_id, client_event_id)")
        return
    op.drop_constraint("uq_events_client_event_id", "events", type_="unique")
    op.create_unique_constraint("uq_events_game_id_client_event_id", "events",
                                ["game_id", "client_event_id"])


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _sqlite_rebuild("CONSTRAINT uq_events_client_event_id UNIQUE (client_event_id)")
        return
    op.drop_constraint("uq_events_game_id_client_event_id", "events", type_="unique")
    op.create_unique_constraint("uq_events_client_event_id", "events", ["client_event_id"])
