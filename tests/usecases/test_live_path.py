"""The live path (issue 26): a legal decision is applied to the recorder's own state (no
clone); when storing it fails, the recorder's state is folded again from the store, so
nothing of the refused decision stays in it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from riftlog.errors import ConcurrencyConflict
from riftlog.recorder import Recorder
from riftlog.reducer import state_at, state_hash
from riftlog.rules import bot, engine
from riftlog.seeding import SeedKeeper
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
