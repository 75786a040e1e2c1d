"""Instruction counts of seeking, for comparing changes of the seek path on a loaded machine
(issue 26): 100 ``state_at`` calls on the long FFA4 bot game of ``benchmarks/replay.py``
(seed 5, 64-card decks), at random seqs (``seek``: the seqs the benchmark's seek line
draws), at 100 consecutive seqs from a third of the game (``step``) or at 100 seqs near
each other (``scrub``: a viewer scrubbing, ``replay.scrub_seqs``), with the stored
snapshots thinned to every *--every* events, after a warm-up of 10 seeks elsewhere,
inside ``operator.call`` so that callgrind counts only those 100 calls:

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
        .venv/bin/python benchmarks/callgrind_seek.py seek --every 5   # or: step

The game is recorded once into *--db* (default ``/tmp/riftlog-callgrind/seek.db``) with
snapshots every 5 events; a thinned copy is kept beside it per spacing.  Without valgrind
it prints the CPU time of the 100 calls.
"""

from __future__ import annotations

import argparse
import operator
import random
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import replay as bench  # the benchmark's own helpers

from riftlog import build_info
from riftlog.reducer import state_at, write_snapshots
from riftlog.store import EventStore

GAME = f"long-ffa4-5-{bench.LONG_DECK}"


def _store(db: Path, every: int) -> EventStore:
    """The store holding the long game with snapshots every *every* events."""
    if not db.exists():
        db.parent.mkdir(parents=True, exist_ok=True)
        store = EventStore.open(str(db), check=False, create=True)
        store.upgrade()
        bench.record_long_game(store, bench.SeedKeeper(db.parent / "secrets"), "ffa4", 5,
                               snapshot_every=0)
        write_snapshots(store, GAME, every=5)
        store.close()
    if every == 5:
        return EventStore.open(str(db), check=False)
    thin = db.with_name(f"{db.stem}-{every}{db.suffix}")
    if not thin.exists():
        shutil.copyfile(db, thin)
        secrets = db.with_name(db.name + ".secrets")
        if secrets.exists() and not thin.with_name(thin.name + ".secrets").exists():
            shutil.copytree(secrets, thin.with_name(thin.name + ".secrets"))
        store = EventStore.open(str(thin), check=False)
        bench._keep_snapshots_every(store, GAME, every)
        store.close()
    return EventStore.open(str(thin), check=False)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("seek", "step", "scrub"),
                    help="random seqs, consecutive seqs, or seqs near each other (a viewer "
                         "scrubbing: benchmarks/replay.py's scrub_seqs)")
    ap.add_argument("--every", type=int, default=5, help="snapshot spacing (5, 50, ...)")
    ap.add_argument("--db", default="/tmp/riftlog-callgrind/seek.db", help="where the game is kept")
    args = ap.parse_args()
    store = _store(Path(args.db), args.every)
    n = store.game(GAME).last_seq
    rng = random.Random(1)
    seeks = [rng.randint(1, n) for _ in range(100)]
    seqs = (seeks if args.what == "seek" else bench.scrub_seqs(n, 100) if args.what == "scrub"
            else list(range(n // 3, min(n, n // 3 + 100))))
    for s in random.Random(2).sample(range(1, n + 1), 10):  # warm-up: caches, lazy imports
        state_at(store, GAME, s)

    def run() -> int:
        for s in seqs:
            state_at(store, GAME, s)
        return len(seqs)

    t = time.process_time()
    calls = operator.call(run)
    print(f"[{build_info()}] {args.what} (snapshots every {args.every}): {calls} calls on "
          f"{n} events, "
          f"{time.process_time() - t:.3f} s CPU")


if __name__ == "__main__":
    main()
