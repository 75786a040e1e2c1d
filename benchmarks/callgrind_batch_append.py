"""Instruction counts of the batch append, for judging store changes on a loaded machine
(issue 26): the batch line of ``benchmarks/store.py`` (notes appended 500 to a
transaction) for riftlog's ``EventStore.append`` or for raw sqlite3 ``executemany`` of
the same lean rows, after a warm-up batch, inside ``operator.call`` so that callgrind
counts only the measured batches::

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
        .venv/bin/python benchmarks/callgrind_batch_append.py riftlog   # or: raw

``--use-events`` also builds every returned event (they are built on first use).
Divide the "Collected" count by the events it prints; riftlog's count per event over
raw's is the instruction ratio (the benchmark's target is raw / riftlog >= 0.3 in time).
Without valgrind it prints the CPU time of the measured batches.
"""

from __future__ import annotations

import argparse
import operator
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import store as bench  # the benchmark's own helpers

from riftlog.store import EventStore


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("who", choices=("riftlog", "raw"), help="riftlog's append or raw sqlite3")
    ap.add_argument("--events", type=int, default=2000, help="events measured (2000)")
    ap.add_argument("--batch", type=int, default=500, help="events per transaction (500)")
    ap.add_argument("--use-events", action="store_true",
                    help="riftlog: also build every returned event (list(...)), which a "
                         "caller that reads them all pays")
    args = ap.parse_args()
    n, batch = args.events, args.batch
    folder = Path(tempfile.mkdtemp(prefix="riftlog-callgrind-"))
    run: Callable[[], None]
    if args.who == "riftlog":
        store = EventStore.open(str(folder / "riftlog.db"), check=False, create=True)
        store.upgrade()
        bench.create_game(store, "batch")
        events = bench.new_events(n + batch, "cg")
        store.append("batch", events[:batch], 0)  # warm-up

        def run() -> None:
            for start in range(batch, n + batch, batch):
                got = store.append("batch", events[start:start + batch], start)
                if args.use_events:
                    list(got)
    else:
        _conn, raw = bench.raw_runs(folder / "raw.db", n + batch, batch)
        raw["batch"](0, batch)  # warm-up

        def run() -> None:
            raw["batch"](batch, n + batch)
    t = time.process_time()
    operator.call(run)
    print(f"{args.who}: {n} events in batches of {batch}, {time.process_time() - t:.3f} s CPU")


if __name__ == "__main__":
    main()
