"""Snapshots are never trusted over the events (issue 16), at the store's level.

A snapshot is used (``latest_snapshot``, ``valid_snapshots``) only when its proof checks
with the store's snapshot key, which is kept outside the database: a row written through
``put_snapshot`` without the key, edited in SQL, or copied to another game or seq is
skipped; a reader without the key uses none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from riftlog.events import StoredEvent
from riftlog.store import EventStore
from riftlog.store.snapshot_key import KEY_FILE, SnapshotKey, secrets_folder
from tests.store.helpers import new_game, note, put_vouched, raw

V = "0.1.0"


def _game(store: EventStore) -> list[StoredEvent]:
    new_game(store)
    return store.append("g1", [note(str(i)) for i in range(6)], 0)


def test_a_snapshot_without_a_proof_is_stored_but_never_used(store: EventStore) -> None:
    stored = _game(store)
    put_vouched(store, "g1", 2, stored[1].hash, '{"good": 2}', V)
    store.put_snapshot("g1", 5, stored[4].hash, '{"any": "state"}', V)  # the public call
    assert store.latest_snapshot("g1", V).seq == 2  # type: ignore[union-attr]
    assert [s.seq for s in store.valid_snapshots("g1", V, 6)] == [2]
    listed = store.valid_snapshots("g1", V, 6, vouched_only=False)
    assert [(s.seq, s.vouched) for s in listed] == [(5, False), (2, True)]


def test_a_snapshot_with_a_forged_proof_is_never_used(store: EventStore) -> None:
    stored = _game(store)
    key = store.snapshot_key(create=True)
    assert key is not None
    store.put_snapshot("g1", 5, stored[4].hash, '{"any": "state"}', V,
                       proof=f"{key.key_id}:{'0' * 64}")
    assert store.latest_snapshot("g1", V) is None


def test_a_snapshot_edited_in_sql_is_never_used(store: EventStore) -> None:
    stored = _game(store)
    put_vouched(store, "g1", 2, stored[1].hash, '{"turn": 1}', V)
    put_vouched(store, "g1", 5, stored[4].hash, '{"turn": 3}', V)
    raw(store, "UPDATE snapshots SET state_json = '{\"turn\": 9}' WHERE seq = 5")
    snap = store.latest_snapshot("g1", V)
    assert snap is not None and (snap.seq, snap.state_json) == (2, '{"turn": 1}')


def test_a_snapshot_copied_to_another_seq_or_game_is_never_used(store: EventStore) -> None:
    stored = _game(store)
    other = store.append(new_game(store, "g2"), [note("x"), note("y")], 0)
    text = '{"turn": 1}'
    put_vouched(store, "g1", 2, stored[1].hash, text, V)
    proof = store.valid_snapshots("g1", V, 2)[0].proof
    store.put_snapshot("g2", 2, other[1].hash, text, V, proof=proof)      # another game
    store.put_snapshot("g1", 1, stored[0].hash, text, V, proof=proof)     # another seq
    assert store.latest_snapshot("g2", V) is None
    assert store.latest_snapshot("g1", V, 1) is None
    assert store.latest_snapshot("g1", V).seq == 2  # type: ignore[union-attr]


def test_a_reader_without_the_key_uses_no_snapshot(
        store: EventStore, db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stored = _game(store)
    put_vouched(store, "g1", 5, stored[4].hash, '{"turn": 3}', V)
    monkeypatch.setenv("RIFTLOG_SECRETS", str(tmp_path / "elsewhere"))
    with EventStore.open(db_url) as reader:
        assert reader.snapshot_key() is None
        assert reader.latest_snapshot("g1", V) is None
        assert reader.valid_snapshots("g1", V, 6) == []


def test_the_key_is_kept_outside_the_database_readable_by_its_owner_only(
        store: EventStore) -> None:
    key = store.snapshot_key(create=True)
    path = secrets_folder(store.target.path) / store.store_id / KEY_FILE
    assert path.exists() and path.stat().st_mode & 0o077 == 0
    assert SnapshotKey.load(path.parent) is not None
    assert SnapshotKey.load(path.parent).key_id == key.key_id  # type: ignore[union-attr]
