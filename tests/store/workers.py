"""Code run in other processes by the concurrency and crash tests.

Run as a script it is the writer the SIGKILL test kills::

    python -m tests.store.workers DB_URL GAME BATCH   # appends forever, prints each seq
"""

from __future__ import annotations

import sys
from typing import Any

from riftlog.errors import ConcurrencyConflict
from riftlog.store import EventStore
from tests.store.helpers import note


def append_with_retries(url: str, game: str, writer: str, count: int, start: Any) -> int:
    """Append *count* notes, re-reading the seq after each conflict; return the conflicts."""
    start.wait()  # both writers start together
    conflicts = 0
    with EventStore.open(url) as store:
        done = 0
        while done < count:
            seq = store.last_seq(game)
            try:
                store.append(game, [note(f"{writer}-{done}", cid=f"{writer}-{done}")], seq)
                done += 1
            except ConcurrencyConflict:
                conflicts += 1
    return conflicts


def append_once_at(url: str, game: str, writer: str, expected: int, start: Any) -> str:
    """Append one event expecting *expected*; say whether it was stored or refused."""
    with EventStore.open(url) as store:
        store.last_seq(game)  # connect before the race starts
        start.wait()
        try:
            store.append(game, [note(writer)], expected)
            return "stored"
        except ConcurrencyConflict:
            return "conflict"


def write_forever(url: str, game: str, batch: int) -> None:
    """Append batches of notes until killed, printing the last seq after each commit."""
    with EventStore.open(url) as store:
        seq = store.last_seq(game)
        while True:
            stored = store.append(game, [note(f"x{seq + i + 1}") for i in range(batch)], seq)
            seq = stored[-1].seq
            print(seq, flush=True)


if __name__ == "__main__":
    write_forever(sys.argv[1], sys.argv[2], int(sys.argv[3]))
