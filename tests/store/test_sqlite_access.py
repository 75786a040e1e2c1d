"""SQLite path options (``riftlog.db?synchronous=full``) and read-only stores (issue 15).

Read-only media are simulated two ways, and the tests say which proves what:

* ``?mode=ro``: the user asks for read-only; SQLite itself refuses every write, so the
  tests prove the reading commands never write and the writing ones say "read-only".
* ``chattr +i`` on the file and its folder: the kernel refuses writes even to root (the
  tests run as root, where ``chmod`` stops nothing), as on a read-only mount: no -wal or
  -shm file can be created, so a plain open fails ("unable to open database file").  This
  proves the fallback to a read-only open; skipped where ``chattr`` is not permitted.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from riftlog.cli import main
from riftlog.errors import DatabaseUnavailable
from riftlog.store import EventStore
from tests.usecases.helpers import bot_game, new_store


def run(db: str, *args: str) -> Result:
    return CliRunner().invoke(main, ["--db", db, *args])


def error_line(res: Result) -> str:
    assert res.exit_code == 1, res.output
    lines = [ln for ln in res.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), res.output
    return lines[0]


@pytest.fixture(scope="module")
def game_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store holding one finished, sealed bot game, closed cleanly (no -wal, -shm)."""
    folder = tmp_path_factory.mktemp("ro-source")
    store = new_store(folder)
    bot_game(store, "g1", 3, turns=4)
    store.close()
    con = sqlite3.connect(folder / "riftlog.db")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return folder / "riftlog.db"


# --- options after '?' --------------------------------------------------------------


def test_synchronous_full_on_a_plain_path_is_applied_not_made_a_file_name(tmp_path: Path) -> None:
    db = tmp_path / "riftlog.db"
    res = run(f"{db}?synchronous=full", "db", "upgrade")
    assert res.exit_code == 0, res.output
    assert db.exists() and not list(tmp_path.glob("*\\?*")), list(tmp_path.iterdir())
    with EventStore.open(f"{db}?synchronous=full") as store, store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    with EventStore.open(str(db)) as store, store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL, the default


def test_an_unknown_option_is_refused_naming_the_known_ones(tmp_path: Path) -> None:
    res = run(f"{tmp_path / 'riftlog.db'}?synchronus=full", "db", "upgrade")
    assert res.exit_code == 1 and res.output.count("\n") == 1, res.output
    assert "unknown option 'synchronus'" in res.output and "synchronous" in res.output
    assert list(tmp_path.iterdir()) == []
    res = run(f"{tmp_path / 'riftlog.db'}?synchronous=sometimes", "db", "upgrade")
    assert "synchronous must be one of" in res.output
    res = run(f"sqlite:///{tmp_path / 'riftlog.db'}?cache=shared", "db", "upgrade")
    assert "unknown option 'cache'" in res.output


# --- read-only: ?mode=ro ------------------------------------------------------------

READING = [["games"], ["verify"], ["replay", "g1"], ["export", "g1", "--format", "csv"],
           ["state", "g1"], ["events", "g1"], ["db", "status"], ["db", "upgrade"]]
WRITING = [
    ["play", "g1", '{"type": "TurnEnded", "player": "p1"}'],
    ["judge", "ruling", "g1", "--judge", "Ann", "--text", "x"],
    ["append", "g1", "--type", "NoteAdded", "--payload", '{"author": "a", "text": "b"}'],
    ["import", str(Path(__file__).resolve().parents[2] / "replays" / "duel-01.json")],
]


def _copy(game_db: Path, folder: Path) -> Path:
    folder.mkdir()
    shutil.copy(game_db, folder / "riftlog.db")
    return folder / "riftlog.db"


@pytest.mark.parametrize("command", READING, ids=" ".join)
def test_reading_commands_work_on_a_store_opened_read_only(game_db: Path, tmp_path: Path,
                                                           command: list[str]) -> None:
    db = _copy(game_db, tmp_path / "ro")
    before = db.read_bytes()
    res = run(f"{db}?mode=ro", *command)
    assert res.exit_code == 0, res.output
    assert db.read_bytes() == before


@pytest.mark.parametrize("command", WRITING, ids=lambda c: c[0] if c[0] != "judge" else "judge")
def test_writing_commands_say_the_store_is_read_only(game_db: Path, tmp_path: Path,
                                                     command: list[str]) -> None:
    db = _copy(game_db, tmp_path / "ro")
    before = db.read_bytes()
    res = run(f"{db}?mode=ro", *command)
    assert f"database {db} is read-only (opened with ?mode=ro)" in error_line(res)
    assert db.read_bytes() == before


def test_the_store_says_it_is_read_only_to_library_callers(game_db: Path, tmp_path: Path) -> None:
    db = _copy(game_db, tmp_path / "ro")
    with EventStore.open(f"{db}?mode=ro") as store:
        assert store.read_only and store.verify("g1").ok
        with pytest.raises(DatabaseUnavailable, match="is read-only"):
            store.create_game("g2", mode="duel", rules_edition="v1.3", catalog_version="c",
                              engine_version="e")


# --- read-only: immutable file and folder (read-only media) --------------------------


@pytest.fixture
def immutable_db(game_db: Path, tmp_path: Path) -> Iterator[Path]:
    db = _copy(game_db, tmp_path / "media")
    folder = db.parent
    done = subprocess.run(["chattr", "+i", str(db), str(folder)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"chattr +i is not permitted here: {done.stderr.decode().strip()}")
    try:
        with pytest.raises(sqlite3.OperationalError, match="unable to open"):
            sqlite3.connect(db).execute("SELECT count(*) FROM events").fetchone()
        yield db
    finally:
        subprocess.run(["chattr", "-i", str(db), str(folder)], check=True)


@pytest.mark.parametrize("command", READING, ids=" ".join)
def test_reading_commands_work_on_read_only_media(immutable_db: Path, command: list[str]) -> None:
    res = run(str(immutable_db), *command)
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize("command", WRITING, ids=lambda c: c[0] if c[0] != "judge" else "judge")
def test_writing_commands_on_read_only_media_say_read_only(immutable_db: Path,
                                                           command: list[str]) -> None:
    res = run(str(immutable_db), *command)
    assert "is read-only (the file or its folder cannot be written)" in error_line(res)
