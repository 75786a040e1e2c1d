"""Issue 7 (re-validation speed): the shortcuts of the replay path give the same results.

* a replay without in-memory checkpoints (no rewind or correction in the game) reports
  exactly what a replay with checkpoints every few events does;
* ``EventStore.valid_snapshots`` (one query) lists what walking ``latest_snapshot`` finds;
* the stored-snapshot check hashes a packed snapshot's bytes as stored (no state built) and
  judges every snapshot as before: keyed ones by loading them, wrong ones still found.
"""

from __future__ import annotations

import gc
import hashlib
import json
from pathlib import Path

import pytest
from sqlalchemy import text as sql_text

import riftlog.replay as replay_module
from riftlog import ENGINE_VERSION
from riftlog.reducer import Folder, _canonical_bytes, _plain, state_at, state_hash, write_snapshots
from riftlog.replay import _loaded_hash, _stored_snapshots, replay_events, replay_game
from riftlog.snapshot_codec import decode_state, encode_state
from riftlog.store import EventStore
from tests.usecases.conftest import SHARED_GAMES
from tests.usecases.helpers import bot_game, new_store


@pytest.mark.parametrize("game", sorted(SHARED_GAMES))
def test_replay_without_checkpoints_reports_the_same(shared_store: EventStore, game: str) -> None:
    events = list(shared_store.read(game))
    fast = replay_events(events, game_id=game)  # no rewind: no checkpoints kept
    slow_folder = Folder(judge=True, hashes=True, checkpoint_every=3,
                         full_hash_at={events[-1].seq})
    slow_hashes = [slow_folder.feed(ev).state_hash for ev in events]
    assert [v.state_hash for v in fast.verdicts] == slow_hashes
    assert fast.counts() == {"legal": len(events), "illegal": 0, "unverifiable": 0,
                             "divergent": 0}


def test_valid_snapshots_lists_what_walking_latest_snapshot_finds(shared_store: EventStore) -> None:
    for game in sorted(SHARED_GAMES):
        last = shared_store.last_seq(game)
        walked, at = [], last
        while (snap := shared_store.latest_snapshot(game, ENGINE_VERSION, at)) is not None:
            walked.append(snap)
            at = snap.seq - 1
        listed = shared_store.valid_snapshots(game, ENGINE_VERSION, last)
        assert [(s.seq, s.event_hash, s.state_json) for s in listed] == \
            [(s.seq, s.event_hash, s.state_json) for s in walked]
        assert len(listed) >= 2


def test_a_packed_snapshots_bytes_are_the_state_hashs_bytes(shared_store: EventStore) -> None:
    game = sorted(SHARED_GAMES)[0]
    stored = _stored_snapshots(shared_store, game, shared_store.last_seq(game))
    assert stored
    for seq, snap in stored.items():
        live = state_at(shared_store, game, seq, use_snapshots=False).state
        assert snap.raw == _canonical_bytes(_plain(live))
        assert hashlib.sha256(snap.raw).hexdigest() == state_hash(live) == \
            _loaded_hash(snap.loadable_text())


def _game_with_snapshots(tmp_path: Path) -> EventStore:
    store = new_store(tmp_path)
    bot_game(store, "g", 5, turns=4, snapshot_every=0)
    assert write_snapshots(store, "g", every=5)
    return store


def test_a_keyed_snapshot_has_no_quick_hash_and_is_judged_by_loading(tmp_path: Path) -> None:
    store = _game_with_snapshots(tmp_path)
    ev = store.event("g", 5)
    keyed = json.loads(store.latest_snapshot("g", ENGINE_VERSION, 5).state_json)  # type: ignore[union-attr]
    keyed["state"] = decode_state(keyed["state"]).to_json()  # the older keyed form
    store.put_snapshot("g", 5, ev.hash, json.dumps(keyed), ENGINE_VERSION)
    assert _stored_snapshots(store, "g", 5)[5].raw is None
    report = replay_game(store, "g", refresh_snapshots=False)
    assert not any("differs" in s for s in report.snapshots)
    assert any("agree with the events" in s for s in report.snapshots)


