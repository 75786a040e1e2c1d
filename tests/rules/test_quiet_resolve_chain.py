"""replay-perf: ``turn.advance`` skips the cleanup after the chain's ``resolve_chain`` task
from a clean state (a quiet task, ``hooks.QUIET_TASKS``: it only sets the priority and queues
a priority await and itself).  Bot games (every mode) played with and without that
shortcut give the same game actions and states."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.reducer_fold import state_hash
from riftlog.rules.board import hooks
from tests.rules.bot_games import bot_moves


def _play(mode: str, seed: int) -> list[tuple[str, list[Any]]]:
    return [(state_hash(state), [a.to_json() for a in log])
            for _, state, log in bot_moves(mode, seed)]


@pytest.mark.parametrize("mode,seed", [("duel", 21), ("ffa3", 22), ("2v2", 23)])
def test_the_cleanup_skipped_after_resolve_chain_would_change_nothing(
        mode: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _play(mode, seed)
    with monkeypatch.context() as m:  # not the task advance knows: a cleanup after each run
        m.setattr(hooks, "QUIET_TASKS", hooks.QUIET_TASKS - {hooks.TASKS["resolve_chain"]})
        slow = _play(mode, seed)
    assert len(fast) > 50
    assert fast == slow
