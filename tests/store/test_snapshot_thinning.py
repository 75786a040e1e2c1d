"""Sealing thins a game's snapshots (issue 26), on SQLite and PostgreSQL alike: one per
window of ``SEALED_SNAPSHOT_EVERY`` seqs plus the last seq's; the events, the head and the
proofs of the snapshots kept are untouched; an open game keeps all of its snapshots;
streaming the game ids."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from riftlog.errors import StoreError
from riftlog.store import EventStore
from riftlog.store.eventstore import SEALED_SNAPSHOT_EVERY
from tests.store.helpers import new_game, note, put_vouched

ENGINE = "0.1.0"


def _events(store: EventStore) -> list[tuple[object, ...]]:
    with store.engine.connect() as conn:
        return [tuple(r) for r in conn.execute(text("SELECT * FROM events ORDER BY position"))]


def _snapshot_seqs(store: EventStore, game_id: str = "g1") -> list[int]:
    with store.engine.connect() as conn:
        rows = conn.execute(text("SELECT seq FROM snapshots WHERE game_id = :g ORDER BY seq"),
                            {"g": game_id}).all()
    return [int(r[0]) for r in rows]


def _game_with_snapshots(store: EventStore, game_id: str, n: int, seqs: list[int]) -> None:
    new_game(store, game_id)
    stored = store.append(game_id, [note(str(i)) for i in range(n)], 0)
    for seq in seqs:
        put_vouched(store, game_id, seq, stored[seq - 1].hash, f'{{"at": {seq}}}', ENGINE)


def test_sealing_keeps_one_snapshot_per_window_and_the_last(store: EventStore) -> None:
    assert SEALED_SNAPSHOT_EVERY == 50
    # as the recorder stores them: at the end of an append, not always on a multiple
    seqs = [5, 10, 47, 52, 55, 99, 101, 150, 151, 163]
    _game_with_snapshots(store, "g1", 163, seqs)
    before = _events(store)
    store.seal("g1")
    assert _snapshot_seqs(store) == [5, 52, 101, 150, 163]
    assert _events(store) == before  # the event log is untouched
    assert store.verify("g1").ok


def test_the_snapshots_kept_still_check(store: EventStore) -> None:
    _game_with_snapshots(store, "g1", 120, list(range(5, 121, 5)))
    store.seal("g1")
    kept = store.valid_snapshots("g1", ENGINE, 120)
    assert [s.seq for s in kept] == [120, 100, 50, 5]
    assert all(s.vouched for s in kept)  # the proofs of what is kept are valid
    snap = store.latest_snapshot("g1", ENGINE, 99)
    assert snap is not None and (snap.seq, snap.state_json) == (50, '{"at": 50}')


def test_an_open_game_keeps_every_snapshot(store: EventStore) -> None:
    seqs = list(range(5, 121, 5))
    _game_with_snapshots(store, "g1", 120, seqs)
    _game_with_snapshots(store, "g2", 60, [5, 10, 55])
    store.seal("g2")  # sealing another game thins only that one
    assert _snapshot_seqs(store, "g1") == seqs
    assert _snapshot_seqs(store, "g2") == [5, 55]
    with pytest.raises(StoreError, match="game g1 is not sealed"):
        store.thin_snapshots("g1")


def test_thin_snapshots_of_a_game_sealed_before(store: EventStore) -> None:
    """A game sealed by an older riftlog (or snapshots written after the seal): thinned on
    demand, per engine version."""
    _game_with_snapshots(store, "g1", 30, [])
    store.seal("g1")
    stored = list(store.read("g1"))
    for seq in (3, 6, 9, 12, 30):
        for engine in (ENGINE, "0.0.9"):
            put_vouched(store, "g1", seq, stored[seq - 1].hash, "{}", engine)
    assert store.thin_snapshots("g1", every=10) == 4  # 6 and 9 of each engine version
    assert _snapshot_seqs(store) == [3, 3, 12, 12, 30, 30]
    assert store.thin_snapshots("g1", every=10) == 0


def test_game_ids_stream_in_the_order_of_games(store: EventStore) -> None:
    for i in range(7):
        new_game(store, f"g{i}")
    expected = [g.id for g in store.games()]
    assert list(store.game_ids(page=3)) == expected  # pages of 3: 3 + 3 + 1
    assert list(store.game_ids(page=7)) == expected  # a full last page, then an empty one
    assert store.game_count() == 7
