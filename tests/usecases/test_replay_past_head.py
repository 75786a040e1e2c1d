"""Events past the head (issue 16): with the game's recorded head moved back, ``replay``
(and bulk judging) name the game and the first seq past the head instead of judging only
up to the head and passing, on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import text

from riftlog.bulk import judge_games
from riftlog.cli import main
from riftlog.errors import ChainBroken
from riftlog.replay import replay_game
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore
from tests.store.helpers import drop_games_guard
from tests.usecases.helpers import bot_game


def _head_moved_back(store: EventStore, tmp_path: Path, by: int = 2) -> int:
    """A game whose games row says it ends *by* events early; returns the head it says."""
    bot_game(store, "g1", 3, turns=2, finish=False, snapshot_every=0,
             keeper=SeedKeeper(tmp_path / "secrets"))
    head = store.last_seq("g1") - by
    hashes = {e.seq: e.hash for e in store.read("g1")}
    drop_games_guard(store)  # a forger's edit (PostgreSQL guards the head)
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE games SET last_seq = :s, last_hash = :h WHERE id = 'g1'"),
                     {"s": head, "h": hashes[head]})
    return head


def test_replay_names_the_first_event_past_the_head(store: EventStore, tmp_path: Path) -> None:
    head = _head_moved_back(store, tmp_path)
    with pytest.raises(ChainBroken) as info:
        replay_game(store, "g1")
    assert (info.value.game_id, info.value.seq) == ("g1", head + 1)
    assert f"seq {head + 1} is past the game's recorded head (seq {head})" in str(info.value)
    assert not store.verify("g1").ok  # verify and replay agree


def test_bulk_judging_names_the_game_and_seq(store: EventStore, tmp_path: Path) -> None:
    head = _head_moved_back(store, tmp_path)
    (judged,) = judge_games(store, ["g1"], jobs=1)
    assert judged.report is None and judged.error is not None
    assert f"game g1: hash chain breaks at seq {head + 1}" in judged.error


def test_cli_replay_exits_non_zero_with_one_line(store: EventStore, tmp_path: Path) -> None:
    head = _head_moved_back(store, tmp_path)
    result = CliRunner().invoke(main, ["replay", "g1", "--db", store.where])
    assert result.exit_code != 0
    assert result.stderr.strip() == (f"error: game g1: hash chain breaks at seq {head + 1}: "
                                     f"seq {head + 1} is past the game's recorded head "
                                     f"(seq {head})")


def test_an_untouched_game_still_replays(store: EventStore, tmp_path: Path) -> None:
    bot_game(store, "g1", 3, turns=2, snapshot_every=0, keeper=SeedKeeper(tmp_path / "s"))
    assert len(replay_game(store, "g1").verdicts) == store.last_seq("g1")
