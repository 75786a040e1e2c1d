"""Sealed snapshots packed against the game's first kept one (issue 26): about half the
bytes, read back as the state they hold, never used when their base changed."""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import text

from riftlog import ENGINE_VERSION
from riftlog.reducer import check_snapshots, state_at, state_hash
from riftlog.store import EventStore, snapshot_packing
from riftlog.store.snapshot_packing import BaseCache
from tests.usecases.helpers import bot_game, new_store


@pytest.fixture
def sealed(tmp_path: Path) -> Iterator[tuple[EventStore, str]]:
    store = new_store(tmp_path)
    bot_game(store, "g", 4, turns=14, snapshot_every=5)
    assert store.game("g").sealed
    yield store, "g"
    store.close()


def _rows(store: EventStore, gid: str) -> dict[int, str]:
    with store.engine.connect() as conn:
        return {int(s): str(t) for s, t in conn.execute(
            text("SELECT seq, state_json FROM snapshots WHERE game_id = :g ORDER BY seq"),
            {"g": gid})}


def test_a_seal_packs_the_kept_snapshots_after_the_first(sealed: tuple[EventStore, str]) -> None:
    store, gid = sealed
    rows = _rows(store, gid)
    first, *later = sorted(rows)
    assert later, "the game keeps more than one snapshot"
    assert '"zd"' not in rows[first]
    assert all('"zd"' in rows[s] and '"z"' not in rows[s] for s in later)
    for seq in later:  # read back: the state it holds, vouched for
        snap = store.latest_snapshot(gid, ENGINE_VERSION, seq)
        assert snap is not None and snap.seq == seq and snap.vouched
        assert '"zd"' not in snap.state_json and '"z"' in snap.state_json
        want = state_at(store, gid, seq, use_snapshots=False)
        got = state_at(store, gid, seq)
        assert state_hash(got.state) == state_hash(want.state) and got.created == want.created
        after = min(seq + 3, store.last_seq(gid))
        assert state_hash(state_at(store, gid, after).state) == state_hash(
            state_at(store, gid, after, use_snapshots=False).state)
    assert check_snapshots(store, gid).ok


def test_a_packed_snapshot_whose_base_changed_is_never_used(
        sealed: tuple[EventStore, str]) -> None:
    """The base's text edited in SQL: its proof fails, and the snapshots packed against
    it are not used either (the seek folds from the events); the check names the base."""
    store, gid = sealed
    first, *later = sorted(_rows(store, gid))
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE snapshots SET state_json = replace(state_json, '\"line\"', "
                          "'\"line\" ') WHERE game_id = :g AND seq = :s"), {"g": gid, "s": first})
    assert store.latest_snapshot(gid, ENGINE_VERSION, later[-1]) is None
    seq = later[-1]
    assert state_hash(state_at(store, gid, seq).state) == state_hash(
        state_at(store, gid, seq, use_snapshots=False).state)
    found = check_snapshots(store, gid)
    assert any(f"seq {first}" in p for p in found.problems), found.problems


def test_a_seek_in_a_sealed_game_reads_the_base_once(
        sealed: tuple[EventStore, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 26: the base's state bytes are kept by their SHA-256 (the hash a packed
    snapshot names), so later seeks do not read and unpack the base again; the state is
    still exactly the events' (the bytes are checked against the hash they are kept by)."""
    store, gid = sealed
    first, *later = sorted(_rows(store, gid))
    assert store.latest_snapshot(gid, ENGINE_VERSION, later[0]) is not None  # reads the base
    reads: list[int | None] = []
    real = store._valid_snapshots

    def counting(game_id: str, version: str, at: int | None, **kw: object) -> object:
        reads.append(at)
        return real(game_id, version, at, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "_valid_snapshots", counting)
    for seq in later:
        snap = store.latest_snapshot(gid, ENGINE_VERSION, seq)
        assert snap is not None and snap.seq == seq and '"z"' in snap.state_json
        assert state_hash(state_at(store, gid, seq).state) == state_hash(
            state_at(store, gid, seq, use_snapshots=False).state)
    assert first not in reads  # the dependents' own queries only, never the base's


def test_base_bytes_are_kept_by_their_hash_only() -> None:
    cache = BaseCache(size=2)
    cache.put(b"one")
    cache.put(b"two")
    assert cache.get(hashlib.sha256(b"one").hexdigest()) == b"one"
    assert cache.get(hashlib.sha256(b"three").hexdigest()) is None
    cache.put(b"three")  # the oldest goes
    assert cache.get(hashlib.sha256(b"one").hexdigest()) is None
    assert cache.get(hashlib.sha256(b"three").hexdigest()) == b"three"


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=8)


@given(data=st.dictionaries(st.text(max_size=8).filter(lambda k: k != "state"), _json_values,
                            max_size=4),
       layout=st.text(max_size=10), raw=st.binary(max_size=60))
def test_an_unpacked_text_is_the_plain_dump(data: dict[str, Any], layout: str, raw: bytes) -> None:
    """replay-perf: ``resolved`` builds its text around the base64 text; it is exactly the
    JSON the plain dump of the same snapshot gives."""
    z = base64.b64encode(raw).decode()
    assert snapshot_packing._with_state(data, layout, z) == json.dumps(
        {**data, "state": {"layout": layout, "z": z}}, sort_keys=True, separators=(",", ":"),
        ensure_ascii=False)


def test_the_base_hash_is_remembered_by_identity_only() -> None:
    """replay-perf: the base hash ``resolved`` checks a packed snapshot against is
    remembered for the same bytes object only: equal hashes, and another base is hashed."""
    a, b = b"one base", b"another base"
    assert snapshot_packing._hash_of(a) == hashlib.sha256(a).hexdigest()
    assert snapshot_packing._hash_of(a) == hashlib.sha256(a).hexdigest()
    assert snapshot_packing._hash_of(b) == hashlib.sha256(b).hexdigest()
    assert snapshot_packing._hash_of(bytes(bytearray(a))) == hashlib.sha256(a).hexdigest()
