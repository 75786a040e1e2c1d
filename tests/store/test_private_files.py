"""Store files are their owner's only; the judge's view says it is the judge's view."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from riftlog.cli import main
from riftlog.events import NewEvent
from riftlog.events.actor import Actor
from riftlog.store import EventStore


@pytest.fixture
def open_umask() -> Iterator[None]:
    """Run with the common umask 022 (files world-readable unless made private)."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_sqlite_store_and_its_wal_and_shm_are_private(tmp_path: Path, open_umask: None) -> None:
    db = tmp_path / "riftlog.db"
    store = EventStore.open(str(db), check=False, create=True)
    try:
        store.upgrade()
        store.create_game("g1", mode="duel", rules_edition="v1.3", catalog_version="c",
                          engine_version="e")
        store.append("g1", [NewEvent(type="NoteAdded", payload={"author": "a", "text": "x"})],
                     expected_seq=0, actor=Actor.judge("a"))
        files = [db, tmp_path / "riftlog.db-wal", tmp_path / "riftlog.db-shm"]
        assert all(f.exists() for f in files)
        assert {f.name: _mode(f) for f in files} == {f.name: 0o600 for f in files}
    finally:
        store.close()


def test_db_upgrade_creates_a_private_file(tmp_path: Path, open_umask: None) -> None:
    db = tmp_path / "riftlog.db"
    assert CliRunner().invoke(main, ["--db", str(db), "db", "upgrade"]).exit_code == 0
    assert _mode(db) == 0o600


@pytest.fixture
def recorded(tmp_path: Path) -> str:
    db = str(tmp_path / "riftlog.db")
    decks = Path(__file__).resolve().parents[2] / "replays" / "decks"
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "db", "upgrade"]).exit_code == 0
    res = runner.invoke(main, ["--db", db, "new", "g1",
                               "--player", f"p1:A:{decks / 'annie-dark-child.txt'}",
                               "--player", f"p2:B:{decks / 'garen-might-of-demacia.txt'}"])
    assert res.exit_code == 0, res.output
    return db


def test_events_say_they_are_the_judges_view_on_stderr(recorded: str) -> None:
    res = CliRunner().invoke(main, ["--db", recorded, "events", "g1", "--json"])
    assert res.exit_code == 0
    assert "judge's view" in res.stderr
    assert [json.loads(line)["seq"] for line in res.stdout.splitlines()][:2] == [1, 2]


def test_full_exports_say_they_are_the_judges_view_and_are_private(
        recorded: str, tmp_path: Path, open_umask: None) -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["--db", recorded, "export", "g1"])
    assert res.exit_code == 0 and "judge's view" in res.stderr
    assert json.loads(res.stdout)["games"][0]["id"] == "g1"
    out = tmp_path / "g1.bundle.json"
    assert runner.invoke(main, ["--db", recorded, "export", "g1", "-o", str(out)]).exit_code == 0
    assert _mode(out) == 0o600
    res = runner.invoke(main, ["--db", recorded, "export", "g1", "--format", "transcript",
                               "--view", "spectator"])
    assert res.exit_code == 0 and "judge's view" not in res.stderr
