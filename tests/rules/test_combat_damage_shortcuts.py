"""replay-perf shortcuts of the combat damage step, compared with the slow way on the states
of bot games (every mode):

``combat_damage.damage_decision_violations`` takes the assigner's total and the opposing
units from the awaited request (``combat.damage_request``) instead of working them out:
the request is still what ``damage_request`` gives, and the verdicts are those of the
slow way (with the request gone from the queue) for a legal and two wrong assignments.

``engine.check(state, d, shared)`` hands the units' characteristics it computed to
``apply_combat_damage_assigned`` (``engine.apply_in_place(state, d, shared)``): the
violations, game actions, errors and states are those of check and apply without it.
"""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.errors import RiftlogError
from riftlog.events.combat import CombatDamageAssigned
from riftlog.reducer_fold import state_hash
from riftlog.rules import engine
from riftlog.rules.board.core import Violation
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import combat, combat_damage
from tests.build_marks import pure_only
from tests.rules.bot_games import bot_moves


def _slow(state: GameState, d: CombatDamageAssigned) -> list[Violation]:
    """The verdict without the awaited request (the slow path)."""
    queue = state.queue[:]
    state.queue.clear()
    try:
        return combat_damage.damage_decision_violations(state, d)
    finally:
        state.queue[:] = queue


def _assignments(legal: dict[str, int], units: list[str]) -> list[dict[str, int]]:
    out = [legal, {**legal, units[0]: legal.get(units[0], 0) + 1}]  # one too many
    if len(units) > 1 and legal.get(units[0]):  # a point moved to the last unit
        moved = dict(legal)
        moved[units[0]] -= 1
        moved[units[-1]] = moved.get(units[-1], 0) + 1
        out.append(moved)
    return out


@pytest.mark.parametrize("mode,seed", [("duel", 31), ("duel", 32), ("ffa3", 33), ("2v2", 34),
                                       ("ffa4", 35)])
def test_damage_check_from_the_request_matches_the_slow_way(mode: str, seed: int) -> None:
    seen = 0
    for _, state, _log in bot_moves(mode, seed, steps=800):
        front: dict[str, Any] | None = state.queue[0] if state.queue else None
        if front is None or front.get("request") != "combat_damage":
            continue
        seen += 1
        assert front["options"] == combat.damage_request(state)["options"]
        opts = front["options"]
        legal = combat_damage.legal_assignment(state, opts["total"], opts["units"])
        for assignment in _assignments(legal, opts["units"]):
            d = CombatDamageAssigned(player=front["player"], battlefield=opts["battlefield"],
                                     assignment=assignment)
            assert combat_damage.damage_decision_violations(state, d) == _slow(state, d)
    assert seen >= 3



def _judge(state: GameState, d: CombatDamageAssigned,
           shared: engine.Shared | None) -> tuple[Any, ...]:
    state = state.clone()
    violations = [str(v) for v in engine.check(state, d, shared)]
    try:
        actions = [a.to_json() for a in engine.apply_in_place(state, d, shared)]
    except (RiftlogError, KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
        return violations, type(exc).__name__, str(exc)
    return violations, actions, state_hash(state)


@pure_only("riftlog.rules.flow.combat")
@pytest.mark.parametrize("mode,seed", [("duel", 41), ("duel", 42), ("ffa3", 43), ("2v2", 44),
                                       ("ffa4", 45)])
def test_shared_characteristics_give_check_then_apply(
        mode: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    taken = engine.take_shared
    used = 0

    def counting(s: GameState, d: Any) -> Any:  # how often the apply got the check's memo
        nonlocal used
        values = taken(s, d)
        used += values is not None and bool(values.get("chars"))
        return values

    monkeypatch.setattr(combat, "take_shared", counting)  # the applier that takes them
    seen = 0
    for _, state, _log in bot_moves(mode, seed, steps=800):
        front: dict[str, Any] | None = state.queue[0] if state.queue else None
        if front is None or front.get("request") != "combat_damage":
            continue
        seen += 1
        opts = front["options"]
        legal = combat_damage.legal_assignment(state, opts["total"], opts["units"])
        other = next(p for p in state.players if p != front["player"])
        for assignment in _assignments(legal, opts["units"]):
            for player in (front["player"], other):
                d = CombatDamageAssigned(player=player, battlefield=opts["battlefield"],
                                         assignment=assignment)
                assert _judge(state, d, engine.Shared()) == _judge(state, d, None), d
    assert seen >= 3 and used >= seen