@pytest.mark.parametrize("form", ["packed", "keyed"])
def test_a_wrong_snapshot_is_still_found(tmp_path: Path, form: str) -> None:
    store = _game_with_snapshots(tmp_path)
    ev = store.event("g", 10)
    bogus = json.loads(store.latest_snapshot("g", ENGINE_VERSION, 10).state_json)  # type: ignore[union-attr]
    state = decode_state(bogus["state"])
    next(iter(state.players.values())).points += 1
    bogus["state"] = encode_state(state) if form == "packed" else state.to_json()
    store.put_snapshot("g", 10, ev.hash, json.dumps(bogus), ENGINE_VERSION)
    report = replay_game(store, "g", refresh_snapshots=False, check_snapshots=True)
    assert [s for s in report.snapshots if "differs" in s] == \
        ["snapshot at seq 10 differs from the events: rebuilt"]


def test_canonical_bytes_are_the_standard_encoders(shared_store: EventStore) -> None:
    """state_hash's encoding (orjson when installed) gives the standard encoder's bytes."""
    from riftlog.reducer import _canonical_bytes, _encode, _plain

    game = sorted(SHARED_GAMES)[1]
    folder = Folder()
    seen = 0
    for ev in shared_store.read(game):
        folder.feed(ev)
        if folder.state is not None:
            tree = _plain(folder.state)
            assert _canonical_bytes(tree) == _encode(tree).encode("utf-8")
            seen += 1
    assert seen > 20
    odd = {"b": ["é ✓ \u2028 \x01 \"q\" \\", None, True, -3, (1, 2)], "a": {"z": {}, "y": []},
           "n": {1: "int key"}}
    assert _canonical_bytes(odd) == _encode(odd).encode("utf-8")
    with pytest.raises(TypeError):
        _canonical_bytes({"state": Folder})  # not plain data: refused as before


def test_material_bytes_are_the_standard_encoders() -> None:
    """The per-seq material's encoding (orjson when installed) gives the json encoder's
    bytes, including what is not plain data (models, state classes, sets) and int keys."""
    from riftlog.events.decisions import PriorityPassed
    from riftlog.reducer import Stop, _encode_material, _material_bytes
    from riftlog.rules.board.state import RunePool

    odd = [("kill", "p1", ("p1.3",), {"by": {"unit", "spell"}, "model": PriorityPassed(player="p1"),
                                       "pool": RunePool()}, "public", "323.4", None),
           {"b": "é ✓", "a": [None, True, -3]}, Stop(3, "impossible", "no")]
    for tree in (odd, odd[1], [odd[1], {"s": frozenset({"x"})}], {2: "int keys", 1: None}):
        assert _material_bytes(tree) == _encode_material(tree).encode("utf-8")


def test_per_seq_hashes_do_not_depend_on_the_snapshot_interval(tmp_path: Path) -> None:
    """The same game stored with snapshots every 5 events, every 50 and none replays to the
    same per-seq state hashes (they are a function of the events alone), and every stored
    snapshot is still checked."""
    hashes = []
    for every in (5, 50, 0):
        store = new_store(tmp_path / f"every-{every}")
        try:
            bot_game(store, "g", 3, turns=4, snapshot_every=every)
            report = replay_game(store, "g")
            hashes.append([v.state_hash for v in report.verdicts])
            if every == 5:  # (the game is shorter than 50 events)
                assert report.snapshots and "agree with the events" in report.snapshots[-1]
        finally:
            store.close()
    assert hashes[0] == hashes[1] == hashes[2]
    assert len(set(hashes[0])) == len(hashes[0])  # a chain: every seq's hash is new


