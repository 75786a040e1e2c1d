"""PostgreSQL: a runtime role that does not own the tables (``riftlog db grant``).

The owner runs the migrations and grants; the runtime role can create games, append, read,
snapshot, sign and seal at the head, and nothing else: every way to rewrite history that
the owner has (UPDATE, DELETE, TRUNCATE, disabling or dropping a trigger, moving the head,
changing a seal) is refused to it by the real server.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from riftlog.cli import main
from riftlog.errors import StoreError
from riftlog.store import EventStore
from riftlog.store.database import resolve
from riftlog.store.roles import grant_statements
from riftlog.store.signing import SigningKey
from tests.store.helpers import PINS, note, snapshot

pytestmark = pytest.mark.postgres
KEY = SigningKey.generate()


@pytest.fixture
def owner(pg_url: str) -> Iterator[EventStore]:
    store = EventStore.open(pg_url, check=False, create=True)
    store.upgrade()
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def runtime_url(owner: EventStore, pg_url: str) -> Iterator[str]:
    """A login role granted by ``riftlog db grant ROLE --apply`` (run as the owner)."""
    role = f"riftlog_16b_rt_{uuid.uuid4().hex[:8]}"
    with owner.engine.begin() as conn:
        conn.execute(text(f"CREATE ROLE {role} LOGIN"))
    try:
        granted = CliRunner().invoke(main, ["--db", pg_url, "db", "grant", role, "--apply"])
        assert granted.exit_code == 0, granted.output
        assert "GRANT UPDATE (status, seal_hash, sealed_at) ON" in granted.output
        yield make_url(pg_url).set(username=role).render_as_string(hide_password=False)
    finally:
        with owner.engine.begin() as conn:
            conn.execute(text(f"DROP OWNED BY {role}"))
            conn.execute(text(f"DROP ROLE {role}"))


@pytest.fixture
def runtime(runtime_url: str) -> Iterator[EventStore]:
    store = EventStore.open(runtime_url)
    store.signing_key = KEY
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def raw_runtime(runtime_url: str) -> Iterator[Engine]:
    engine = create_engine(resolve(runtime_url).url, poolclass=NullPool)
    try:
        yield engine
    finally:
        engine.dispose()


def refused(engine: Engine, sql: str, match: str, **params: object) -> None:
    with pytest.raises(DBAPIError, match=match), engine.begin() as conn:
        conn.execute(text(sql), params)


def test_the_runtime_role_records_reads_snapshots_signs_and_seals(runtime: EventStore) -> None:
    runtime.create_game("g1", **PINS)
    stored = runtime.append("g1", [note("a"), note("b")], 0)
    runtime.append("g1", [note("c")], 2)
    runtime.put_snapshot("g1", 2, stored[1].hash, '{"turn": 1}', "0.1.0")
    runtime.put_snapshot("g1", 2, stored[1].hash, '{"turn": 2}', "0.1.0")  # a cache: replaced
    assert [e.seq for e in runtime.read("g1", verify=True)] == [1, 2, 3]
    assert [e.seq for e in runtime.feed()] == [1, 2, 3]
    assert runtime.seal("g1") == runtime.game("g1").last_hash
    assert runtime.verify("g1").ok
    assert runtime.verify_checkpoints("g1", [KEY.public], require=True).ok


@pytest.mark.parametrize(("sql", "match"), [
    ("UPDATE events SET actor = 'x' WHERE seq = 2", "permission denied for table events"),
    ("DELETE FROM events WHERE seq = 3", "permission denied for table events"),
    ("TRUNCATE events CASCADE", "permission denied for table"),
    ("ALTER TABLE events DISABLE TRIGGER USER", "must be owner of table events"),
    ("ALTER TABLE events DISABLE TRIGGER events_no_update_delete", "must be owner"),
    ("DROP TRIGGER events_advance_head ON events", "must be owner of (table|relation) events"),
    ("ALTER TABLE games DISABLE TRIGGER games_guard", "must be owner of table games"),
    ("SET session_replication_role = replica", "permission denied to set parameter"),
    ("UPDATE games SET last_seq = 2 WHERE id = 'g1'", "permission denied for table games"),
    ("UPDATE games SET last_hash = repeat('a', 64) WHERE id = 'g1'",
     "permission denied for table games"),
    ("DELETE FROM games WHERE id = 'g1'", "permission denied for table games"),
    ("UPDATE games SET status = 'sealed', seal_hash = repeat('a', 64) WHERE id = 'g1'",
     "the seal of game g1 must be its head hash"),
    ("UPDATE games SET status = 'open', seal_hash = NULL WHERE id = 's1'", "game s1 is sealed"),
    ("UPDATE games SET sealed_at = 'later' WHERE id = 's1'", "game s1 is sealed"),
    ("INSERT INTO games (id, game_number, mode, rules_edition, catalog_version, engine_version, "
     "status, last_seq, last_hash, created_at) VALUES ('g9', 1, 'duel', 'v1.3', 'c', 'e', "
     "'sealed', 5, repeat('a', 64), 'now')", "game g9 must start open at seq 0"),
    ("INSERT INTO events (game_id, seq, type, schema_version, payload, recorded_at, prev_hash, "
     "hash) VALUES ('g1', 2, 'NoteAdded', 1, '{}', 'x', repeat('0', 64), repeat('b', 64))",
     "game g1 seq 2 does not extend its head"),
    ("INSERT INTO events (game_id, seq, type, schema_version, payload, recorded_at, prev_hash, "
     "hash) VALUES ('s1', 4, 'NoteAdded', 1, '{}', 'x', repeat('0', 64), repeat('b', 64))",
     "game s1 is sealed"),
    ("DELETE FROM checkpoints", "permission denied for table checkpoints"),
    ("UPDATE checkpoints SET seq = 1", "permission denied for table checkpoints"),
    ("CREATE TABLE sneaky (x int)", "permission denied for schema"),
    ("CREATE OR REPLACE FUNCTION riftlog_events_advance_head() RETURNS trigger LANGUAGE plpgsql "
     "AS $$ BEGIN RETURN NEW; END $$", "must be owner of function|permission denied"),
])
def test_the_runtime_role_cannot_rewrite_history(runtime: EventStore, raw_runtime: Engine,
                                                 owner: EventStore, sql: str, match: str) -> None:
    runtime.create_game("g1", **PINS)
    runtime.append("g1", [note("a"), note("b"), note("c")], 0)
    runtime.create_game("s1", **PINS)
    runtime.append("s1", [note("a"), note("b"), note("c")], 0)
    runtime.seal("s1")
    before = snapshot(owner)
    refused(raw_runtime, sql, match)
    assert snapshot(owner) == before
    assert owner.verify("g1").ok and owner.verify("s1").ok


def test_grant_names_only_riftlog_tables_and_checks_the_role_name() -> None:
    sql = grant_statements("recorder", "public")
    assert sql[0].startswith('REVOKE ALL ON "public".alembic_version, ')
    assert not any("events" in s and ("UPDATE" in s.split("ON")[0] or "DELETE" in s)
                   for s in sql[1:])
    with pytest.raises(StoreError, match="a role name is letters"):
        grant_statements("x; DROP TABLE events", "public")


def test_db_grant_is_refused_on_sqlite(sqlite_url: str) -> None:
    with EventStore.open(sqlite_url, check=False, create=True) as store:
        store.upgrade()
    result = CliRunner().invoke(main, ["--db", sqlite_url, "db", "grant", "recorder"])
    assert result.exit_code == 1 and "roles are a PostgreSQL matter" in result.output
