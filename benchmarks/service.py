"""The replay service's speed, as ratios against the library measured in the same run.

1. Appending one decision: over HTTP (``POST /games/{id}/events``: token, check, apply,
   hash, insert, answer) against the same append through the library
   (:func:`riftlog.recorder.append_event`, what ``riftlog append`` runs).  The decisions
   are those of a recorded bot game, replayed in a fresh game with the same seed.
2. Reading events: NDJSON from ``GET /games/{id}/events`` (the judge's view, streamed)
   against the library: the same rows cut by :class:`riftlog.views.GameView`
   (:func:`riftlog.views.transcript`), and the raw store read.

The server is ``riftlog serve`` in its own process on 127.0.0.1 (one worker, SQLite).

    .venv/bin/python benchmarks/service.py [--games 3]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from riftlog.events.actor import Actor
from riftlog.events.registry import payload_model
from riftlog.recorder import append_event, create_game, play_bot, player_from_deck
from riftlog.seeding import SeedKeeper
from riftlog.service.access import create_token
from riftlog.store import EventStore
from riftlog.views import Viewer, transcript

DECKS = ("annie-dark-child", "garen-might-of-demacia")


def new_store(folder: Path) -> EventStore:
    folder.mkdir(parents=True, exist_ok=True)
    store = EventStore.open(str(folder / "riftlog.db"), check=False, create=True)
    store.upgrade()
    return store


def new_game(store: EventStore, game_id: str, seed: str) -> None:
    players = [player_from_deck(f"p{i + 1}", f"P{i + 1}", d) for i, d in enumerate(DECKS)]
    create_game(store, game_id, mode="duel", players=players, seed=seed,
                tournament_id="bench", match_id=f"{game_id}-m",
                keeper=SeedKeeper.for_store(store))


def decisions_of(folder: Path, game_id: str, seed: str,
                 bot_seed: int) -> list[tuple[str, dict[str, Any]]]:
    """The decisions a bot made in a seeded game (to be replayed with the same seed)."""
    store = new_store(folder)
    new_game(store, game_id, seed)
    from riftlog.recorder import Recorder

    play_bot(Recorder.open(store, game_id, SeedKeeper.for_store(store)), bot_seed, max_turns=30)
    out = []
    for ev in store.read(game_id):
        if ev.type != "GameCreated" and payload_model(ev.type).IS_DECISION:
            out.append((ev.type, {k: v for k, v in ev.payload.items() if k != "type"}))
    store.close()
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3, help="bot games replayed on each side")
    ap.add_argument("--reads", type=int, default=5, help="times each game is read")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="riftlog-bench-service-"))
    plans = [(f"seed-{i}", decisions_of(tmp / f"ref{i}", f"g{i}", f"seed-{i}", i)) for i in range(args.games)]
    total = sum(len(p) for _, p in plans)
    print(f"{args.games} bot games, {total} decisions to append on each side")

    # --- the library ---------------------------------------------------------------------
    lib = new_store(tmp / "lib")
    keeper = SeedKeeper.for_store(lib)
    actor = Actor.recorder("bench")
    t_lib = 0.0
    for i, (seed, plan) in enumerate(plans):
        new_game(lib, f"g{i}", seed)
        t0 = time.perf_counter()
        for kind, payload in plan:
            append_event(lib, f"g{i}", kind, payload, actor=actor, keeper=keeper)
        t_lib += time.perf_counter() - t0

    # --- the service, in its own process ---------------------------------------------------
    srv_dir = tmp / "srv"
    srv = new_store(srv_dir)
    for i, (seed, _plan) in enumerate(plans):
        new_game(srv, f"g{i}", seed)
    tokens = {f"g{i}": create_token(srv, "recorder", "bench", game_id=f"g{i}")[1]
              for i in range(len(plans))}
    judge = create_token(srv, "judge", "bench", tournament_id="bench")[1]
    srv.close()
    port = free_port()
    riftlog = str(Path(sys.executable).with_name("riftlog"))
    proc = subprocess.Popen([riftlog, "--db",
                             str(srv_dir / "riftlog.db"), "serve", "--port", str(port),
                             "--log-level", "warning"],
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/openapi.json")
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        t_http = 0.0
        with httpx.Client(base_url=base, timeout=60) as http:
            for i, (_seed, plan) in enumerate(plans):
                gid = f"g{i}"
                headers = {"Authorization": f"Bearer {tokens[gid]}"}
                t0 = time.perf_counter()
                for kind, payload in plan:
                    res = http.post(f"/games/{gid}/events", headers=headers,
                                    json={"events": [{"type": kind, "payload": payload}]})
                    if res.status_code != 201:
                        raise SystemExit(f"append refused: {res.text}")
                t_http += time.perf_counter() - t0
            # --- reading ------------------------------------------------------------------
            events = sum(lib.last_seq(f"g{i}") for i in range(len(plans))) * args.reads
            t0 = time.perf_counter()
            for _ in range(args.reads):
                for i in range(len(plans)):
                    with http.stream("GET", f"/games/g{i}/events", params={
                            "format": "ndjson", "view": "judge"},
                            headers={"Authorization": f"Bearer {judge}"}) as res:
                        n = sum(1 for line in res.iter_lines() if line and json.loads(line))
                    assert n == lib.last_seq(f"g{i}"), (n, lib.last_seq(f"g{i}"))
            t_ndjson = time.perf_counter() - t0
    finally:
        proc.terminate()
        proc.wait(10)
    t0 = time.perf_counter()
    for _ in range(args.reads):
        for i in range(len(plans)):
            rows = transcript(lib.read(f"g{i}"), Viewer("judge"))
            json.dumps(rows)
    t_view = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(args.reads):
        for i in range(len(plans)):
            sum(1 for _ in lib.read(f"g{i}"))
    t_raw = time.perf_counter() - t0

    per_lib, per_http = t_lib / total * 1000, t_http / total * 1000
    print("\n| measure | service | library | ratio |")
    print("|---|---|---|---|")
    print(f"| append one decision (check, apply, hash, insert) | {per_http:.2f} ms "
          f"({total / t_http:,.0f}/s) | {per_lib:.2f} ms ({total / t_lib:,.0f}/s) "
          f"| {per_http / per_lib:.2f}x the time |")
    print(f"| read events, judge's view (NDJSON vs GameView rows) | {events / t_ndjson:,.0f} ev/s "
          f"| {events / t_view:,.0f} ev/s | {t_view / t_ndjson:.2f}x the speed |")
    print(f"| read events (NDJSON vs the raw store read) | {events / t_ndjson:,.0f} ev/s "
          f"| {events / t_raw:,.0f} ev/s | {t_raw / t_ndjson:.2f}x the speed |")
    lib.close()


if __name__ == "__main__":
    main()
