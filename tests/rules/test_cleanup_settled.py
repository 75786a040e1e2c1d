"""Issue 7: the engine skips the cleanup after tasks that cannot unsettle a settled state
(``turn.cleanup`` reports "clean"; ``turn.advance`` skips the next one).  Whatever it
skipped, the state it awaits a decision in must be settled (v1.3 322, 323): one more
cleanup there changes nothing.  Random bot games with the sample decks, every mode."""

from __future__ import annotations

import pytest

from riftlog.rules.board.core import GameAction
from riftlog.rules.flow import turn
from tests.rules.bot_games import bot_moves


@pytest.mark.parametrize("mode,seed", [("duel", 1), ("duel", 2), ("ffa3", 3), ("ffa4", 4), ("2v2", 5)])
def test_a_cleanup_where_a_decision_is_awaited_changes_nothing(mode: str, seed: int) -> None:
    checked = 0
    for _, state, _log in bot_moves(mode, seed):
        if state.is_over():
            break
        again = state.clone()
        log: list[GameAction] = []
        turn.cleanup(again, log)
        assert log == [] and again == state, f"{mode} seed {seed}: turn {state.turn} " \
            f"{state.phase}: a cleanup was skipped that had work to do: {log}"
        checked += 1
    assert checked > 60
