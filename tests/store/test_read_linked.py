"""``EventStore.read_linked`` (issue 26, the seek's one query after a snapshot): the events
after a seq whose stored hash the caller knows, linked to it, with seq 1 on request; what
:meth:`read_range` and :meth:`read` give, on both backends and for both row forms."""

from __future__ import annotations

import pytest

from riftlog.store import EventStore
from tests.store.helpers import mixed_rows_game


@pytest.fixture
def game(store: EventStore) -> EventStore:
    return mixed_rows_game(store)  # lean rows and rows as written before 0008


def test_the_events_after_a_seq_are_what_read_gives(game: EventStore) -> None:
    every = list(game.read("g1"))
    last = len(every)
    assert last == 20
    for seq in (1, 2, 5, 11, 12, 13, 14, 15, 19, 20):
        at = every[seq - 1]
        for to in (seq, seq + 1, seq + 3, last, last + 7):
            read = game.read_linked("g1", seq, at.hash, to)
            assert read is not None
            first, tail = read
            assert first is None
            assert tail == every[seq:min(to, last)], (seq, to)
            assert tail == game.read_range("g1", seq + 1, to)
            if tail:
                assert tail[0].prev_hash == at.hash  # linked to the seq given


def test_seq_1_comes_with_them_on_request(game: EventStore) -> None:
    every = list(game.read("g1"))
    for seq in (1, 2, 9, 20):
        read = game.read_linked("g1", seq, every[seq - 1].hash, seq + 4, with_first=True)
        assert read is not None
        assert read[0] == every[0]
        assert read[1] == every[seq:seq + 4]


def test_a_seq_whose_hash_changed_or_that_is_not_there_gives_none(game: EventStore) -> None:
    every = list(game.read("g1"))
    assert game.read_linked("g1", 5, every[5].hash, 9) is None  # seq 6's hash, not seq 5's
    assert game.read_linked("g1", 5, "0" * 64, 9, with_first=True) is None
    assert game.read_linked("g1", 21, every[-1].hash, 25) is None  # after the last seq
    assert game.read_linked("g1", 0, every[0].hash, 3) is None
    assert game.read_linked("nope", 3, every[2].hash, 5) is None
