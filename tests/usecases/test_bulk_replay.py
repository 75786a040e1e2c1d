"""Issue 7 (bulk): judging many stored games, streaming, on several worker processes.

``riftlog.bulk.judge_games`` verifies each game (chain, head, seal), replays it with
verdicts, and yields the outcomes in the order given; with ``jobs > 1`` worker processes
do the work and at most ``window`` games are handed out ahead of the caller.  The
contract tests run on SQLite and on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from riftlog.bulk import (
    GAMES_PER_WORKER,
    GameJudged,
    JudgeOptions,
    _answer,
    default_jobs,
    judge_games,
)
from riftlog.errors import ChainBroken, UnsupportedRule, WorkerFailed
from riftlog.replay import replay_game
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore
from tests.store.helpers import drop_append_only_triggers, raw
from tests.usecases.helpers import bot_game

GAMES = ["b1", "b2", "b3"]


def _store(url: str, games: list[str] = GAMES, secrets: Path | None = None) -> EventStore:
    """A migrated store at *url* holding *games*, short bot duels (seeds kept in *secrets*,
    else beside the SQLite file)."""
    store = EventStore.open(url, check=False, create=True)
    store.upgrade()
    keeper = SeedKeeper(secrets) if secrets is not None else None
    for k, gid in enumerate(games):
        bot_game(store, gid, 40 + k, turns=3, keeper=keeper)
    return store


def _timeless(outcome: GameJudged) -> dict[str, Any] | None:
    if outcome.report is None:
        return None
    return {k: v for k, v in outcome.report.items() if k != "seconds"}


def test_two_workers_judge_as_one_process_does(db_url: str, tmp_path: Path) -> None:
    # contract (SQLite and PostgreSQL): the workers open the same store and give, game by
    # game and in order, the very reports the replayer gives in this process
    store = _store(db_url, secrets=tmp_path / "secrets")
    try:
        ids = [*GAMES, "nope"]
        apart = list(judge_games(store, ids, jobs=2))
        here = list(judge_games(store, ids, jobs=1))
        assert [o.game_id for o in apart] == ids
        assert [_timeless(o) for o in apart] == [_timeless(o) for o in here]
        assert apart[3].report is None and apart[3].error is not None
        assert "no game 'nope'" in apart[3].error
        for gid, outcome in zip(GAMES, apart[:3], strict=True):
            direct = replay_game(store, gid).to_json()
            direct.pop("seconds")
            assert _timeless(outcome) == direct
            assert outcome.ok and outcome.report is not None
            assert outcome.report["counts"]["illegal"] == 0
    finally:
        store.close()


def test_workers_are_handed_at_most_window_games_ahead(tmp_path: Path) -> None:
    store = _store(str(tmp_path / "r.db"), ["w1", "w2"])
    pulled: list[str] = []

    def ids() -> Iterator[str]:
        for k in range(7):  # the same games again and again: a long, lazy list
            gid = ("w1", "w2")[k % 2]
            pulled.append(gid)
            yield gid

    try:
        got = 0
        for outcome in judge_games(store, ids(), jobs=2, window=2):
            got += 1
            assert outcome.ok
            # streaming: never more than `window` games beyond the ones yielded so far
            assert len(pulled) <= got - 1 + 2
        assert got == 7
    finally:
        store.close()


def test_a_tampered_game_is_named_and_the_others_are_judged(tmp_path: Path) -> None:
    store = _store(str(tmp_path / "t.db"))
    try:
        drop_append_only_triggers(store)
        raw(store, "UPDATE events SET payload = replace(payload, 'p1', 'p2') "
                   "WHERE game_id = 'b2' AND seq = 3")
        out = list(judge_games(store, GAMES, jobs=2))
        assert [o.report is not None for o in out] == [True, False, True]
        assert out[1].error is not None
        assert "game b2" in out[1].error and "seq 3" in out[1].error
    finally:
        store.close()


@pytest.fixture
def tail_deleted(tmp_path: Path) -> Iterator[tuple[EventStore, int]]:
    """A store whose game b1 lost its last event (the chain before it intact: reading the
    chain alone cannot see the gap, only the game's head can), and that event's seq."""
    store = _store(str(tmp_path / "d.db"), ["b1"])
    last = store.game("b1").last_seq
    drop_append_only_triggers(store)
    raw(store, f"DELETE FROM events WHERE game_id = 'b1' AND seq = {last}")
    yield store, last
    store.close()


def test_a_deleted_tail_event_is_caught_by_the_head_check(
        tail_deleted: tuple[EventStore, int]) -> None:
    store, last = tail_deleted
    (outcome,) = judge_games(store, ["b1"])
    assert outcome.report is None and outcome.error is not None
    assert f"seq {last}" in outcome.error


def test_replay_game_names_a_deleted_tail_event(tail_deleted: tuple[EventStore, int]) -> None:
    store, last = tail_deleted
    with pytest.raises(ChainBroken, match=f"game b1: hash chain breaks at seq {last}: "
                                          f"seq {last} is missing"):
        replay_game(store, "b1")


def test_an_edition_not_judged_is_refused_before_any_game(tmp_path: Path) -> None:
    store = _store(str(tmp_path / "e.db"), [])
    pulled: list[str] = []

    def ids() -> Iterator[str]:
        pulled.append("x")
        yield "x"

    try:
        with pytest.raises(UnsupportedRule, match=r"v1\.1"):
            next(judge_games(store, ids(), JudgeOptions(edition="v1.1"), jobs=2))
        assert pulled == []
    finally:
        store.close()


def test_notable_only_keeps_the_events_that_are_not_plainly_legal(tmp_path: Path) -> None:
    store = _store(str(tmp_path / "n.db"), ["b1"])
    try:
        (full,) = judge_games(store, ["b1"])
        (short,) = judge_games(store, ["b1"], JudgeOptions(notable_only=True))
        assert full.report is not None and short.report is not None
        assert short.report["events"] == []
        assert short.report["counts"] == full.report["counts"]
        assert len(full.report["events"]) == sum(full.report["counts"].values())
    finally:
        store.close()


def test_a_worker_that_dies_is_one_clear_error() -> None:
    future: Future[GameJudged] = Future()
    future.set_exception(BrokenProcessPool("a child process terminated abruptly"))
    with pytest.raises(WorkerFailed, match="game g7"):
        _answer("g7", future)


def test_default_jobs_pays_for_a_worker_only_with_enough_games() -> None:
    assert default_jobs(0) == 1
    assert default_jobs(GAMES_PER_WORKER - 1) == 1
    assert 1 <= default_jobs(1000) <= 1000 // GAMES_PER_WORKER
    assert default_jobs(2 * GAMES_PER_WORKER) in (1, 2)
