"""Instruction counts of the FOLD part of a seek only (issue 26, FRESHFOLD): the engine's cost
of folding a seek's tail events on a freshly decoded snapshot state (``seek``), or one event
on a copy of the previous position's state (``step``), on the long FFA4 game of
:mod:`callgrind_seek` (the same 100 random or consecutive seqs, snapshots every
*--every*).  Everything else of a seek (the snapshot's query, its decoding, reading the
tail, the copy a step keeps) is done outside ``operator.call``, so that callgrind counts
only the folds:

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
        .venv/bin/python benchmarks/callgrind_fold.py seek --every 5   # or: step

Without valgrind it prints the CPU time of the 100 folds.  ``--check`` also compares each
folded state with ``state_at``'s (the fold here is the seek's).
"""

from __future__ import annotations

import argparse
import gc
import operator
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import callgrind_seek as cs

from riftlog import ENGINE_VERSION, build_info
from riftlog.reducer import state_at
from riftlog.reducer_fold import CHECKPOINT_EVERY, Folder, Line, state_hash
from riftlog.reducer_snapshots import _created_of
from riftlog.snapshot_codec import decode_state, loads


def _seek_jobs(store: Any, seqs: list[int]) -> list[tuple[int, Any, Any, Any, list[Any]]]:
    """Per seq: (seq, the decoded snapshot state, its line, the creation, the tail events
    with their payloads), all read and decoded beforehand."""
    jobs = []
    for seq in seqs:
        snap = store.latest_snapshot(cs.GAME, ENGINE_VERSION, seq)
        data = loads(snap.state_json)
        first, tail = store.read_linked(cs.GAME, snap.seq, snap.event_hash, seq, with_first=True)
        line = Line.from_json(data["line"])
        created = _created_of(store, cs.GAME, first)
        jobs.append((snap.seq, decode_state(data["state"]), line, created,
                     [(ev, ev.decoded()) for ev in tail]))
    return jobs


def _fold(job: tuple[int, Any, Any, Any, list[Any]], seq: int) -> Any:
    start, state, line, created, tail = job
    folder = Folder(checkpoint_every=max(CHECKPOINT_EVERY, seq + 1))
    folder.line, folder.seq, folder.created = line, start, created
    folder.state, folder.stopped = state, None
    for ev, payload in tail:
        folder.feed(ev, payload)
    return folder.state


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("seek", "step"))
    ap.add_argument("--every", type=int, default=5, help="snapshot spacing (5, 50, ...)")
    ap.add_argument("--db", default="/tmp/riftlog-callgrind/seek.db", help="where the game is kept")
    ap.add_argument("--check", action="store_true", help="compare each fold with state_at's")
    args = ap.parse_args()
    store = cs._store(Path(args.db), args.every)
    n = store.game(cs.GAME).last_seq
    rng = random.Random(1)
    seeks = [rng.randint(1, n) for _ in range(100)]
    seqs = seeks if args.what == "seek" else list(range(n // 3, min(n, n // 3 + 100)))
    for s in random.Random(2).sample(range(1, n + 1), 10):  # warm-up: caches, lazy imports
        state_at(store, cs.GAME, s)
    if args.what == "seek":
        jobs = _seek_jobs(store, seqs)
    else:  # each step folds one event on a copy of the previous step's state
        first = state_at(store, cs.GAME, seqs[0] - 1)
        events = list(store.read(cs.GAME, seqs[0], seqs[-1]))
        payloads = [ev.decoded() for ev in events]
    gc.disable()
    cpu = 0.0
    states = []
    if args.what == "seek":
        for seq, job in zip(seqs, jobs, strict=True):
            t = time.process_time()
            states.append(operator.call(_fold, job, seq))
            cpu += time.process_time() - t
    else:
        state, line = first.state.clone(), first.line.copy()
        for seq, ev, payload in zip(seqs, events, payloads, strict=True):
            job = (seq - 1, state, line, first.created, [(ev, payload)])
            t = time.process_time()
            state = operator.call(_fold, job, seq)
            cpu += time.process_time() - t
            states.append(state)
            state = state.clone()
    gc.enable()
    print(f"[{build_info()}] fold of {args.what} (snapshots every {args.every}): {len(seqs)} "
          f"folds, {cpu:.3f} s CPU")
    if args.check:
        for seq, state in zip(seqs, states, strict=True):
            want = state_hash(state_at(store, cs.GAME, seq, use_snapshots=False).state)
            if state_hash(state) != want:
                raise SystemExit(f"seq {seq}: the fold's state differs from state_at's")
        print("every fold equals the fold from the start")


if __name__ == "__main__":
    main()