def test_snapshot_sample_is_the_full_hash_seqs_and_the_newest() -> None:
    from riftlog.replay import snapshot_sample

    assert snapshot_sample([]) == []
    assert snapshot_sample([5, 10, 45, 50, 55, 100, 105]) == [50, 100, 105]
    assert snapshot_sample([7, 14]) == [14]


def test_a_replay_checks_a_sample_of_snapshots_and_all_when_asked(tmp_path: Path) -> None:
    """By default the newest snapshot and those every FULL_HASH_EVERY seqs are checked (a
    wrong one among them is found and rebuilt); a wrong snapshot elsewhere is found with
    check_snapshots=True.  The verdicts are the same either way."""
    store = _game_with_snapshots(tmp_path)
    last = store.last_seq("g")
    seqs = [s.seq for s in store.valid_snapshots("g", ENGINE_VERSION, last)]
    newest = max(seqs)
    assert 10 in seqs and newest != 10
    for seq in (10, newest):
        ev = store.event("g", seq)
        bogus = json.loads(store.latest_snapshot("g", ENGINE_VERSION, seq).state_json)  # type: ignore[union-attr]
        state = decode_state(bogus["state"])
        state.turn += 7
        bogus["state"] = encode_state(state)
        store.put_snapshot("g", seq, ev.hash, json.dumps(bogus), ENGINE_VERSION)
    sampled = replay_game(store, "g", refresh_snapshots=False)
    assert [s for s in sampled.snapshots if "differs" in s] == \
        [f"snapshot at seq {newest} differs from the events: rebuilt"]
    full = replay_game(store, "g", refresh_snapshots=False, check_snapshots=True)
    assert [s for s in full.snapshots if "differs" in s] == \
        ["snapshot at seq 10 differs from the events: rebuilt",
         f"snapshot at seq {newest} differs from the events: rebuilt"]
    assert [v.state_hash for v in sampled.verdicts] == [v.state_hash for v in full.verdicts]
    replay_game(store, "g", check_snapshots=True)  # rebuilds both
    again = replay_game(store, "g", refresh_snapshots=False, check_snapshots=True)
    assert again.snapshots == [f"{len(seqs)} snapshots checked: they agree with the events"]


def test_awaited_in_words_is_the_pending_request_in_words(shared_store: EventStore) -> None:
    """engine.awaited (the replayer's shortcut, no Request built) says what describing
    engine.pending says, at every seq of a stored game, and "nothing" once it is over."""
    from riftlog.rules import engine

    game = sorted(SHARED_GAMES)[0]
    folder = Folder()
    fronts = {"await": 0, "other": 0}  # both ways engine.awaited answers are exercised
    for ev in shared_store.read(game):
        folder.feed(ev)
        state = folder.state
        if state is not None:
            assert engine.awaited(state) == engine.describe(engine.pending(state))
            if state.queue and state.phase != "over":
                fronts["await" if state.queue[0]["kind"] == "await" else "other"] += 1
    assert fronts["await"] > 0 and fronts["other"] > 0
    assert engine.describe([]) == "nothing"


def test_category_table_is_what_isinstance_says(shared_store: EventStore) -> None:
    from riftlog.events.decisions import RandomOutcome
    from riftlog.events.payloads import GameCreated, GameRewound, OutcomeCorrected
    from riftlog.reducer_fold import _FIXED_CATEGORY, JUDGE_TYPES, _category

    def slow(p: object) -> str:
        if isinstance(p, GameCreated):
            return "created"
        if isinstance(p, RandomOutcome):
            return "outcome"
        if type(p).IS_DECISION:  # type: ignore[attr-defined]
            return "decision"
        return "judge" if p.type in JUDGE_TYPES else "other"  # type: ignore[attr-defined]

    for game in sorted(SHARED_GAMES):
        for ev in shared_store.read(game):
            payload = ev.decoded()
            assert _category(payload) == _category(payload) == slow(payload)
    for cls in _FIXED_CATEGORY:
        assert not issubclass(cls, (GameRewound, OutcomeCorrected))


