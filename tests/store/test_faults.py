"""Faults of a SQLite database file: read-only, corrupt, locked, missing, writer killed.

Each must end in one clear error naming the file (or, for the killed writer, a database
that verifies), and nothing already stored may change.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from riftlog.errors import DatabaseUnavailable, RiftlogError
from riftlog.store import EventStore
from tests.store.helpers import fill, new_game, note, snapshot

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A temp dir an unprivileged user can enter (pytest's tmp_path is private to root)."""
    d = Path(tempfile.mkdtemp(prefix="riftlog-ro-"))
    d.chmod(0o777)
    try:
        yield d
    finally:
        for p in sorted(d.rglob("*"), reverse=True):
            p.chmod(0o700)
        subprocess.run(["rm", "-rf", str(d)], check=False)


def as_unprivileged(fn: Callable[[], Any]) -> Any:
    """Run *fn* in a child process without root's power to ignore file permissions."""
    if os.geteuid() != 0:
        return fn()
    ctx = mp.get_context("fork")
    queue: Any = ctx.Queue()

    def child() -> None:
        os.setgid(NOBODY)
        os.setuid(NOBODY)
        try:
            queue.put(("ok", fn()))
        except BaseException as exc:
            queue.put(("error", (type(exc).__name__, str(exc))))

    proc = ctx.Process(target=child)
    proc.start()
    kind, value = queue.get(timeout=60)
    proc.join(timeout=60)
    if kind == "error":
        raise RuntimeError(f"{value[0]}: {value[1]}")
    return value


def make_db(path: Path, events: int = 3) -> list[tuple[Any, ...]]:
    with EventStore.open(str(path), check=False, create=True) as store:
        store.upgrade()
        new_game(store)
        fill(store, "g1", events)
        return snapshot(store)


# --- read-only -------------------------------------------------------------------------


def test_read_only_file_reads_but_refuses_appends_clearly(shared_dir: Path) -> None:
    path = shared_dir / "ro.db"
    before = make_db(path)
    path.chmod(0o444)

    def attempt() -> tuple[list[int], str]:
        with EventStore.open(str(path)) as store:
            seqs = [e.seq for e in store.read("g1")]
            try:
                store.append("g1", [note("x")], 3)
            except DatabaseUnavailable as exc:
                return seqs, str(exc)
            return seqs, "appended!"

    seqs, message = as_unprivileged(attempt)
    assert seqs == [1, 2, 3]
    assert message.startswith(f"database {path} is read-only while appending to game g1")
    path.chmod(0o644)
    with EventStore.open(str(path)) as store:
        assert snapshot(store) == before
        assert store.verify("g1").ok


def test_read_only_directory_and_file_are_read_and_writes_give_a_clear_error(
    shared_dir: Path,
) -> None:
    path = shared_dir / "ro.db"
    before = make_db(path)
    path.chmod(0o444)
    shared_dir.chmod(0o555)

    def attempt() -> str:
        # issue 15: reading works on a read-only file; writing says it is read-only
        with EventStore.open(str(path)) as store:
            assert store.read_only and store.verify("g1").ok
            try:
                fill(store, "g1", 1, start=3)
            except DatabaseUnavailable as exc:
                return str(exc)
        return "written"

    message = as_unprivileged(attempt)
    assert message.startswith(f"database {path} is read-only")
    shared_dir.chmod(0o777)
    path.chmod(0o644)
    with EventStore.open(str(path)) as store:
        assert snapshot(store) == before


# --- corrupt ---------------------------------------------------------------------------


def test_garbage_file_is_named_corrupt_and_left_untouched(sqlite_path: Path) -> None:
    garbage = b"this is not a database, just some bytes " * 200
    sqlite_path.write_bytes(garbage)
    for action in (
        lambda: EventStore.open(str(sqlite_path)),
        lambda: EventStore.open(str(sqlite_path), check=False, create=True).upgrade(),
    ):
        with pytest.raises(
            DatabaseUnavailable,
            match=rf"database {sqlite_path} is corrupt or not a SQLite database",
        ):
            action()
    assert sqlite_path.read_bytes() == garbage


def test_damaged_pages_give_a_clear_error_not_a_traceback(sqlite_path: Path) -> None:
    make_db(sqlite_path, events=300)
    assert not Path(f"{sqlite_path}-wal").exists()  # closing checkpointed everything
    data = bytearray(sqlite_path.read_bytes())
    page = 4096
    for start in range(page, len(data), page):  # every page but the schema page
        data[start + 100 : start + 400] = b"\xff" * 300
    sqlite_path.write_bytes(bytes(data))
    with pytest.raises(RiftlogError) as exc, EventStore.open(str(sqlite_path)) as store:
        result = store.verify("g1")
        result.raise_if_bad()
        list(store.read("g1"))
        store.append("g1", [note("x")], 300)
    assert str(sqlite_path) in str(exc.value) or "hash chain breaks" in str(exc.value)


# --- locked, missing -------------------------------------------------------------------


def test_a_writer_holding_the_lock_times_out_with_a_clear_error(sqlite_path: Path) -> None:
    before = make_db(sqlite_path)
    blocker = sqlite3.connect(sqlite_path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        with (
            EventStore.open(f"sqlite:///{sqlite_path}?busy_timeout=0.2") as store,
            pytest.raises(DatabaseUnavailable, match="is locked by another writer"),
        ):
            store.append("g1", [note("x")], 3)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    with EventStore.open(str(sqlite_path)) as store:
        assert snapshot(store) == before


def test_a_missing_file_is_not_created_by_reading(sqlite_path: Path) -> None:
    with pytest.raises(DatabaseUnavailable, match=r"does not exist: run `riftlog db upgrade`"):
        EventStore.open(str(sqlite_path))
    assert not sqlite_path.exists()


# --- a writer killed mid-append ---------------------------------------------------------


@pytest.mark.parametrize("batch", [1, 25])
def test_writer_killed_with_sigkill_leaves_a_verifying_database(
    sqlite_path: Path, batch: int
) -> None:
    make_db(sqlite_path, events=0)
    for _round in range(3):
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.store.workers", str(sqlite_path), "g1", str(batch)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        committed = 0
        for line in proc.stdout:  # the writer prints each seq after its commit
            committed = int(line)
            if committed >= (_round + 1) * 120:
                break
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        assert proc.returncode == -signal.SIGKILL, proc.stderr.read() if proc.stderr else ""
        with EventStore.open(str(sqlite_path)) as store:
            result = store.verify("g1")
            assert result.ok, result
            last = store.last_seq("g1")
            assert last >= committed  # nothing committed was lost
            assert last % batch == 0  # no torn batch
            assert [e.seq for e in store.read("g1", verify=True)] == list(range(1, last + 1))
