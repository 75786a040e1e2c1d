"""Seeking (issue 7): state_at from the nearest snapshot, the snapshot format and interval."""

from __future__ import annotations

import base64
import gc
import hashlib
import importlib.util
import itertools
import json
import random
import zlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from sqlalchemy import text

from riftlog import ENGINE_VERSION, snapshot_codec
from riftlog.errors import RecorderError
from riftlog.reducer import (
    DEFAULT_SNAPSHOT_EVERY,
    Folder,
    snapshot_every,
    state_at,
    state_hash,
    write_snapshots,
)
from riftlog.replay import replay_game
from riftlog.rules import engine
from riftlog.seeding import SeedKeeper
from riftlog.snapshot_codec import decode_state, encode_state, layout, pack, plain, unpack
from riftlog.store import EventStore
from riftlog.store.eventstore import SEALED_SNAPSHOT_EVERY
from tests.usecases.helpers import bot_game, duel, new_store

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "replay.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_replay", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _hashes_from_the_start(store: EventStore, game_id: str, seqs: set[int]) -> dict[int, str]:
    """state_hash after each seq of *seqs*, folding the whole game once from seq 1."""
    folder = Folder()
    out: dict[int, str] = {}
    for ev in store.read(game_id):
        folder.feed(ev)
        if ev.seq in seqs:
            out[ev.seq] = state_hash(folder.state)
    return out


def _snapshot_seqs(store: EventStore, game_id: str) -> list[int]:
    with store.engine.connect() as conn:
        rows = conn.execute(text("SELECT seq FROM snapshots WHERE game_id = :g ORDER BY seq"),
                            {"g": game_id}).all()
    return [int(r[0]) for r in rows]


def _assert_one_per_window(seqs: list[int], every: int, last: int) -> None:
    windows = [s // every for s in seqs]
    assert windows == sorted(set(windows))  # at most one per window of N seqs
    assert len(seqs) >= last // every - 2
    assert all(b - a < 2 * every for a, b in itertools.pairwise(seqs))


# --- a real game of 2,000+ events ----------------------------------------------------


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[EventStore, str]]:
    """The benchmark's long game (FFA4, 64-card decks, nobody moves to battlefields),
    recorded through the recorder with the default snapshot interval, stopped at 2,000
    events."""
    folder = tmp_path_factory.mktemp("long")
    store = new_store(folder)
    gid = _bench().record_long_game(store, SeedKeeper(folder / "secrets"), cap=2000)
    yield store, gid
    store.close()


def test_the_long_game_has_2000_events_all_judged_legal(long_game: tuple[EventStore, str]) -> None:
    store, gid = long_game
    assert store.last_seq(gid) >= 2000
    assert store.verify(gid).ok
    report = replay_game(store, gid, refresh_snapshots=False)
    counts = report.counts()
    assert counts["legal"] == store.last_seq(gid) and counts["illegal"] == 0
    assert not any(v.verdict != "legal" for v in report.verdicts)


def test_the_sealed_long_game_keeps_a_snapshot_per_window_of_50(
        long_game: tuple[EventStore, str]) -> None:
    """Recorded with one snapshot per window of N seqs (at the end of the append that
    reaches a multiple of N: a decision and the random outcomes it calls for are stored
    together), then sealed: one per window of SEALED_SNAPSHOT_EVERY seqs is kept (and the
    last seq's, if any)."""
    store, gid = long_game
    last = store.last_seq(gid)
    seqs = [s for s in _snapshot_seqs(store, gid) if s != last]
    _assert_one_per_window(seqs, SEALED_SNAPSHOT_EVERY, last)


