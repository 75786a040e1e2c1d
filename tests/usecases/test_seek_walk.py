"""Seeking as a viewer does (issue 26): a seeded walk of jumps, steps forward and back and
repeats through seeded games (a duel with rewinds, a four-player game; snapshots every 5
and every 50) gives at every seq exactly the position folding from the start gives, with
every way of getting there (a snapshot, the kept position of the previous seek, a fold
from the start) and whatever the caller does to the positions it was given."""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from riftlog import reducer_snapshots
from riftlog.events import Actor
from riftlog.recorder import play_bot
from riftlog.reducer import Folder, state_at, state_hash
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore
from tests.usecases.helpers import duel, new_store

JUDGE = Actor.judge("Judge")
BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "replay.py"


def _expected(store: EventStore, game_id: str) -> list[tuple[str, object, list[int], object]]:
    """Per seq (index seq - 1): what folding from seq 1 gives (state hash, stop, voided
    seqs, creation)."""
    folder, out = Folder(), []
    for ev in store.read(game_id):
        folder.feed(ev)
        p = folder.position()
        out.append((state_hash(p.state), p.stopped, p.voided, p.created))
    return out


def _walk(last: int, seed: int, n: int) -> list[int]:
    """*n* seqs a viewer might ask for: jumps, steps of 1 to 3 forward, a step back, the
    same seq again."""
    rng = random.Random(seed)
    seq, out = rng.randint(1, last), []
    for _ in range(n):
        move = rng.random()
        if move < 0.25:
            seq = rng.randint(1, last)
        elif move < 0.75:
            seq = min(last, seq + rng.randint(1, 3))
        elif move < 0.9:
            seq = max(1, seq - 1)
        out.append(seq)
    return out


def _check_walk(store: EventStore, game_id: str, seed: int, monkeypatch: pytest.MonkeyPatch,
                n: int = 80) -> None:
    expected = _expected(store, game_id)
    used = {"kept": 0, "snapshot": 0}

    def counted(name: str, real: Any) -> Any:
        def spy(*args: Any, **kw: Any) -> Any:
            position = real(*args, **kw)
            used[name] += position is not None
            return position
        return spy

    monkeypatch.setattr(reducer_snapshots, "_from_kept",
                        counted("kept", reducer_snapshots._from_kept))
    monkeypatch.setattr(reducer_snapshots, "_from_snapshot",
                        counted("snapshot", reducer_snapshots._from_snapshot))
    reducer_snapshots._LAST.__dict__.clear()
    for seq in _walk(len(expected), seed, n):
        p = state_at(store, game_id, seq)
        assert (state_hash(p.state), p.stopped, p.voided, p.created) == expected[seq - 1], seq
        assert p.seq == seq
        # the caller's position is its own: changing it never reaches a later seek
        assert p.state is not None
        p.state.turn += 100
        p.state.objects.popitem()
        next(iter(p.state.players.values())).hand.append("x")
        p.line.add_plain(10**6)
    assert used["kept"] > n // 4 and used["snapshot"] > n // 10, used  # both ways taken


@pytest.fixture
def rewound(tmp_path: Path) -> Iterator[EventStore]:
    """A duel with snapshots every 4, two rewinds (one past a snapshot) and a ruling."""
    store = new_store(tmp_path)
    rec = duel(store, "g", snapshot_every=4)
    play_bot(rec, 5, max_turns=3)
    rec.rewind(rec.seq - 6, JUDGE, "back up past a snapshot")
    play_bot(rec, 6, max_turns=4)
    rec.rewind(rec.seq - 1, JUDGE, "back up a little")
    play_bot(rec, 7, max_turns=5)
    rec.ruling(JUDGE, "noted", ["316.2"], about_seq=3)
    yield store
    store.close()


@pytest.mark.parametrize("seed", [1, 2])
def test_a_walk_through_a_duel_with_rewinds(rewound: EventStore, seed: int,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _check_walk(rewound, "g", seed, monkeypatch)


def _bench_long_game(store: EventStore, folder: Path, seal: bool) -> str:
    spec = importlib.util.spec_from_file_location("bench_replay", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return str(bench.record_long_game(store, SeedKeeper(folder / "secrets"), cap=260,
                                      seal=seal))


@pytest.mark.parametrize("seal", [False, True], ids=["every-5", "sealed-every-50"])
def test_a_walk_through_a_four_player_game(tmp_path: Path, seal: bool,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    store = new_store(tmp_path)
    gid = _bench_long_game(store, tmp_path, seal)
    _check_walk(store, gid, 3, monkeypatch, n=100)
    store.close()
