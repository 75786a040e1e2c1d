"""The live path (issue 26): a legal decision is applied to the recorder's own state (no
clone); when storing it fails, the recorder's state is folded again from the store, so
nothing of the refused decision stays in it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from riftlog import ENGINE_VERSION
from riftlog.errors import ConcurrencyConflict
from riftlog.events import NewEvent
from riftlog.recorder import LOCAL_RECORDER, Recorder
from riftlog.reducer import Folder, check_snapshots, snapshot_json, state_at, state_hash
from riftlog.rules import bot, engine
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore
from tests.usecases.helpers import duel, new_store


def _next(rec: Recorder, rng: random.Random) -> object:
    req = engine.pending(rec.state)[0]
    return bot.random_outcome(rec.state, req, rng) if req.player is None \
        else bot.choose(rec.state, rng)


def test_a_legal_decision_moves_the_recorder_to_the_stored_state(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g", snapshot_every=0)
    rng = random.Random(3)
    for _ in range(25):
        before = rec.state
        rec.record(_next(rec, rng))  # type: ignore[arg-type]
        assert rec.state is before  # applied in place: no clone of the state
        assert state_hash(rec.state) == state_hash(
            state_at(store, "g", use_snapshots=False).state)


def test_a_refused_append_leaves_the_recorder_at_the_stored_state(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    a = duel(store, "g", snapshot_every=0)
    rng = random.Random(5)
    for _ in range(6):
        a.record(_next(a, rng))  # type: ignore[arg-type]
    b = Recorder.open(store, "g", SeedKeeper(tmp_path / "secrets"))
    stale = _next(b, random.Random(9))
    a.record(_next(a, rng))  # type: ignore[arg-type]  # another writer goes first
    with pytest.raises(ConcurrencyConflict):
        b.record(stale)  # type: ignore[arg-type]
    stored = state_at(store, "g", use_snapshots=False)
    assert b.seq == stored.seq == a.seq
    assert state_hash(b.state) == state_hash(stored.state) == state_hash(a.state)


# --- the snapshot in the append's transaction (issue 26) ------------------------------


def _fold_texts(store: EventStore, gid: str, seqs: set[int]) -> dict[int, str]:
    """The snapshot text a fold from seq 1 gives at each of *seqs*."""
    folder = Folder()
    out: dict[int, str] = {}
    for ev in store.read(gid):
        folder.feed(ev)
        if ev.seq in seqs:
            out[ev.seq] = snapshot_json(folder.position())
    return out


def test_the_recorder_writes_its_snapshots_in_the_appends_transaction(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No separate snapshot write (``put_snapshot`` is never called while recording): each
    snapshot due comes with its append, is vouched for with the store's key and holds what
    a fold from seq 1 gives at its seq."""
    store = new_store(tmp_path)

    def separate(*_a: object, **_k: object) -> None:
        raise AssertionError("a snapshot was written in a transaction of its own")

    rec = duel(store, "g", snapshot_every=4)
    monkeypatch.setattr(EventStore, "put_snapshot", separate)
    rng = random.Random(11)
    for _ in range(30):
        rec.record(_next(rec, rng))  # type: ignore[arg-type]
    monkeypatch.undo()
    snaps = {s.seq: s for s in store.valid_snapshots("g", ENGINE_VERSION, rec.seq)}
    assert len([s for s in snaps if s > 1]) >= 30 // 4 - 1
    assert all(s.vouched for s in snaps.values())
    texts = _fold_texts(store, "g", set(snaps))
    for seq, snap in snaps.items():
        assert snap.state_json == texts[seq], seq
        assert snap.event_hash == store.event("g", seq).hash
    assert check_snapshots(store, "g").ok


def test_a_refused_append_stores_no_snapshot(tmp_path: Path) -> None:
    """The snapshot shares the append's fate: a conflict stores neither."""
    store = new_store(tmp_path)
    rec = duel(store, "g", snapshot_every=0)
    rng = random.Random(5)
    for _ in range(3):
        rec.record(_next(rec, rng))  # type: ignore[arg-type]
    note = NewEvent.of(bot.random_outcome(rec.state, engine.pending(rec.state)[0], rng)
                       if engine.pending(rec.state)[0].player is None
                       else bot.choose(rec.state, rng))
    before = store.snapshot_count("g")
    with pytest.raises(ConcurrencyConflict):
        store.append_judged("g", [note], rec.seq - 1, actor=LOCAL_RECORDER,
                            snapshot=(ENGINE_VERSION, '{"state": {}}'))
    assert store.snapshot_count("g") == before
    assert store.last_seq("g") == rec.seq
