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
from riftlog.errors import SchemaOutOfDate
from riftlog.store import EventStore, head_revision
from riftlog.store.models import Base
from tests.store.helpers import fill, new_game, note, raw, snapshot

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
        store.append("g1", [note(f"n{i}") for i in (1, 2, 3)], 0)
        if store.target.backend == "postgresql":
            # this code leaves the head to the trigger of 0006; at 0001 the writer moved it
            raw(store, "UPDATE games SET last_seq = 3, last_hash = "
                "(SELECT hash FROM events WHERE game_id = 'g1' AND seq = 3) WHERE id = 'g1'")
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
        store.append("g1", [note("a", cid="c-1"), note("b", cid="c-2")], 0)
        if store.engine.dialect.name == "postgresql":  # at 0002 the app moved the head
            last = list(store.read("g1"))[-1]
            raw(store, f"UPDATE games SET last_seq = {last.seq}, last_hash = '{last.hash}' "
                       "WHERE id = 'g1'")
        before = snapshot(store)
        store.upgrade("0005")
        assert snapshot(store) == before  # every row as it was: positions, bytes, hashes
        assert store.verify("g1").ok
        with pytest.raises(DBAPIError, match="append-only"):
            raw(store, "UPDATE events SET actor = 'x' WHERE seq = 1")
        with pytest.raises(DBAPIError, match="append-only"):
            raw(store, "DELETE FROM events WHERE seq = 2")
        assert store.append_one("g1", note("a", cid="c-1"), 2).seq == 1  # an old id: a retry
        assert store.append_one("g2", note("a", cid="c-1"), 0).seq == 1  # free in g2
        assert snapshot(store)[:2] == before[:2]
