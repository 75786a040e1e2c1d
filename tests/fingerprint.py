"""Behaviour fingerprint of the engine (issue 18): one hash per game, taken before a
refactoring and compared after it, so a move of code that changes what the engine does
is caught.

* every sample replay (``replays/*.json``): each game of the bundle is re-judged (under
  its own edition, v1.3, and again under v1.2) and its verdict report
  (``Report.to_json()`` without the timing) and the full state hash after every seq are
  hashed together;
* seeded bot games in every mode (``tests.rules.bot_games``): after every decision, the
  decision, the violations ``engine.check`` finds in it, the game actions it caused, what
  the engine awaits next and the full state hash;
* ``riftlog cards coverage`` (plain and ``--missing``): the printed output.

``python -m tests.fingerprint --write`` records ``tests/fingerprint.json``;
``python -m tests.fingerprint`` compares every game with it (the few-hundred-game run;
the default suite compares a fast subset, ``tests/test_fingerprint.py``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from riftlog.bundle import load_bundle
from riftlog.cli import main as cli_main
from riftlog.events.envelope import StoredEvent
from riftlog.reducer import state_hash
from riftlog.replay import replay_events
from riftlog.rules import engine
from tests.rules.bot_games import SEATS, bot_moves

ROOT = Path(__file__).resolve().parents[1]
FILE = Path(__file__).resolve().parent / "fingerprint.json"
SAMPLES = sorted((ROOT / "replays").glob("*.json"))
MODES = tuple(SEATS)
#: bot games per mode in the full run (x 4 modes), and in the fast subset of the suite
FULL_SEEDS = 75
FAST_SEEDS = 3
STEPS = 400


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str, separators=(",", ":"))


def _digest(parts: Iterable[str]) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode())
        h.update(b"\n")
    return h.hexdigest()


def sample_games() -> Iterator[tuple[str, Any]]:
    """``(key, BundleGame)`` for every game of every sample bundle."""
    for path in SAMPLES:
        bundle = load_bundle(path)
        for game in bundle.games:
            yield f"sample:{path.stem}:{game.id}", game


def sample_fingerprint(game: Any, edition: str | None = None) -> str:
    """The hash of a sample game's verdict report and its per-seq full state hashes
    (judged under *edition*, the game's own by default)."""
    events = [StoredEvent(game_id=game.id, seq=e.seq, type=e.type, schema_version=e.schema_version,
                          actor=e.actor, payload=e.payload, client_event_id=e.client_event_id,
                          recorded_at=e.recorded_at, prev_hash=e.prev_hash, hash=e.hash)
              for e in game.events]
    hashes: list[str] = []
    report = replay_events(events, game_id=game.id, edition=edition,
                           snapshot_check=lambda seq, h: hashes.append(f"{seq}:{h}"))
    data = report.to_json()
    data.pop("seconds", None)
    return _digest([_dumps(data), *hashes])


def bot_fingerprint(mode: str, seed: int, steps: int = STEPS) -> str:
    """The hash of a seeded bot game: every decision, its check, its game actions, what is
    awaited next and the full state hash after it."""
    parts: list[str] = []
    for step, state, actions in bot_moves(mode, seed, steps):
        parts.append(_dumps({
            "step": step,
            "actions": [a.to_json() for a in actions],
            "pending": [asdict(r) for r in engine.pending(state)] if not state.is_over() else [],
            "state": state_hash(state),
            "turn": state.turn, "phase": state.phase, "winner": state.winner,
        }))
    return _digest(parts)


def coverage_fingerprint() -> dict[str, str]:
    """The hash of ``riftlog cards coverage`` and of ``... --missing``."""
    out = {}
    runner = CliRunner()
    for args in (["cards", "coverage"], ["cards", "coverage", "--missing"]):
        res = runner.invoke(cli_main, args, env={"COLUMNS": "200", "NO_COLOR": "1"})
        if res.exit_code != 0:
            raise RuntimeError(f"riftlog {' '.join(args)} failed: {res.output}")
        out[" ".join(["coverage", *args[2:]])] = hashlib.sha256(res.output.encode()).hexdigest()
    return out


def bot_keys(seeds: int) -> list[tuple[str, str, int]]:
    return [(f"bot:{mode}:{seed}", mode, seed) for mode in MODES for seed in range(seeds)]


def fingerprint(seeds: int, samples: bool = True, progress: bool = False) -> dict[str, str]:
    """Every fingerprint: the samples (when *samples*), *seeds* bot games a mode, coverage."""
    out: dict[str, str] = {}
    if samples:
        for key, game in sample_games():
            out[key] = sample_fingerprint(game)
            out[key.replace("sample:", "sample-v1.2:", 1)] = sample_fingerprint(game, "v1.2")
            if progress:
                print(key, file=sys.stderr)
    for key, mode, seed in bot_keys(seeds):
        out[key] = bot_fingerprint(mode, seed)
        if progress:
            print(key, file=sys.stderr)
    out.update(coverage_fingerprint())
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--write", action="store_true", help="record tests/fingerprint.json")
    ap.add_argument("--seeds", type=int, default=FULL_SEEDS, help="bot games per mode")
    args = ap.parse_args(argv)
    now = fingerprint(args.seeds, progress=True)
    if args.write:
        FILE.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(now)} fingerprints to {FILE}")
        return 0
    old = json.loads(FILE.read_text())
    bad = [k for k in now if old.get(k) != now[k]]
    for k in bad:
        print(f"DIFFERENT: {k}")
    print(f"{len(now) - len(bad)} of {len(now)} fingerprints identical")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
