"""``EventStore.seek_snapshot`` (issue 26, SEEK: a seek's reads in one cursor): the snapshot
``latest_snapshot`` gives, the stored hash of seq 1 and the events after the snapshot that
``read_linked`` gives; unvouched, edited and stale snapshots skipped alike; on both
backends and for both row forms."""

from __future__ import annotations

import pytest

from riftlog.store import EventStore
from tests.store.helpers import mixed_rows_game, put_vouched, raw

V = "0.1.0"


@pytest.fixture
def game(store: EventStore) -> EventStore:
    return mixed_rows_game(store)  # lean rows and rows as written before 0008


def _same_as_two_reads(store: EventStore, seq: int) -> None:
    """seek_snapshot at *seq* agrees with latest_snapshot then read_linked."""
    found = store.seek_snapshot("g1", V, seq)
    snap = store.latest_snapshot("g1", V, seq)
    if snap is None:
        assert found is None
        return
    assert found is not None
    info, first_hash, tail = found
    assert info == snap
    linked = store.read_linked("g1", snap.seq, snap.event_hash, seq, with_first=True)
    assert linked is not None
    assert linked[0] is not None and first_hash == linked[0].hash
    assert tail == linked[1]
    if tail:
        assert tail[0].prev_hash == snap.event_hash


def test_it_reads_what_the_two_reads_give(game: EventStore) -> None:
    every = list(game.read("g1"))
    for at in (1, 4, 12, 13, 14, 16):
        put_vouched(game, "g1", at, every[at - 1].hash, f'{{"at": {at}}}', V)
    for seq in range(1, 26):
        _same_as_two_reads(game, seq)
    found = game.seek_snapshot("g1", V, 15)
    assert found is not None and found[0].seq == 14 and [e.seq for e in found[2]] == [15]
    assert found[1] == every[0].hash


def test_unvouched_edited_and_stale_snapshots_are_skipped(game: EventStore) -> None:
    every = list(game.read("g1"))
    put_vouched(game, "g1", 3, every[2].hash, '{"at": 3}', V)
    put_vouched(game, "g1", 6, every[5].hash, '{"at": 6}', V)
    game.put_snapshot("g1", 8, every[7].hash, '{"at": 8}', V)  # no proof: never used
    put_vouched(game, "g1", 10, every[9].hash, '{"at": 10}', V)
    put_vouched(game, "g1", 12, every[11].hash, '{"at": 12}', V)
    found = game.seek_snapshot("g1", V, 12)
    assert found is not None and found[0].seq == 12  # accepted once ...
    raw(game, "UPDATE snapshots SET state_json = '{\"at\": 99}' WHERE seq = 12")
    raw(game, "UPDATE snapshots SET event_hash = :h WHERE seq = 10", h="0" * 64)  # stale
    for seq in (8, 9, 12, 20):  # ... and refused after the edit
        found = game.seek_snapshot("g1", V, seq)
        assert found is not None and found[0].seq == 6 and found[0].state_json == '{"at": 6}'
        assert [e.seq for e in found[2]] == list(range(7, seq + 1))
        _same_as_two_reads(game, seq)
    assert game.seek_snapshot("g1", V, 2) is None  # none at or before seq 2
    assert game.seek_snapshot("g1", "other-engine", 20) is None
    assert game.seek_snapshot("nope", V, 20) is None


def test_beyond_the_last_seq_the_tail_is_shorter(game: EventStore) -> None:
    every = list(game.read("g1"))
    put_vouched(game, "g1", 18, every[17].hash, '{"at": 18}', V)
    found = game.seek_snapshot("g1", V, 30)
    assert found is not None and [e.seq for e in found[2]] == [19, 20]
    assert found[2] == every[18:]


def test_the_one_shot_proof_is_the_streamed_hmac_of_before() -> None:
    """The proof (one HMAC call over the joined message) is byte for byte the HMAC fed
    part by part that earlier riftlog wrote, so stored proofs still check."""
    import hashlib
    import hmac

    from riftlog.store.snapshot_key import SnapshotKey

    secret = bytes(range(32))
    key = SnapshotKey(secret)
    for args in (("g1", 12, "0.1.0", "ab" * 32, '{"x": 1}'),
                 ("ü-game", 1, "9", "0" * 64, '{"s": "\udc80 é \\u0000"}'),
                 ("g", 4000, "", "", "")):
        mac = hmac.new(secret, digestmod=hashlib.sha256)
        for part in (b"riftlog-snapshot-1", args[0].encode(), str(args[1]).encode(),
                     args[2].encode(), args[3].encode()):
            mac.update(part)
            mac.update(b"\x00")
        mac.update(args[4].encode("utf-8", "surrogatepass"))
        assert key.proof(*args) == f"{key.key_id}:{mac.hexdigest()}"
        assert key.vouches(key.proof(*args), *args)
