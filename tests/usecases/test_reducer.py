"""The reducer: state at any seq, snapshots as a cache, state hashes, the turn index."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riftlog import ENGINE_VERSION, reducer_snapshots
from riftlog.events import Actor, StoredEvent
from riftlog.events.payloads import GameCreated
from riftlog.recorder import play_bot
from riftlog.reducer import Folder, Step, state_at, state_hash, write_snapshots
from riftlog.replay import diff_hashes, replay_game
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.snapshot_codec import decode_state, encode_state
from riftlog.store import EventStore
from tests.usecases.conftest import SHARED_GAMES
from tests.usecases.helpers import bot_game, duel, new_store

JUDGE = Actor.judge("Judge")

GAMES = st.sampled_from(sorted(SHARED_GAMES))


def _live_hashes(store: EventStore, game: str) -> list[str]:
    """State hashes after each event, by applying the payloads with the engine directly."""
    events = list(store.read(game))
    created = events[0].decoded()
    assert isinstance(created, GameCreated)
    state = engine.new_game(created)
    out = [state_hash(state)]
    for ev in events[1:]:
        if ev.type != "SeedRevealed":
            engine.apply_in_place(state, ev.decoded())
        out.append(state_hash(state))
    return out


@settings(max_examples=12)
@given(game=GAMES, frac=st.floats(0, 1))
def test_state_at_seq_equals_the_live_state(shared_store: EventStore, game: str, frac: float) -> None:
    live = _live_hashes(shared_store, game)
    seq = 1 + int(frac * (len(live) - 1))
    assert state_hash(state_at(shared_store, game, seq).state) == live[seq - 1]


@settings(max_examples=12)
@given(game=GAMES, frac=st.floats(0, 1))
def test_folding_from_a_snapshot_equals_folding_from_the_start(
        shared_store: EventStore, game: str, frac: float) -> None:
    last = shared_store.last_seq(game)
    seq = 1 + int(frac * (last - 1))
    with_snap = state_at(shared_store, game, seq)
    plain = state_at(shared_store, game, seq, use_snapshots=False)
    assert with_snap.state == plain.state


def test_recorder_writes_snapshots_every_n_events(tmp_path: Path) -> None:
    """While the game is live, one snapshot per window of N seqs (sealing thins them:
    tests/store/test_snapshot_thinning.py)."""
    store = new_store(tmp_path)
    bot_game(store, "g", 3, turns=3, finish=False, snapshot_every=7)
    last = store.last_seq("g")
    seqs = [s.seq for s in store.valid_snapshots("g", ENGINE_VERSION, last)]
    windows = [s // 7 for s in seqs]
    assert windows == sorted(set(windows), reverse=True)  # newest first, one per window
    assert len(seqs) >= last // 7 - 1 and last >= 21


def test_a_wrong_snapshot_is_found_by_replay_and_rebuilt(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    bot_game(store, "g", 5, turns=4, snapshot_every=0)
    assert write_snapshots(store, "g", every=5)
    ev = store.event("g", 5)
    bogus = json.loads(store.latest_snapshot("g", ENGINE_VERSION, 5).state_json)  # type: ignore[union-attr]
    state = decode_state(bogus["state"])
    state.turn = 99
    bogus["state"] = encode_state(state)
    store.put_snapshot("g", 5, ev.hash, json.dumps(bogus), ENGINE_VERSION)
    report = replay_game(store, "g", check_snapshots=True)
    assert any("seq 5 differs" in s for s in report.snapshots)
    fixed = store.latest_snapshot("g", ENGINE_VERSION, 5)
    assert fixed is not None and decode_state(json.loads(fixed.state_json)["state"]).turn != 99


def test_state_hash_per_seq_is_reproducible_and_diffable(shared_store: EventStore) -> None:
    a = replay_game(shared_store, "g2").hashes()
    b = replay_game(shared_store, "g2").hashes()
    assert diff_hashes(a, b) is None
    b[9] = "changed"
    assert diff_hashes(a, b) == 9


def test_turn_index_maps_turns_and_phases_to_seqs(shared_store: EventStore) -> None:
    index = replay_game(shared_store, "g3").turn_index
    seqs = [row["seq"] for row in index]
    assert seqs == sorted(seqs)
    turns = [row["turn"] for row in index]
    assert turns == sorted(turns) and max(turns) >= 3
    first_main = next(row for row in index if row["turn"] == 2 and row["phase"] == "main")
    assert state_at(shared_store, "g3", first_main["seq"]).state.turn == 2  # type: ignore[union-attr]


def test_fold_checkpoints_do_not_change_the_result(shared_store: EventStore) -> None:
    events = list(shared_store.read("g4"))
    a, b = Folder(checkpoint_every=1), Folder(checkpoint_every=1000)
    for ev in events:
        a.feed(ev)
        b.feed(ev)
    assert a.state == b.state


class _Tampered(Folder):
    """A judged, hashing fold that runs *tamper(state)* right after seq *at* is folded
    (standing for an engine change)."""

    def __init__(self, at: int, tamper: Callable[[GameState], None], full_at: set[int]) -> None:
        super().__init__(judge=True, hashes=True, full_hash_at=full_at)
        self.at, self.tamper = at, tamper

    def _finish(self, step: Step, rebuilt: bool = False) -> None:
        if step.seq == self.at and self.state is not None:
            self.tamper(self.state)
        super()._finish(step, rebuilt)


def _hashes_with(store: EventStore, game: str, at: int, tamper: Callable[[GameState], None],
                 full_at: set[int] | None = None) -> list[tuple[str, str]]:
    """(chained hash, full hash) of each seq; the full hash is folded in at *full_at* too
    (default: the last seq, as the replayer does) besides every FULL_HASH_EVERY seqs."""
    folder = _Tampered(at, tamper, full_at or {store.last_seq(game)})
    return [(step.state_hash, step.full_hash) for step in map(folder.feed, store.read(game))]


@pytest.mark.parametrize("extra_full", [0, 3])
def test_an_outcome_change_shows_in_every_later_chained_hash(shared_store: EventStore,
                                                             extra_full: int) -> None:
    last = shared_store.last_seq("g2")
    k = last // 2
    full_at = {last, k + extra_full}
    plain = _hashes_with(shared_store, "g2", 0, lambda s: None, full_at)
    assert plain == _hashes_with(shared_store, "g2", 0, lambda s: None, full_at)

    def silent(state: GameState) -> None:  # a change no game action or request shows
        obj = next(iter(state.objects.values()))
        obj.damage += 1

    changed = _hashes_with(shared_store, "g2", k, silent, full_at)
    first = next(i for i, (a, b) in enumerate(zip(plain, changed, strict=True)) if a != b) + 1
    assert first >= k
    # at the latest at the next seq whose full state hash is folded in
    next_full = next(i + 1 for i in range(k - 1, last) if plain[i][1])
    assert first <= next_full
    assert all(a[0] != b[0] for a, b in zip(plain[first - 1:], changed[first - 1:], strict=True))
    # where it is folded in, the full hash is the state hash of the state at that seq
    fulls = [seq for seq, (_, full) in enumerate(plain, 1) if full]
    assert full_at <= set(fulls)
    for seq in fulls:
        assert plain[seq - 1][1] == state_hash(state_at(shared_store, "g2", seq).state)


def test_a_visible_outcome_change_shows_at_its_own_seq(shared_store: EventStore) -> None:
    plain = _hashes_with(shared_store, "g3", 0, lambda s: None)
    k = len(plain) // 2

    def visible(state: GameState) -> None:  # the awaited decision changes
        state.queue.insert(0, {"kind": "await", "request": "x", "player": None,
                               "decisions": [], "rule": None})

    changed = _hashes_with(shared_store, "g3", k, visible)
    assert plain[k - 2] == changed[k - 2]
    assert plain[k - 1][0] != changed[k - 1][0]


def test_state_at_from_a_snapshot_reads_only_later_events_and_agrees(tmp_path: Path) -> None:
    """Snapshots carry the line: a seek reads the events after the snapshot only (and
    seq 1, the creation, which compact snapshots do not copy: issue 26), and gives what
    folding from seq 1 gives, across rewinds (before and after a snapshot)."""
    store = new_store(tmp_path)
    rec = duel(store, "g", snapshot_every=4)
    play_bot(rec, 5, max_turns=3)
    rec.rewind(rec.seq - 6, JUDGE, "back up past a snapshot")
    play_bot(rec, 6, max_turns=4)
    rec.rewind(rec.seq - 1, JUDGE, "back up a little")
    play_bot(rec, 7, max_turns=5)
    rec.ruling(JUDGE, "noted", ["316.2"], about_seq=3)
    last = store.last_seq("g")
    assert store.latest_snapshot("g", ENGINE_VERSION, last) is not None
    reads: list[int] = []
    real_read, real_range, real_linked = store.read, store.read_range, store.read_linked

    def counting_read(game_id: str, from_seq: int = 1, to_seq: int | None = None,
                      **kw: bool) -> Iterator[StoredEvent]:
        reads.append(from_seq)
        return real_read(game_id, from_seq, to_seq, **kw)

    def counting_range(game_id: str, from_seq: int, to_seq: int) -> list[StoredEvent]:
        reads.append(from_seq)
        return real_range(game_id, from_seq, to_seq)

    def counting_linked(game_id: str, seq: int, seq_hash: str, to_seq: int,
                        with_first: bool = False) -> object:
        reads.append(seq + 1)
        return real_linked(game_id, seq, seq_hash, to_seq, with_first=with_first)

    real_seek = store.seek_snapshot

    def counting_seek(game_id: str, engine_version: str, seq: int) -> object:
        found = real_seek(game_id, engine_version, seq)
        if found is not None:  # the snapshot and the events after it: one cursor
            reads.append(found[0].seq + 1)
        return found

    fast_seeks = 0
    for seq in range(1, last + 1):
        reads.clear()
        store.read = counting_read  # type: ignore[method-assign]
        store.read_range = counting_range  # type: ignore[method-assign]
        store.read_linked = counting_linked  # type: ignore[assignment, method-assign]
        store.seek_snapshot = counting_seek  # type: ignore[assignment, method-assign]
        reducer_snapshots._LAST.__dict__.clear()  # a seek from its snapshot, not a step
        try:
            fast = state_at(store, "g", seq)
        finally:
            del store.read, store.read_range, store.read_linked, store.seek_snapshot
        if reads[-1:] == [1]:
            reads.pop()  # seq 1 read once (the game's creation, then kept per thread)
        slow = state_at(store, "g", seq, use_snapshots=False)
        assert fast.state == slow.state and fast.stopped == slow.stopped, seq
        assert fast.voided == slow.voided and fast.created == slow.created, seq
        snap = store.latest_snapshot("g", ENGINE_VERSION, seq)
        if snap is not None and snap.seq in slow.line:
            # one read: the snapshot and the events after it (issue 26: one cursor)
            assert reads == [snap.seq + 1], seq
            fast_seeks += 1
    assert fast_seeks > last // 2
