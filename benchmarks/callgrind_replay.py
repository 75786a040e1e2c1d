"""Instruction counts of re-validation, for comparing engine changes on a loaded machine
(issue 26): one round of re-judging 12 stored bot duels (1,653 decisions), or of the
engine alone (``check`` + ``apply_in_place`` on payloads decoded beforehand), after a
warm-up round, inside ``operator.call`` so that callgrind counts only that round:

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
        .venv/bin/python benchmarks/callgrind_replay.py engine   # or: replay

The games are recorded once into *--db* (default ``/tmp/riftlog-callgrind/games.db``)
with the same seeds as ``benchmarks/replay.py --quick``.  Without valgrind it prints the
CPU time of the round.
"""

from __future__ import annotations

import argparse
import operator
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import replay as bench  # the benchmark's own helpers

from riftlog import build_info
from riftlog.store import EventStore


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("engine", "replay"), help="the engine alone or the replayer")
    ap.add_argument("--db", default="/tmp/riftlog-callgrind/games.db", help="where the games are kept")
    args = ap.parse_args()
    db = Path(args.db)
    ids = [f"rv{i}" for i in range(12)]
    if not db.exists():
        db.parent.mkdir(parents=True, exist_ok=True)
        store = EventStore.open(str(db), check=False, create=True)
        store.upgrade()
        bench.record_games(store, bench.SeedKeeper(db.parent / "secrets"), 12, "rv")
    store = EventStore.open(str(db), check=False)
    run: Callable[[], int]
    if args.what == "replay":
        def run() -> int:
            return sum(bench._replay_one(store, g) for g in ids)
    else:
        games = [[ev.decoded() for ev in store.read(g)] for g in ids]

        def run() -> int:
            return sum(bench._engine_game(g) for g in games)
    run()  # warm-up: caches, lazily loaded cards
    t = time.process_time()
    decisions = operator.call(run)
    print(f"[{build_info()}] {args.what}: {decisions} decisions, {time.process_time() - t:.3f} s CPU")


if __name__ == "__main__":
    main()
