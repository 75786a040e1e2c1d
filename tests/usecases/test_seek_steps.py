"""Stepping through a game (issue 26): a seek after the previous one, with no newer
snapshot in between, folds on from the position the previous seek reached (a private
copy), and gives exactly what folding from the start gives."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from riftlog import ENGINE_VERSION, reducer_snapshots
from riftlog.reducer import state_at, state_hash
from riftlog.store import EventStore
from tests.usecases.helpers import bot_game, fold_hashes, new_store


@pytest.fixture
def sealed(tmp_path: Path) -> EventStore:
    store = new_store(tmp_path)
    bot_game(store, "g", 4, turns=8, snapshot_every=5)  # sealed: one snapshot per 50 seqs
    return store


def test_stepping_forward_equals_folding_from_the_start(
        sealed: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = fold_hashes(sealed, "g")
    used: list[int] = []
    real = reducer_snapshots._from_kept

    def spy(store: EventStore, game_id: str, seq: int, kept: object) -> object:
        used.append(seq)
        return real(store, game_id, seq, kept)  # type: ignore[arg-type]

    monkeypatch.setattr(reducer_snapshots, "_from_kept", spy)
    for seq in range(1, len(expected) + 1):
        position = state_at(sealed, "g", seq)
        assert state_hash(position.state) == expected[seq - 1], seq
        position.state.turn += 100  # type: ignore[union-attr]  # a caller's change stays its own
    assert len(used) > len(expected) // 2  # most steps folded on from the kept position


def test_seeking_anywhere_after_steps_still_equals_folding(sealed: EventStore) -> None:
    expected = fold_hashes(sealed, "g")
    rng = random.Random(2)
    for seq in [rng.randint(1, len(expected)) for _ in range(40)]:
        assert state_hash(state_at(sealed, "g", seq).state) == expected[seq - 1], seq


def test_a_kept_position_whose_event_changed_is_not_used(
        sealed: EventStore) -> None:
    expected = fold_hashes(sealed, "g")
    state_at(sealed, "g", 29)
    state_at(sealed, "g", 30)  # a step: its position is kept
    kept = reducer_snapshots._kept_list()[-1]
    assert kept is not None and kept.seq == 30
    kept.event_hash = "0" * 64  # as if the stored history had changed since
    assert state_hash(state_at(sealed, "g", 31).state) == expected[30]
    again = reducer_snapshots._kept_list()[-1]  # the seek went back to its snapshot
    assert again is not None and (again.seq, again.event_hash) == (31, sealed.event("g", 31).hash)


@pytest.fixture
def live(tmp_path: Path) -> EventStore:
    store = new_store(tmp_path)
    bot_game(store, "g", 4, turns=8, snapshot_every=5, finish=False)  # a snapshot every 5
    return store


def test_stepping_through_dense_snapshots_keeps_the_position(
        live: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 26 (BOARD): a seek one seq after the previous one keeps its position even when
    it folded fewer than KEEP_AFTER events after its snapshot (stepping), so the next step
    folds one event from it; every step gives what folding from the start gives, and a
    caller's change to a position never reaches the next one."""
    expected = fold_hashes(live, "g")
    used: list[int] = []
    real = reducer_snapshots._from_kept

    def spy(store: EventStore, game_id: str, seq: int, kept: object) -> object:
        used.append(seq)
        return real(store, game_id, seq, kept)  # type: ignore[arg-type]

    monkeypatch.setattr(reducer_snapshots, "_from_kept", spy)
    reducer_snapshots._LAST.__dict__.clear()
    for seq in range(1, len(expected) + 1):
        position = state_at(live, "g", seq)
        assert state_hash(position.state) == expected[seq - 1], seq
        position.state.turn += 100  # type: ignore[union-attr]
        position.state.objects.clear()  # type: ignore[union-attr]
    # every step after the first snapshot, those landing on one too, folds on from the kept
    # one (without asking for a snapshot)
    snaps = {s.seq for s in live.valid_snapshots("g", ENGINE_VERSION, len(expected))}
    steps = list(range(min(snaps) + 1, len(expected) + 1))
    assert used == steps and len(snaps) >= len(expected) // 5 - 1


def test_random_seeks_keep_nothing(live: EventStore) -> None:
    """A seek that is not a step keeps nothing, whatever its tail's length (issue 26, SEEK:
    a state copy for a next step that random seeks rarely make)."""
    expected = fold_hashes(live, "g")
    reducer_snapshots._LAST.__dict__.clear()
    state_at(live, "g", 39)  # four events after the snapshot at 35 (a seek, not a step)
    assert not reducer_snapshots._kept_list()
    assert state_hash(state_at(live, "g", 14).state) == expected[13]  # far away: a seek
    assert not reducer_snapshots._kept_list()
    state_at(live, "g", 41)  # one event after the snapshot at 40 (a seek, not a step)
    assert not reducer_snapshots._kept_list()
    assert state_hash(state_at(live, "g", 42).state) == expected[41]  # a step: kept now
    assert reducer_snapshots._kept_list()[-1].seq == 42
    assert state_hash(state_at(live, "g", 11).state) == expected[10]  # backwards: from 10
    assert reducer_snapshots._kept_list()[-1].seq == 42  # (nothing new kept)