def test_a_legal_steps_short_verdict_is_the_keyword_built_one() -> None:
    """replay-perf: ``_verdict`` builds a legal step's verdict positionally; a field added
    to or moved in :class:`Verdict` must not shift its arguments."""
    from riftlog.reducer_fold import Step
    from riftlog.replay import Verdict, _verdict
    from riftlog.rules.board.core import GameAction

    act = GameAction("ready", "p1", ("o1",), {}, "public", "415.1", "p1")
    step = Step(7, "UnitPlayed", "p1", "decision", applied=True, actions=[act],
                awaited="main from p1 (TurnEnded)", state_hash="h", turn=3, phase="main")
    want = Verdict(seq=7, type="UnitPlayed", actor="p1", category="decision", verdict="legal",
                   awaited="main from p1 (TurnEnded)", state_hash="h", turn=3, phase="main",
                   game_actions=[act])
    assert _verdict(step) == want
    step.not_compared = ["x"]  # the general path
    assert _verdict(step).notes == ["reported outcomes not compared: x"]


def test_a_folded_events_step_is_the_constructed_one() -> None:
    """replay-perf: ``Folder.feed`` makes a decision's :class:`Step` by ``_new_step``, which
    sets the slots itself: it must give every field the constructor's default (a field
    added to Step without it leaves a slot unset, which this test reads), each empty
    list a fresh one."""
    from dataclasses import fields

    from riftlog.reducer_fold import Step, _new_step

    fast, slow = _new_step(7, "UnitPlayed", "p1", "decision"), Step(7, "UnitPlayed", "p1", "decision")
    for f in fields(Step):
        assert getattr(fast, f.name) == getattr(slow, f.name), f.name
    other = _new_step(8, "TurnEnded", None, "decision")
    lists = [getattr(fast, f.name) for f in fields(Step) if isinstance(getattr(fast, f.name), list)]
    assert len(lists) == 6 and all(getattr(other, f.name) is not getattr(fast, f.name)
                                   for f in fields(Step) if isinstance(getattr(fast, f.name), list))
    assert fast == slow


def test_a_replay_freezes_what_is_loaded_once(shared_store: EventStore,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 26: the first replay of a process collects once and freezes what is loaded
    (the catalog, the engine), so that later full collections do not traverse it; later
    replays neither collect nor freeze again."""
    calls: list[str] = []
    monkeypatch.setattr(replay_module, "_frozen", False)
    monkeypatch.setattr(gc, "collect", lambda *a: calls.append("collect") or 0)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    game = sorted(SHARED_GAMES)[0]
    first = replay_game(shared_store, game, refresh_snapshots=False)
    assert calls == ["collect", "freeze"]
    again = replay_game(shared_store, game, refresh_snapshots=False)
    assert calls == ["collect", "freeze"]
    assert first.hashes() == again.hashes() and first.ok


def test_state_bytes_are_read_as_the_standard_parser_reads(tmp_path: Path) -> None:
    """replay-perf: a snapshot's text is parsed with orjson, which reads only the state's
    strings as the standard parser does (an integer beyond 64 bits elsewhere, which orjson
    reads as a float, changes nothing); a damaged text has no state bytes."""
    store = _game_with_snapshots(tmp_path)
    stored = _stored_snapshots(store, "g", store.last_seq("g"))
    seq, snap = max(stored.items())
    assert snap.raw
    data = json.loads(snap.text)
    data["line"]["huge"] = 10**30
    for text, raw in ((json.dumps(data), snap.raw),
                      (snap.text.replace('"z":"', '"z":"!', 1), None),
                      (snap.text[:-2], None)):
        with store.engine.begin() as conn:  # (put_snapshot refuses a text that is not JSON)
            conn.execute(sql_text("UPDATE snapshots SET state_json = :t WHERE game_id = 'g' "
                                  "AND seq = :s"), {"t": text, "s": seq})
        assert _stored_snapshots(store, "g", seq)[seq].raw == raw
