"""Lean event rows: no stored previous hash, the hash as 32 raw bytes, client ids indexed
only where there is one.

Revision ID: 0008_lean_event_rows
Revises: 0007
Create Date: 2026-11-27

Rows appended from now on are *lean*: ``prev_hash`` and ``hash`` are NULL and ``digest``
holds the event's SHA-256 as 32 raw bytes (the hex shown to users is made from it); the
previous hash is the previous row's hash, derived when reading and verifying.  Rows stored
before keep their old form (``prev_hash`` and ``hash`` as 64 hex digits, ``digest``
NULL), byte for byte: nothing is rewritten, and both forms chain and verify the same way.
A CHECK constraint keeps every row in one of the two forms.

``UNIQUE(game_id, client_event_id)`` becomes a unique index over the rows that have a
client id (``WHERE client_event_id IS NOT NULL``): the same uniqueness (NULLs were never
equal), without an index entry for every row that has none.

SQLite cannot relax NOT NULL or drop a table constraint, so (as 0005 did) the events table
is rebuilt: every row copied as it is (same position, same bytes, same hashes), the old
table dropped (DROP TABLE fires no DELETE trigger) and the append-only triggers made again.
On PostgreSQL the columns are altered in place and the head trigger of 0006 learns lean
rows (their hash from ``digest``; the link is checked by the store and by ``verify``: a
lean row's hash covers the previous hash it was chained from).

Downgrading below this revision refuses while lean rows are stored (their old form would
have to be written out).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from riftlog.errors import StoreError

revision: str = "0008_lean_event_rows"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None

REFUSAL = "riftlog: events are append-only"
#: the advisory lock key of feed order (riftlog.store.eventstore.FEED_LOCK)
FEED_LOCK = 0x7269_6674
#: every row is old-form (hex prev_hash and hash) or lean (only the 32-byte digest)
ONE_FORM = ("(prev_hash IS NOT NULL AND hash IS NOT NULL AND digest IS NULL) OR "
            "(prev_hash IS NULL AND hash IS NULL AND digest IS NOT NULL AND length(digest) = 32)")
_CLIENT_INDEX = "uq_events_game_id_client_event_id"
_OLD_COLUMNS = ("position, game_id, seq, type, schema_version, actor, payload, client_event_id, "
                "recorded_at, prev_hash, hash")


def _sqlite_rebuild(lean: bool) -> None:
    op.execute("DROP TRIGGER IF EXISTS events_no_update")
    op.execute("DROP TRIGGER IF EXISTS events_no_delete")
    null = "" if lean else " NOT NULL"
    extra = (f"digest BLOB,\n CONSTRAINT ck_events_one_form CHECK ({ONE_FORM}),"
             if lean else "CONSTRAINT uq_events_game_id_client_event_id "
                          "UNIQUE (game_id, client_event_id),")
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
        prev_hash VARCHAR(64){null},
        hash VARCHAR(64){null},
        {extra}
        CONSTRAINT pk_events PRIMARY KEY (position),
        CONSTRAINT fk_events_game_id_games FOREIGN KEY(game_id) REFERENCES games (id),
        CONSTRAINT uq_events_game_id_seq UNIQUE (game_id, seq)
    )""")
    op.execute(f"INSERT INTO events_rebuilt ({_OLD_COLUMNS}) SELECT {_OLD_COLUMNS} FROM events "
               "ORDER BY position")
    op.execute("DROP TABLE events")
    op.execute("ALTER TABLE events_rebuilt RENAME TO events")
    if lean:
        op.execute(f"CREATE UNIQUE INDEX {_CLIENT_INDEX} ON events (game_id, client_event_id) "
                   "WHERE client_event_id IS NOT NULL")
    op.execute(f"""CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}: UPDATE refused'); END""")
    op.execute(f"""CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}: DELETE refused'); END""")


def _pg_head_function(schema: str, lean: bool) -> str:
    """The head trigger's function of 0006; *lean*: it also takes lean rows."""
    quoted = '"' + schema.replace('"', '""') + '"'
    new_hash = "coalesce(NEW.hash, encode(NEW.digest, 'hex'))" if lean else "NEW.hash"
    link = "(NEW.prev_hash IS NULL OR last_hash = NEW.prev_hash)" if lean \
        else "last_hash = NEW.prev_hash"
    return f"""CREATE OR REPLACE FUNCTION riftlog_events_advance_head() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = {quoted}, pg_temp AS $$
        DECLARE
            g RECORD;
        BEGIN
            -- feed order: held shared until commit; a feed reader takes it exclusively
            PERFORM pg_advisory_xact_lock_shared({FEED_LOCK});
            NEW.position := nextval('{quoted}.events_position_seq');
            -- the usual case, one statement: the event extends its open game's head
            UPDATE games SET last_seq = NEW.seq, last_hash = {new_hash}
                WHERE id = NEW.game_id AND status = 'open' AND last_seq = NEW.seq - 1
                  AND {link};
            IF FOUND THEN
                RETURN NEW;
            END IF;
            -- refused: say why
            SELECT status, last_seq INTO g FROM games WHERE id = NEW.game_id;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'riftlog: event refused: no game %', NEW.game_id
                    USING ERRCODE = 'foreign_key_violation';
            END IF;
            IF g.status <> 'open' THEN
                RAISE EXCEPTION 'riftlog: event refused: game % is sealed', NEW.game_id
                    USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            RAISE EXCEPTION 'riftlog: event refused: game % seq % does not extend its head (seq %)',
                NEW.game_id, NEW.seq, g.last_seq
                USING ERRCODE = 'integrity_constraint_violation';
        END $$"""


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        _sqlite_rebuild(lean=True)
        return
    schema = str(bind.execute(sa.text("SELECT current_schema()")).scalar_one())
    op.add_column("events", sa.Column("digest", sa.LargeBinary(), nullable=True))
    op.alter_column("events", "prev_hash", existing_type=sa.String(64), nullable=True)
    op.alter_column("events", "hash", existing_type=sa.String(64), nullable=True)
    op.create_check_constraint(op.f("ck_events_one_form"), "events", ONE_FORM)
    op.drop_constraint(_CLIENT_INDEX, "events", type_="unique")
    op.create_index(_CLIENT_INDEX, "events", ["game_id", "client_event_id"], unique=True,
                    postgresql_where=sa.text("client_event_id IS NOT NULL"))
    op.execute(_pg_head_function(schema, lean=True))


def downgrade() -> None:
    bind = op.get_bind()
    lean = bind.execute(sa.text("SELECT count(*) FROM events WHERE digest IS NOT NULL")).scalar()
    if lean:
        raise StoreError(
            f"cannot downgrade below 0008_lean_event_rows: {lean} events are stored in the "
            "lean form (no previous hash, the hash as 32 bytes), which older riftlog cannot read")
    if bind.dialect.name == "sqlite":
        _sqlite_rebuild(lean=False)
        return
    schema = str(bind.execute(sa.text("SELECT current_schema()")).scalar_one())
    op.execute(_pg_head_function(schema, lean=False))
    op.drop_index(_CLIENT_INDEX, table_name="events")
    op.create_unique_constraint(_CLIENT_INDEX, "events", ["game_id", "client_event_id"])
    op.drop_constraint(op.f("ck_events_one_form"), "events", type_="check")
    op.alter_column("events", "hash", existing_type=sa.String(64), nullable=False)
    op.alter_column("events", "prev_hash", existing_type=sa.String(64), nullable=False)
    op.drop_column("events", "digest")
