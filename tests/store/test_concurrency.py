"""Two processes appending to one game at once: gapless seqs, no duplicates, one winner."""

from __future__ import annotations

import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor

from riftlog.store import EventStore
from tests.store import workers
from tests.store.helpers import new_game


def test_two_writers_interleave_without_gaps_or_duplicates(store: EventStore, db_url: str) -> None:
    new_game(store)
    per_writer = 60
    ctx = mp.get_context("spawn")
    with ctx.Manager() as manager, ProcessPoolExecutor(2, mp_context=ctx) as pool:
        start = manager.Barrier(2)
        futures = [
            pool.submit(workers.append_with_retries, db_url, "g1", name, per_writer, start)
            for name in ("A", "B")
        ]
        for f in futures:
            f.result(timeout=120)
    events = list(store.read("g1", verify=True))
    assert [e.seq for e in events] == list(range(1, 2 * per_writer + 1))
    texts = sorted(e.payload["text"] for e in events)
    assert texts == sorted(f"{w}-{i}" for w in "AB" for i in range(per_writer))
    assert store.verify("g1").ok


def test_same_expected_seq_from_two_processes_stores_exactly_one(
    store: EventStore, db_url: str
) -> None:
    new_game(store)
    ctx = mp.get_context("spawn")
    outcomes: list[str] = []
    with ctx.Manager() as manager, ProcessPoolExecutor(2, mp_context=ctx) as pool:
        for round_ in range(3):
            start = manager.Barrier(2)
            futures = [
                pool.submit(workers.append_once_at, db_url, "g1", f"{w}{round_}", round_, start)
                for w in "AB"
            ]
            results = sorted(f.result(timeout=120) for f in futures)
            outcomes.append(",".join(results))
    assert outcomes == ["conflict,stored"] * 3
    assert [e.seq for e in store.read("g1", verify=True)] == [1, 2, 3]
