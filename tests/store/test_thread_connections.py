"""Each thread keeps one pooled connection for the store's hot paths; when the thread ends
(a server's worker threads come and go), that connection goes back to the pool, so a
long-running server never runs its pool dry (issue 22: found by the service's load test)."""

from __future__ import annotations

import threading

from riftlog.store import EventStore


def test_a_thread_s_connection_returns_to_the_pool_when_it_ends(db_url: str) -> None:
    store = EventStore.open(db_url, check=False, create=True)
    store.upgrade()
    try:
        for _ in range(30):  # more threads than the pool holds (PostgreSQL: 10)
            t = threading.Thread(target=store.feed)
            t.start()
            t.join()
            assert len(store._raw_pooled) <= 1
        assert store.feed() == []  # the store still answers
    finally:
        store.close()
