"""PostgreSQL: a total feed order without one global commit queue (issue 16).

Writers of different games never wait for each other (each holds the feed lock *shared*
and its own game's row lock); a feed reader takes the lock exclusively, so it reads only
once every position drawn before it is committed or rolled back and never skips an event
that commits later with a smaller position.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from riftlog.events import utc_now_iso
from riftlog.store import EventStore
from riftlog.store.records import prepare_event
from tests.store.helpers import new_game, note

pytestmark = pytest.mark.postgres


@pytest.fixture
def pg_store(pg_url: str) -> Iterator[EventStore]:
    store = EventStore.open(pg_url, check=False, create=True)
    store.upgrade()
    try:
        yield store
    finally:
        store.close()


class InFlight:
    """An append of riftlog's own path, left uncommitted until :meth:`commit`."""

    def __init__(self, url: str, game_id: str) -> None:
        self.store = EventStore.open(url)
        self.conn = self.store._raw_connection()
        self.cur = self.conn.cursor()
        prepared = [prepare_event(game_id, 1, note("in flight"), utc_now_iso())]
        self.stored = self.store._append_locked(self.cur, game_id, prepared, [], 0)

    def commit(self) -> None:
        self.conn.commit()
        self.cur.close()
        self.store.close()


def in_thread(fn: Any) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []
    t = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    t.start()
    return t, out


def test_an_append_to_another_game_does_not_wait_for_one_in_flight(
        pg_store: EventStore, pg_url: str) -> None:
    new_game(pg_store, "g1")
    new_game(pg_store, "g2")
    first = InFlight(pg_url, "g1")
    try:
        t, out = in_thread(lambda: pg_store.append("g2", [note("x")], 0))
        t.join(timeout=10)
        assert not t.is_alive(), "the append to g2 waited for the open transaction on g1"
        assert out[0][0].position > first.stored[0].position
    finally:
        first.commit()


def test_the_feed_waits_for_a_smaller_position_still_in_flight(
        pg_store: EventStore, pg_url: str) -> None:
    new_game(pg_store, "g1")
    new_game(pg_store, "g2")
    first = InFlight(pg_url, "g1")  # draws the smaller position, commits last
    try:
        pg_store.append("g2", [note("x")], 0)
        t, out = in_thread(lambda: pg_store.feed())
        t.join(timeout=0.5)
        assert t.is_alive(), "the feed read past a position still in flight"
    finally:
        first.commit()
    t.join(timeout=10)
    assert [(e.game_id, e.seq) for e in out[0]] == [("g1", 1), ("g2", 1)]


def test_a_polling_reader_sees_every_event_of_concurrent_writers_once(
        pg_store: EventStore, pg_url: str) -> None:
    writers, per_writer = 6, 15
    for w in range(writers):
        new_game(pg_store, f"w{w}")
    done = threading.Event()

    def write(w: int) -> None:
        with EventStore.open(pg_url) as s:
            for i in range(per_writer):
                s.append(f"w{w}", [note(f"{w}-{i}")], i)

    threads = [threading.Thread(target=write, args=(w,)) for w in range(writers)]
    seen: list[int] = []

    def read() -> None:
        with EventStore.open(pg_url) as s:
            while True:
                finished = done.is_set()
                batch = s.feed(after_position=seen[-1] if seen else 0, limit=7)
                seen.extend(e.position or 0 for e in batch)
                if finished and not batch:
                    return

    reader = threading.Thread(target=read)
    reader.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    done.set()
    reader.join(timeout=60)
    everything = [e.position for e in pg_store.feed(limit=10_000)]
    assert len(everything) == writers * per_writer
    assert seen == everything  # nothing skipped, nothing twice, in position order
