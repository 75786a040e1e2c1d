"""The compact snapshot form (issue 26): no copy of the game's creation (it is the stored
seq 1), the state packed at zlib level 6; snapshots of the older forms still serve a seek."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from riftlog import ENGINE_VERSION, reducer_snapshots
from riftlog.reducer import Folder, check_snapshots, state_at, write_snapshots
from riftlog.reducer_fold import _encode
from riftlog.snapshot_codec import layout, pack, plain
from riftlog.store import EventStore
from tests.usecases.helpers import bot_game, new_store


@pytest.fixture
def two_games(tmp_path: Path) -> Iterator[EventStore]:
    store = new_store(tmp_path)
    bot_game(store, "g", 4, turns=4, snapshot_every=0)
    bot_game(store, "h", 5, turns=4, snapshot_every=0)
    yield store
    store.close()


def _older_form(store: EventStore, gid: str, seq: int) -> str:
    """The snapshot text riftlog wrote before issue 26: the creation packed inside, the
    state packed at zlib level 1."""
    folder = Folder()
    for ev in store.read(gid, 1, seq):
        folder.feed(ev)
    assert folder.state is not None and folder.created is not None
    return _encode({
        "state": {"layout": layout(), "z": pack(plain(folder.state), level=1)},
        "stopped": None, "line": folder.line.to_json(seq),
        "created": {"schema_version": type(folder.created).SCHEMA_VERSION,
                    "z": pack(folder.created.model_dump(mode="json"), level=1)}})


def _put_vouched(store: EventStore, gid: str, seq: int, text: str) -> None:
    key = store.snapshot_key(create=True)
    assert key is not None
    event_hash = store.event(gid, seq).hash
    store.put_snapshot(gid, seq, event_hash, text, ENGINE_VERSION,
                       proof=key.proof(gid, seq, ENGINE_VERSION, event_hash, text))


def _no_fold_from_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_a: object, **_k: object) -> None:
        raise AssertionError("the seek folded from seq 1 instead of using the snapshot")

    monkeypatch.setattr(reducer_snapshots, "load_folder", refuse)


def test_a_new_snapshot_carries_no_copy_of_the_creation(two_games: EventStore) -> None:
    store = two_games
    write_snapshots(store, "g", every=5)
    snap = store.latest_snapshot("g", ENGINE_VERSION, 10)
    assert snap is not None and snap.seq == 10
    data = json.loads(snap.state_json)
    assert set(data) == {"state", "stopped", "line"}
    old = _older_form(store, "g", 10)
    # the creation was ~a fifth of a duel's snapshot; level 6 packs the state smaller too
    assert len(snap.state_json) < 0.8 * len(old), (len(snap.state_json), len(old))


def test_a_compact_snapshot_seek_takes_the_creation_from_seq_1(
        two_games: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games seeked in turn in one thread: each gets its own creation (the parsed
    seq 1 kept per thread is keyed by store, game and seq 1's hash)."""
    store = two_games
    for gid in ("g", "h"):
        write_snapshots(store, gid, every=5)
    expected = {gid: state_at(store, gid, 12, use_snapshots=False) for gid in ("g", "h")}
    _no_fold_from_the_start(monkeypatch)
    for gid in ("g", "h", "g", "h"):
        got = state_at(store, gid, 12)
        assert got.created == expected[gid].created and got.created is not None
        assert got.state == expected[gid].state
    assert expected["g"].created != expected["h"].created


def test_a_snapshot_of_the_older_packed_form_still_serves_a_seek(
        two_games: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    store = two_games
    _put_vouched(store, "g", 10, _older_form(store, "g", 10))
    expected = {seq: state_at(store, "g", seq, use_snapshots=False) for seq in (10, 11, 14)}
    assert check_snapshots(store, "g").ok  # the older text agrees with the events
    _no_fold_from_the_start(monkeypatch)
    for seq, want in expected.items():
        got = state_at(store, "g", seq)
        assert (got.state, got.created, got.line.seqs) == \
            (want.state, want.created, want.line.seqs), seq


def test_an_edited_compact_snapshot_is_refused_by_name(two_games: EventStore) -> None:
    """Editing the text of a compact snapshot breaks its proof: never used for a seek,
    and the check names the snapshot's seq."""
    store = two_games
    write_snapshots(store, "g", every=5)
    good = store.latest_snapshot("g", ENGINE_VERSION, 10)
    assert good is not None and good.seq == 10
    data = json.loads(good.state_json)
    data["stopped"] = {"seq": 3, "kind": "illegal", "message": "forged"}
    forged = _encode(data)
    store.put_snapshot("g", 10, good.event_hash, forged, ENGINE_VERSION, proof=good.proof)
    assert store.latest_snapshot("g", ENGINE_VERSION, 10).seq == 5  # type: ignore[union-attr]
    assert state_at(store, "g", 10).stopped is None
    found = check_snapshots(store, "g")
    assert not found.ok
    assert any("seq 10" in p for p in found.problems), found.problems
