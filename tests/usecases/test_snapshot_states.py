"""Decoded snapshot states kept in memory (issue 26, SEEK: :mod:`riftlog.snapshot_states`):
a seek near an earlier one takes a copy of its snapshot's decoded state, and gives exactly
what folding from the start gives; random seeks keep (almost) nothing; a row whose text
changed is never answered from a state decoded from another text; at most ``KEEP`` states
per thread."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from riftlog import ENGINE_VERSION, reducer_snapshots, snapshot_states
from riftlog.reducer import snapshot_json, state_at, state_hash, write_snapshots
from riftlog.seeding import SeedKeeper
from riftlog.snapshot_codec import decode_state, encode_state
from riftlog.store import EventStore
from tests.usecases.helpers import bot_game, fold_hashes, new_store
from tests.usecases.test_seek_walk import _bench_long_game


def _scrub(last: int, seed: int, n: int) -> list[int]:
    """*n* seqs of a viewer scrubbing: back and forth within a dozen seqs of a point that
    drifts, now and then a jump."""
    rng = random.Random(seed)
    centre, out = rng.randint(1, last), []
    for _ in range(n):
        if rng.random() < 0.05:
            centre = rng.randint(1, last)
        centre = max(1, min(last, centre + rng.randint(-2, 2)))
        out.append(max(1, min(last, centre + rng.randint(-12, 12))))
    return out


def _hits(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts of the cache's answers during a test."""
    counts = {"hit": 0, "kept": 0}
    real_kept, real_offer = snapshot_states.kept, snapshot_states.offer

    def kept(key: Any) -> Any:
        found = real_kept(key)
        counts["hit"] += found is not None
        return found

    def offer(*args: Any) -> bool:
        made = real_offer(*args)
        counts["kept"] += made
        return made

    monkeypatch.setattr(snapshot_states, "kept", kept)
    monkeypatch.setattr(snapshot_states, "offer", offer)
    return counts


@pytest.mark.parametrize("seal", [False, True], ids=["every-5", "sealed-every-50"])
def test_a_scrubbing_viewer_gets_what_folding_gives(tmp_path: Path, seal: bool,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    store = new_store(tmp_path)
    gid = _bench_long_game(store, tmp_path, seal)
    expected = fold_hashes(store, gid)
    counts = _hits(monkeypatch)
    real = reducer_snapshots._from_kept

    def from_kept(*args: Any) -> Any:
        position = real(*args)
        counts["position"] = counts.get("position", 0) + (position is not None)
        return position

    monkeypatch.setattr(reducer_snapshots, "_from_kept", from_kept)
    snapshot_states.clear()
    reducer_snapshots._LAST.__dict__.clear()
    for seq in _scrub(len(expected), 4, 120):
        p = state_at(store, gid, seq)
        assert p.state is not None and state_hash(p.state) == expected[seq - 1], seq
        # the caller's state and line are its own: changing them never reaches a kept one
        p.state.turn += 100
        p.state.objects.popitem()
        next(iter(p.state.players.values())).hand.append("x")
        p.line.add_plain(10**6)
    assert counts["hit"] > 10 and counts["kept"] >= 1, counts
    assert len(snapshot_states._CACHE.entries) <= snapshot_states.KEEP
    # scrubbing a sealed game also folds on from positions kept a few seqs before
    assert not seal or counts.get("position", 0) > 20, counts
    assert len(reducer_snapshots._kept_list()) <= reducer_snapshots.KEEP_POSITIONS
    store.close()


def test_random_seeks_keep_few_states(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A state is kept only on its snapshot's second load among the last SEEN loads."""
    store = new_store(tmp_path)
    bot_game(store, "g", 4, turns=8, snapshot_every=5, finish=False)
    counts = _hits(monkeypatch)
    snapshot_states.clear()
    last = store.last_seq("g")
    for seq in range(1, last + 1, 7):  # each snapshot loaded once
        state_at(store, "g", seq)
    assert counts == {"hit": 0, "kept": 0}
    snapshot_states.clear()
    state_at(store, "g", 36)
    state_at(store, "g", 38)  # the snapshot at 35 again: kept
    state_at(store, "g", 37)  # and answered
    assert counts == {"hit": 1, "kept": 1}
    store.close()



def _over(store: EventStore, game_id: str, seq: int) -> str:
    """The true snapshot text at *seq*, edited to say the game is over (p2 won)."""
    data = json.loads(snapshot_json(state_at(store, game_id, seq, use_snapshots=False)))
    state = decode_state(data["state"])
    state.phase, state.winner = "over", ["p2"]
    data["state"] = encode_state(state)
    return json.dumps(data)


def _kept_at(store: EventStore, seq: int) -> None:
    """Load the snapshot at 10 twice (kept) and once more (answered from memory)."""
    snapshot_states.clear()
    reducer_snapshots._LAST.__dict__.clear()
    for s in (seq, seq + 2, seq + 1):
        state_at(store, "g1", s)
    assert any(k[2] == 10 for k in snapshot_states._CACHE.entries)


def test_an_edited_row_is_never_answered_from_memory(store: EventStore, tmp_path: Path) -> None:
    """Both backends: the snapshot at 10 is kept in memory, then its row is edited in SQL
    (the proof no longer checks: the store skips it, whatever is kept) and then rewritten
    with a proof made with the store's own key (as if the key were stolen: the store
    trusts it, and the seek decodes the new text, never the state kept for the old one)."""
    bot_game(store, "g1", 7, turns=3, finish=False, snapshot_every=0,
             keeper=SeedKeeper(tmp_path / "seeds"))
    assert 10 in write_snapshots(store, "g1", every=5)
    truth = state_at(store, "g1", 11, use_snapshots=False).state
    _kept_at(store, 10)
    forged = _over(store, "g1", 10)
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE snapshots SET state_json = :t WHERE game_id = 'g1' AND seq = 10"),
                     {"t": forged})
    reducer_snapshots._LAST.__dict__.clear()
    assert state_at(store, "g1", 11).state == truth  # from the snapshot at 5
    key = store.snapshot_key()
    assert key is not None
    at_hash = store.event("g1", 10).hash
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE snapshots SET proof = :p WHERE game_id = 'g1' AND seq = 10"),
                     {"p": key.proof("g1", 10, ENGINE_VERSION, at_hash, forged)})
    reducer_snapshots._LAST.__dict__.clear()
    assert store.latest_snapshot("g1", ENGINE_VERSION, 11).seq == 10  # type: ignore[union-attr]
    seen = state_at(store, "g1", 10).state
    assert seen is not None and seen.phase == "over"  # the new text, decoded


def test_at_most_keep_states_per_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = new_store(tmp_path)
    bot_game(store, "g", 4, turns=8, snapshot_every=5, finish=False)
    monkeypatch.setattr(snapshot_states, "KEEP", 3)
    snapshot_states.clear()
    for base in range(5, 40, 5):
        for seq in (base + 1, base + 3):
            reducer_snapshots._LAST.__dict__.clear()
            state_at(store, "g", seq)
    assert len(snapshot_states._CACHE.entries) == snapshot_states.KEEP
    store.close()
