"""Signed checkpoints; on PostgreSQL, a head kept by the database and feed order per row.

Revision ID: 0006
Revises: 0002
Create Date: 2026-11-27

* ``checkpoints`` (both backends): Ed25519 signatures over a game's head (see
  :mod:`riftlog.store.checkpoints`), append-only like the events.
* PostgreSQL only, so the runtime role need not own the tables (``riftlog db grant``):

  - ``riftlog_events_advance_head`` (BEFORE INSERT ON events, SECURITY DEFINER, owned by
    the owner role): an event is accepted only when it extends its open game's head (seq
    = head + 1, prev hash = head hash); it then moves the head.  The runtime role needs no
    UPDATE on ``games.last_seq`` / ``last_hash``.
  - the same trigger takes the feed lock *shared* and only then draws the event's feed
    position (the column default is dropped), so writers of different games run side by
    side while a feed reader, which takes the lock exclusively, waits until every position
    drawn so far is committed or rolled back (no reader ever skips an event that commits
    later with a smaller position).
  - ``riftlog_games_guard`` (BEFORE INSERT, and BEFORE an UPDATE not made by a trigger,
    ON games): a new game starts open at seq 0; the head moves only through the events
    trigger; a game's header never changes once it has an event; a seal is the head hash; a sealed game never
    changes again.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

GENESIS = "0" * 64
#: the advisory lock key of feed order (riftlog.store.eventstore.FEED_LOCK)
FEED_LOCK = 0x7269_6674
CP_REFUSAL = "riftlog: checkpoints are append-only"
GAMES_REFUSAL = "riftlog: append-only games row"

_SQLITE = [
    f"""CREATE TRIGGER checkpoints_no_update BEFORE UPDATE ON checkpoints
        BEGIN SELECT RAISE(ABORT, '{CP_REFUSAL}: UPDATE refused'); END""",
    f"""CREATE TRIGGER checkpoints_no_delete BEFORE DELETE ON checkpoints
        BEGIN SELECT RAISE(ABORT, '{CP_REFUSAL}: DELETE refused'); END""",
]


def _pg(schema: str) -> list[str]:
    schema = '"' + schema.replace('"', '""') + '"'
    path = f"SET search_path = {schema}, pg_temp"
    return [
        f"""CREATE FUNCTION riftlog_checkpoints_append_only() RETURNS trigger
            LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION '{CP_REFUSAL}: % refused', TG_OP
                    USING ERRCODE = 'integrity_constraint_violation';
            END $$""",
        """CREATE TRIGGER checkpoints_no_update_delete BEFORE UPDATE OR DELETE ON checkpoints
            FOR EACH ROW EXECUTE FUNCTION riftlog_checkpoints_append_only()""",
        """CREATE TRIGGER checkpoints_no_truncate BEFORE TRUNCATE ON checkpoints
            FOR EACH STATEMENT EXECUTE FUNCTION riftlog_checkpoints_append_only()""",
        "ALTER TABLE events ALTER COLUMN position DROP DEFAULT",
        f"""CREATE FUNCTION riftlog_events_advance_head() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER {path} AS $$
            DECLARE
                g RECORD;
            BEGIN
                -- feed order: held shared until commit; a feed reader takes it exclusively
                PERFORM pg_advisory_xact_lock_shared({FEED_LOCK});
                NEW.position := nextval('{schema}.events_position_seq');
                -- the usual case, one statement: the event extends its open game's head
                UPDATE games SET last_seq = NEW.seq, last_hash = NEW.hash
                    WHERE id = NEW.game_id AND status = 'open' AND last_seq = NEW.seq - 1
                      AND last_hash = NEW.prev_hash;
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
            END $$""",
        """CREATE TRIGGER events_advance_head BEFORE INSERT ON events
            FOR EACH ROW EXECUTE FUNCTION riftlog_events_advance_head()""",
        f"""CREATE FUNCTION riftlog_games_guard() RETURNS trigger
            LANGUAGE plpgsql {path} AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    IF NEW.last_seq <> 0 OR NEW.last_hash <> '{GENESIS}'
                       OR NEW.status <> 'open' OR NEW.seal_hash IS NOT NULL THEN
                        RAISE EXCEPTION '{GAMES_REFUSAL}: game % must start open at seq 0', NEW.id
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    RETURN NEW;
                END IF;
                IF OLD.status = 'sealed' THEN
                    RAISE EXCEPTION '{GAMES_REFUSAL}: game % is sealed', OLD.id
                        USING ERRCODE = 'integrity_constraint_violation';
                END IF;
                IF (NEW.last_seq, NEW.last_hash) IS DISTINCT FROM (OLD.last_seq, OLD.last_hash) THEN
                    RAISE EXCEPTION '{GAMES_REFUSAL}: the head of game % moves only with its events', OLD.id
                        USING ERRCODE = 'integrity_constraint_violation';
                END IF;
                -- an empty game (no event hashed yet, left by a creation an older riftlog
                -- committed in two transactions) may still be created afresh
                IF NEW.id IS DISTINCT FROM OLD.id OR (OLD.last_seq > 0 AND
                   (NEW.match_id, NEW.game_number, NEW.mode, NEW.rules_edition,
                    NEW.catalog_version, NEW.engine_version, NEW.created_at)
                   IS DISTINCT FROM (OLD.match_id, OLD.game_number, OLD.mode,
                    OLD.rules_edition, OLD.catalog_version, OLD.engine_version, OLD.created_at)) THEN
                    RAISE EXCEPTION '{GAMES_REFUSAL}: the header of game % never changes', OLD.id
                        USING ERRCODE = 'integrity_constraint_violation';
                END IF;
                IF (NEW.status = 'sealed' AND NEW.seal_hash IS DISTINCT FROM NEW.last_hash)
                   OR (NEW.status <> 'sealed' AND NEW.seal_hash IS NOT NULL) THEN
                    RAISE EXCEPTION '{GAMES_REFUSAL}: the seal of game % must be its head hash', OLD.id
                        USING ERRCODE = 'integrity_constraint_violation';
                END IF;
                RETURN NEW;
            END $$""",
        # the events trigger's own head moves (one trigger deep) skip the guard
        """CREATE TRIGGER games_guard BEFORE UPDATE ON games
            FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION riftlog_games_guard()""",
        """CREATE TRIGGER games_guard_insert BEFORE INSERT ON games
            FOR EACH ROW EXECUTE FUNCTION riftlog_games_guard()""",
    ]


def upgrade() -> None:
    op.create_table(
        "checkpoints",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("key_id", sa.String(16), nullable=False),
        sa.Column("public_key", sa.String(64), nullable=False),
        sa.Column("head_hash", sa.String(64), nullable=False),
        sa.Column("header_hash", sa.String(64), nullable=False),
        sa.Column("sealed", sa.Boolean, nullable=False),
        sa.Column("signed_at", sa.String(32), nullable=False),
        sa.Column("signature", sa.String(100), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq", "key_id", "sealed", name="pk_checkpoints"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_checkpoints_game_id_games"),
    )
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        statements = _SQLITE
    else:
        schema = bind.execute(sa.text("SELECT current_schema()")).scalar_one()
        statements = _pg(str(schema))
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.execute("DROP TRIGGER IF EXISTS games_guard ON games")
        op.execute("DROP TRIGGER IF EXISTS games_guard_insert ON games")
        op.execute("DROP FUNCTION IF EXISTS riftlog_games_guard()")
        op.execute("DROP TRIGGER IF EXISTS events_advance_head ON events")
        op.execute("DROP FUNCTION IF EXISTS riftlog_events_advance_head()")
        op.execute(
            "ALTER TABLE events ALTER COLUMN position "
            "SET DEFAULT nextval('events_position_seq'::regclass)"
        )
        op.execute("DROP TRIGGER IF EXISTS checkpoints_no_update_delete ON checkpoints")
        op.execute("DROP TRIGGER IF EXISTS checkpoints_no_truncate ON checkpoints")
        op.execute("DROP FUNCTION IF EXISTS riftlog_checkpoints_append_only()")
    op.drop_table("checkpoints")