def test_a_live_game_keeps_a_snapshot_per_window_of_the_default_interval(
        tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = _bench().record_long_game(store, SeedKeeper(tmp_path / "secrets"), cap=300,
                                    seal=False)
    _assert_one_per_window(_snapshot_seqs(store, rec), DEFAULT_SNAPSHOT_EVERY,
                           store.last_seq(rec))
    store.close()


def test_state_at_in_the_long_game_equals_folding_from_the_start(
        long_game: tuple[EventStore, str]) -> None:
    store, gid = long_game
    last = store.last_seq(gid)
    rng = random.Random(7)
    seqs = {1, 9, 10, 11, 19, 1000, 1001, 1009, last - 1, last} | {
        rng.randint(1, last) for _ in range(8)}
    expected = _hashes_from_the_start(store, gid, seqs)
    for seq in sorted(seqs):
        assert state_hash(state_at(store, gid, seq).state) == expected[seq], seq


def test_a_seek_applies_events_without_judging_them(
        long_game: tuple[EventStore, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeking is the reducer, not the replayer: no engine.check while folding the tail."""
    store, gid = long_game

    def no_check(*_: object, **__: object) -> None:
        raise AssertionError("state_at must not judge the events it folds")

    expected = state_at(store, gid, 1507)
    monkeypatch.setattr(engine, "check", no_check)
    assert state_at(store, gid, 1507).state == expected.state


# --- the snapshot interval -----------------------------------------------------------


def test_snapshot_every_explicit_environment_and_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RIFTLOG_SNAPSHOT_EVERY", raising=False)
    assert snapshot_every() == DEFAULT_SNAPSHOT_EVERY
    assert snapshot_every(25) == 25
    monkeypatch.setenv("RIFTLOG_SNAPSHOT_EVERY", "4")
    assert snapshot_every() == 4
    assert snapshot_every(7) == 7  # an explicit interval wins over the environment
    monkeypatch.setenv("RIFTLOG_SNAPSHOT_EVERY", "0")
    assert snapshot_every() == 0


@pytest.mark.parametrize("bad", ["-1", "ten", "2.5"])
def test_a_bad_snapshot_interval_is_refused(monkeypatch: pytest.MonkeyPatch, bad: str) -> None:
    monkeypatch.setenv("RIFTLOG_SNAPSHOT_EVERY", bad)
    with pytest.raises(RecorderError, match="snapshot interval"):
        snapshot_every()


def test_the_recorder_takes_its_interval_from_the_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIFTLOG_SNAPSHOT_EVERY", "3")
    store = new_store(tmp_path)
    rec = duel(store, "g", snapshot_every=None)  # type: ignore[arg-type]
    assert rec.snapshot_every == 3
    rec.finish()
    bot_game(store, "h", 2, turns=2, finish=False, snapshot_every=None)  # type: ignore[arg-type]
    _assert_one_per_window(_snapshot_seqs(store, "h"), 3, store.last_seq("h"))


def test_interval_zero_writes_no_snapshots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIFTLOG_SNAPSHOT_EVERY", "0")
    store = new_store(tmp_path)
    bot_game(store, "g", 3, turns=2, snapshot_every=None)  # type: ignore[arg-type]
    assert _snapshot_seqs(store, "g") == []
    assert write_snapshots(store, "g") == []
    assert write_snapshots(store, "g", every=4) == list(range(4, store.last_seq("g") + 1, 4))


# --- the snapshot format: packed, positional, a cache only -----------------------------


@pytest.fixture
def small_game(tmp_path: Path) -> Iterator[tuple[EventStore, str]]:
    store = new_store(tmp_path)
    bot_game(store, "g", 4, turns=4, snapshot_every=0)
    yield store, "g"
    store.close()


def test_a_state_round_trips_through_the_snapshot_form(small_game: tuple[EventStore, str]) -> None:
    store, gid = small_game
    state = state_at(store, gid, store.last_seq(gid), use_snapshots=False).state
    assert state is not None
    form = json.loads(json.dumps(encode_state(state)))
    assert form["layout"] == layout() and isinstance(form["z"], str)
    assert decode_state(form) == state
    assert len(json.dumps(form)) * 3 < len(json.dumps(state.to_json()))  # packed: smaller
    # the packed bytes are what state_hash hashes (replay checks snapshots by that alone)
    raw = zlib.decompress(base64.b64decode(form["z"]))
    assert hashlib.sha256(raw).hexdigest() == state_hash(state)
    keyed = json.loads(json.dumps(state.to_json()))
    assert decode_state(keyed) == state  # the keyed form (older snapshots) still loads


def test_pack_refuses_what_is_not_a_packing() -> None:
    assert unpack(pack([1, {"a": None}])) == [1, {"a": None}]
    with pytest.raises(ValueError, match="does not unpack"):
        unpack("not base64 at all!")


def _put_raw(store: EventStore, gid: str, seq: int, body: dict[str, object]) -> None:
    store.put_snapshot(gid, seq, store.event(gid, seq).hash, json.dumps(body), ENGINE_VERSION)


def _snapshot_data(store: EventStore, gid: str, seq: int) -> dict[str, object]:
    snap = store.latest_snapshot(gid, ENGINE_VERSION, seq)
    assert snap is not None and snap.seq == seq
    data = json.loads(snap.state_json)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("damage", ["layout", "packing", "state"])
def test_a_snapshot_that_cannot_be_loaded_is_ignored(
        small_game: tuple[EventStore, str], damage: str) -> None:
    """A snapshot written by another state layout, or not unpacking, or holding a wrong
    state shape: the seek folds from the events instead of trusting it."""
    store, gid = small_game
    write_snapshots(store, gid, every=5)
    data = _snapshot_data(store, gid, 10)
    state = data["state"]
    assert isinstance(state, dict)
    if damage == "layout":
        state["layout"] = "0" * 16
    elif damage == "packing":
        state["z"] = "@@@"
    else:
        state["z"] = pack({"turn": 1})
    _put_raw(store, gid, 10, data)
    for seq in (10, 12, 14):
        assert state_at(store, gid, seq).state == \
            state_at(store, gid, seq, use_snapshots=False).state, seq


def test_a_stale_snapshot_is_skipped_for_an_earlier_one(small_game: tuple[EventStore, str]) -> None:
    """A snapshot whose event hash no longer matches the stored event is never used."""
    store, gid = small_game
    write_snapshots(store, gid, every=5)
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE snapshots SET event_hash = :h WHERE game_id = :g AND seq = 10"),
                     {"h": "f" * 64, "g": gid})
    snap = store.latest_snapshot(gid, ENGINE_VERSION, 13)
    assert snap is not None and snap.seq == 5
    assert state_at(store, gid, 13).state == state_at(store, gid, 13, use_snapshots=False).state


def _newest_valid_snapshot(store: EventStore, gid: str, seq: int) -> tuple[int, str, str] | None:
    """The newest snapshot at or before *seq* whose event hash matches, read table by table."""
    with store.engine.connect() as conn:
        # either row form: old-form rows keep the hex hash, lean rows the 32-byte digest
        hashes = {r[0]: r[1] if r[1] is not None else bytes(r[2]).hex() for r in conn.execute(
            text("SELECT seq, hash, digest FROM events WHERE game_id = :g"), {"g": gid}).all()}
        rows = conn.execute(text("SELECT seq, event_hash, state_json FROM snapshots WHERE "
                                 "game_id = :g AND engine_version = :v AND seq <= :s "
                                 "ORDER BY seq DESC"),
                            {"g": gid, "v": ENGINE_VERSION, "s": seq}).all()
    return next(((r[0], r[1], r[2]) for r in rows if hashes.get(r[0]) == r[1]), None)


def test_latest_snapshot_and_read_range_agree_with_plain_reads(
        small_game: tuple[EventStore, str]) -> None:
    store, gid = small_game
    write_snapshots(store, gid, every=4)
    last = store.last_seq(gid)
    for seq in (1, 3, 4, 7, 8, last):
        fast = store.latest_snapshot(gid, ENGINE_VERSION, seq)
        slow = _newest_valid_snapshot(store, gid, seq)
        assert (fast is None) == (slow is None), seq
        if fast is not None and slow is not None:
            assert (fast.seq, fast.event_hash, fast.state_json) == slow, seq
    assert store.read_range(gid, 3, 9) == list(store.read(gid, 3, 9))
    assert store.read_range(gid, last - 1, last + 5) == list(store.read(gid, last - 1))
    assert store.read_range(gid, 5, 4) == [] and store.read_range("nope", 1, 3) == []


def test_an_old_keyed_snapshot_still_serves_a_seek(small_game: tuple[EventStore, str]) -> None:
    """Snapshots written before the packed format (keyed state, plain creation)."""
    store, gid = small_game
    folder = Folder()
    for ev in store.read(gid, 1, 10):
        folder.feed(ev)
    assert folder.state is not None and folder.created is not None
    old = {"state": folder.state.to_json(), "stopped": None, "line": folder.line.to_json(10),
           "created": {"schema_version": type(folder.created).SCHEMA_VERSION,
                       "payload": folder.created.model_dump(mode="json")}}
    _put_raw(store, gid, 10, old)
    for seq in (10, 11, 15):
        assert state_at(store, gid, seq).state == \
            state_at(store, gid, seq, use_snapshots=False).state, seq


@pytest.mark.parametrize("enabled", [True, False])
def test_a_seek_leaves_the_garbage_collector_as_it_found_it(
        small_game: tuple[EventStore, str], enabled: bool) -> None:
    store, gid = small_game
    write_snapshots(store, gid, every=5)
    was = gc.isenabled()
    try:
        if not enabled:
            gc.disable()
        state_at(store, gid, 12)
        assert gc.isenabled() is enabled
    finally:
        if was:
            gc.enable()


def test_pack_without_the_c_encoder_writes_the_same_bytes(
        small_game: tuple[EventStore, str], monkeypatch: pytest.MonkeyPatch) -> None:
    store, gid = small_game
    state = state_at(store, gid, store.last_seq(gid)).state
    tree = plain(state)
    fast = zlib.decompress(base64.b64decode(pack(tree)))
    monkeypatch.setattr(snapshot_codec, "_ENCODE", None)
    assert zlib.decompress(base64.b64decode(pack(tree))) == fast
