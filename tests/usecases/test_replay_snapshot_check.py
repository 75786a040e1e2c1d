"""Issue 26 (re-validation speed): the replay's stored-snapshot check reads each snapshot's
state bytes directly (``riftlog.store.snapshot_check``), a sealed game's packed ones
unpacked against their base without being rebuilt into the usual text, and compares them
with the canonical bytes the fold's full hash hashed.  It lists exactly the snapshots the
store's ``valid_snapshots`` lists, with the same state, and still finds every wrong one:
edited and re-vouched, unvouched, stale, or packed against a base that changed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from riftlog import ENGINE_VERSION
from riftlog.replay import _stored_snapshots, replay_game, snapshot_sample
from riftlog.snapshot_codec import decode_state, encode_state
from riftlog.store import EventStore
from riftlog.store.snapshot_packing import pack_against, state_bytes
from tests.usecases.helpers import bot_game, new_store


@pytest.fixture
def sealed(tmp_path: Path) -> Iterator[EventStore]:
    store = new_store(tmp_path)
    bot_game(store, "g", 4, turns=14, snapshot_every=5)
    assert store.game("g").sealed
    yield store
    store.close()


def _seqs(store: EventStore) -> list[int]:
    with store.engine.connect() as conn:
        return [int(s) for (s,) in conn.execute(
            text("SELECT seq FROM snapshots WHERE game_id = 'g' ORDER BY seq"))]


def _sql(store: EventStore, statement: str, **args: object) -> None:
    with store.engine.begin() as conn:
        conn.execute(text(statement), args)


def _same_as_valid_snapshots(store: EventStore) -> int:
    """The replay's listing against ``valid_snapshots`` (the usual form, resolved): the same
    seqs, vouched alike, the same state bytes and the same loadable text; how many."""
    last = store.last_seq("g")
    picks: list[Callable[[list[int]], list[int]] | None] = [None, snapshot_sample]
    for pick in picks:
        stored = _stored_snapshots(store, "g", last, pick)
        listed = store.valid_snapshots("g", ENGINE_VERSION, last, pick=pick, vouched_only=False)
        assert sorted(stored) == sorted(info.seq for info in listed)
        for info in listed:
            snap = stored[info.seq]
            assert snap.vouched == info.vouched
            assert snap.raw == state_bytes(info.state_json)
            assert snap.loadable_text() == info.state_json
        assert stored.unvouched == [i.seq for i in listed if not i.vouched]
    return len(_stored_snapshots(store, "g", last))


def test_the_listing_is_valid_snapshots(sealed: EventStore) -> None:
    seqs = _seqs(sealed)
    assert _same_as_valid_snapshots(sealed) == len(seqs) >= 3
    stored = _stored_snapshots(sealed, "g", sealed.last_seq("g"))
    assert stored[seqs[0]].base is None and all(stored[s].base for s in seqs[1:])  # packed


def test_an_unvouched_packed_snapshot_is_left_out_as_before(sealed: EventStore) -> None:
    seqs = _seqs(sealed)
    _sql(sealed, "UPDATE snapshots SET proof = NULL WHERE game_id = 'g' AND seq = :s",
         s=seqs[-1])
    assert _same_as_valid_snapshots(sealed) == len(seqs) - 1


def test_snapshots_packed_against_a_changed_base_are_left_out_as_before(
        sealed: EventStore) -> None:
    seqs = _seqs(sealed)
    _sql(sealed, "UPDATE snapshots SET state_json = replace(state_json, '\"line\"', "
                 "'\"line\" ') WHERE game_id = 'g' AND seq = :s", s=seqs[0])
    sealed._bases = type(sealed._bases)()  # (not kept from an earlier read)
    assert _same_as_valid_snapshots(sealed) == 1  # the base, unvouched now


def test_a_stale_packed_snapshot_is_left_out(sealed: EventStore) -> None:
    seqs = _seqs(sealed)
    _sql(sealed, "UPDATE snapshots SET event_hash = :h WHERE game_id = 'g' AND seq = :s",
         h="0" * 64, s=seqs[1])
    assert _same_as_valid_snapshots(sealed) == len(seqs) - 1
    assert seqs[1] not in _stored_snapshots(sealed, "g", sealed.last_seq("g"))


def test_an_edited_packed_snapshot_vouched_anew_is_found(sealed: EventStore) -> None:
    """A packed snapshot whose state was changed, packed against the same base and vouched
    for with the store's key, is reported and rebuilt; the verdicts do not change."""
    seqs = _seqs(sealed)
    newest = seqs[-1]
    key = sealed.snapshot_key()
    assert key is not None
    info = sealed.latest_snapshot("g", ENGINE_VERSION, newest)
    base = sealed.latest_snapshot("g", ENGINE_VERSION, seqs[0])
    assert info is not None and base is not None and info.seq == newest
    data = json.loads(info.state_json)
    state = decode_state(data["state"])
    state.turn += 7
    data["state"] = encode_state(state)
    base_raw = state_bytes(base.state_json)
    assert base_raw is not None
    packed = pack_against(json.dumps(data), seqs[0], base_raw)
    assert packed is not None and '"zd"' in packed
    ev = sealed.event("g", newest)
    sealed.put_snapshot("g", newest, ev.hash, packed, ENGINE_VERSION,
                        proof=key.proof("g", newest, ENGINE_VERSION, ev.hash, packed))
    before = replay_game(sealed, "g", refresh_snapshots=False, check_snapshots=True)
    assert [s for s in before.snapshots if "differs" in s] == \
        [f"snapshot at seq {newest} differs from the events: rebuilt"]
    sampled = replay_game(sealed, "g", refresh_snapshots=False)  # the newest is sampled
    assert [s for s in sampled.snapshots if "differs" in s] == \
        [f"snapshot at seq {newest} differs from the events: rebuilt"]
    assert sampled.hashes() == before.hashes()
    replay_game(sealed, "g", check_snapshots=True)  # rebuilds it
    again = replay_game(sealed, "g", refresh_snapshots=False, check_snapshots=True)
    assert again.snapshots == [f"{len(seqs)} snapshots checked: they agree with the events"]
    assert again.hashes() == before.hashes()
