"""A Closed State's priority wait (312.2.c) left in the queue after the chain it waited on
emptied is dropped as the flow goes on: the turn is Open again, so nobody could pass it
(312.1) and the game would be stuck.  Found by the seek benchmark's long FFA4 game: Dark
Child's end-of-turn trigger under a spell whose resolution started a trigger that asked its
cost as it was finalized, so two priority loops were queued for one chain."""

from __future__ import annotations

import pytest

from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.flow import turn
from tests.rules.board import table


def _queued(state: GameState) -> list[str]:
    return [f"{e['kind']}:{e.get('request', '')}" for e in state.queue]


def _with_loop(phase: str, chain: bool) -> GameState:
    state = table(4, mode="ffa4")
    state.phase = phase
    state.priority = "p4"
    if chain:
        state.chain.append(ChainItem(id="c1", kind="ability", controller="p4", source=None,
                                     legal=True))
    state.queue = [
        hooks.await_entry("priority", "p4", ["PriorityPassed"], "312.2.c"),
        hooks.await_entry("choice", "p2", ["ChoiceMade"], "415"),
    ]
    return state


def test_priority_wait_of_an_emptied_chain_is_dropped() -> None:
    state = _with_loop("ending", chain=False)
    log: list[GameAction] = []
    turn.advance(state, log)
    assert _queued(state) == ["await:choice"]


@pytest.mark.parametrize(("phase", "chain"), [("ending", True), ("main", False)])
def test_priority_wait_stays_while_it_can_be_passed(phase: str, chain: bool) -> None:
    # with a chain to resolve (312.2.c), or in the Main Phase (312.2.a), the wait is real
    state = _with_loop(phase, chain)
    turn.advance(state, [])
    assert _queued(state) == ["await:priority", "await:choice"]
