"""Migrations make the schema; the store refuses a database at another revision."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from click.testing import CliRunner

from riftlog.cli import main
from riftlog.errors import SchemaOutOfDate, StoreError
from riftlog.store import EventStore, head_revision
from riftlog.store.models import Base
from tests.store.helpers import append_old_form, fill, new_game, note, raw, snapshot

ROOT = Path(__file__).resolve().parents[2]


def test_migrated_schema_matches_the_models(store: EventStore) -> None:
    with store.engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"compare_type": True})
        diff = compare_metadata(ctx, Base.metadata)
    assert diff == []


def test_upgrade_is_idempotent(store: EventStore) -> None:
    assert store.upgrade() == (head_revision(), head_revision())


def test_an_empty_database_asks_for_db_upgrade(db_url: str) -> None:
    with (
        EventStore.open(db_url, check=False, create=True) as store,
        pytest.raises(SchemaOutOfDate, match=r"no riftlog schema yet: run `riftlog db upgrade`"),
    ):
        store.check_schema()


def test_an_older_revision_stops_every_command_naming_db_upgrade(db_url: str) -> None:
    with EventStore.open(db_url, check=False, create=True) as store:
        store.upgrade("0001")
    with pytest.raises(
        SchemaOutOfDate,
        match=rf"at schema revision 0001, this riftlog needs {head_revision()}: run `riftlog db upgrade`",
    ):
        EventStore.open(db_url)
    result = CliRunner().invoke(main, ["--db", db_url, "games"])
    assert result.exit_code == 1
    assert result.output.strip().startswith("error: database ")
    assert "run `riftlog db upgrade`" in result.output
    assert "Traceback" not in result.output


def test_db_upgrade_moves_an_older_database_to_head_keeping_its_events(db_url: str) -> None:
    with EventStore.open(db_url, check=False, create=True) as store:
        store.upgrade("0001")
        new_game(store)
        append_old_form(store, "g1", 3)  # as riftlog wrote them at 0001
        before = snapshot(store)
    result = CliRunner().invoke(main, ["db", "upgrade", "--db", db_url])
    assert result.exit_code == 0, result.output
    assert f"upgraded from 0001 to {head_revision()}" in result.output
    with EventStore.open(db_url) as store:
        assert snapshot(store) == before
        assert store.verify("g1").ok


def test_a_newer_unknown_revision_is_refused(store: EventStore) -> None:
    raw(store, "UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(SchemaOutOfDate, match="does not know"):
        store.check_schema()
    with pytest.raises(SchemaOutOfDate, match="upgrade riftlog instead"):
        store.upgrade()


def test_downgrade_to_nothing_and_back(store: EventStore) -> None:
    from riftlog.store import migrate

    assert migrate.downgrade(store.engine, "base") == (head_revision(), None)
    assert store.revision() is None
    assert store.upgrade() == (None, head_revision())
    new_game(store)
    fill(store, "g1", 2)
    assert store.verify("g1").ok


def test_migrations_are_found_from_a_built_wheel(tmp_path: Path) -> None:
    """A normal (non-editable) install ships the migrations inside the package."""
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if build.returncode != 0 and "No matching distribution" in build.stderr:
        pytest.skip(f"cannot fetch the build backend: {build.stderr.strip().splitlines()[-1]}")
    assert build.returncode == 0, build.stderr
    (wheel,) = wheels.glob("riftlog-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        zf.extractall(site)
    assert "riftlog/_migrations/env.py" in names
    assert any(n.startswith("riftlog/_migrations/versions/0001") for n in names)
    db = tmp_path / "w.db"
    script = (
        "import riftlog, riftlog.store.migrate as m\n"
        "from riftlog.store import EventStore\n"
        f"s = EventStore.open({str(db)!r}, check=False, create=True)\n"
        "print(riftlog.__file__)\nprint(m.migrations_dir())\nprint(s.upgrade()[1])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    run = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    module_file, found, revision = run.stdout.split()
    assert module_file.startswith(str(site))
    assert found == str(site / "riftlog" / "_migrations")
    assert revision == head_revision()


def test_0005_scopes_client_ids_to_their_game_keeping_rows_and_triggers(db_url: str) -> None:
    from sqlalchemy.exc import DBAPIError

    from tests.store.helpers import note

    with EventStore.open(db_url, check=False, create=True) as store:
        store.upgrade("0002")
        new_game(store, "g1")
        new_game(store, "g2")
        append_old_form(store, "g1", 2, cids=["c-1", "c-2"])  # as riftlog wrote them at 0002
        before = snapshot(store)
        store.upgrade("0005")
        assert snapshot(store) == before  # every row as it was: positions, bytes, hashes
        with pytest.raises(DBAPIError, match="append-only"):
            raw(store, "UPDATE events SET actor = 'x' WHERE seq = 1")
        with pytest.raises(DBAPIError, match="append-only"):
            raw(store, "DELETE FROM events WHERE seq = 2")
        store.upgrade()
        assert snapshot(store) == before
        assert store.verify("g1").ok
        assert store.append_one("g1", note("n1", cid="c-1"), 2).seq == 1  # an old id: a retry
        assert store.append_one("g2", note("a", cid="c-1"), 0).seq == 1  # free in g2
        assert snapshot(store)[:2] == before[:2]


def test_0008_keeps_old_rows_and_appends_lean_ones(db_url: str) -> None:
    """A store built at 0007 (old-form rows, a client id, a snapshot-less game) upgrades:
    every old row as it was, still verifying; rows appended after are lean; the chain
    runs across both forms; a retry by client id still answers; old rows still verify
    after tampering is found in either form."""
    from sqlalchemy import text

    from tests.store.helpers import drop_append_only_triggers

    with EventStore.open(db_url, check=False, create=True) as store:
        store.upgrade("0007")
        new_game(store, "g1")
        pg = store.target.backend == "postgresql"
        append_old_form(store, "g1", 3, cids=["c-1", "c-2", "c-3"], move_head=not pg)
        before = snapshot(store)
        store.upgrade()
        assert store.revision() == head_revision() == "0008_lean_event_rows"
        assert snapshot(store) == before  # positions, bytes and hashes as they were
        with store.engine.connect() as conn:
            forms = conn.execute(text(
                "SELECT seq, prev_hash IS NULL, hash IS NULL, digest IS NULL FROM events "
                "ORDER BY seq")).all()
        assert [tuple(r) for r in forms] == [(s, False, False, True) for s in (1, 2, 3)]
        assert store.verify("g1").ok
        old = list(store.read("g1"))
        stored = store.append("g1", [note("n4", cid="c-4"), note("n5")], 3)
        assert [e.prev_hash for e in stored] == [old[-1].hash, stored[0].hash]
        with store.engine.connect() as conn:
            forms = conn.execute(text(
                "SELECT seq, prev_hash IS NULL, hash IS NULL, length(digest) FROM events "
                "WHERE seq > 3 ORDER BY seq")).all()
        assert [tuple(r) for r in forms] == [(4, True, True, 32), (5, True, True, 32)]
        assert store.verify("g1").ok
        everything = list(store.read("g1", verify=True))
        assert everything[:3] == old and everything[3:] == stored
        assert all(e.computed_hash() == e.hash for e in everything)
        assert list(store.read("g1", 4, 5, verify=True)) == stored  # linked to seq 3's hash
        assert store.game("g1").last_hash == stored[-1].hash
        # retries answer from either form
        assert store.append("g1", [note("n2", cid="c-2")], 1)[0].hash == old[1].hash
        assert store.append("g1", [note("n4", cid="c-4")], 3) == stored[:1]
        # a tampered row of either form is named
        drop_append_only_triggers(store)
        raw(store, "UPDATE events SET actor = 'x' WHERE game_id = 'g1' AND seq = 2")
        assert store.verify("g1").bad_seq == 2
        raw(store, "UPDATE events SET actor = 'judge-1' WHERE game_id = 'g1' AND seq = 2")
        assert store.verify("g1").ok
        raw(store, "UPDATE events SET actor = 'x' WHERE game_id = 'g1' AND seq = 5")
        result = store.verify("g1")
        assert result.bad_seq == 5 and "does not match the event's contents" in (result.reason or "")


def test_0008_refuses_to_downgrade_while_lean_rows_are_stored(store: EventStore) -> None:
    from riftlog.store import migrate

    new_game(store, "g1")
    fill(store, "g1", 2)
    with pytest.raises(StoreError, match="2 events are stored in the lean form"):
        migrate.downgrade(store.engine, "0007")
    assert store.revision() == head_revision()
    assert store.verify("g1").ok
