"""Replay-perf: inside ``combat_damage.judging(state, d)`` the apply of a
CombatDamageAssigned reuses the characteristics its check computed; the verdict, the game
actions and the resulting state must be those of a separate check and apply.  Checked on
every combat damage assignment of random bot games in every mode, and for the misuses the
scope guards against (another decision, a second apply)."""

from __future__ import annotations

import random

import pytest

from riftlog.events.combat import CombatDamageAssigned
from riftlog.rules import bot, combat_damage, engine
from riftlog.rules.state import GameState
from tests.rules.test_cleanup_settled import _created


def _both(state: GameState, d: CombatDamageAssigned) -> None:
    plain, judged = state.clone(), state.clone()
    v_plain = engine.check(plain, d)
    log_plain = engine.apply_in_place(plain, d) if not v_plain else []
    with combat_damage.judging(judged, d):
        v_judged = engine.check(judged, d)
        log_judged = engine.apply_in_place(judged, d) if not v_judged else []
        if not v_judged:
            assert combat_damage.take_judged(judged, d) is None  # handed over once
    assert v_judged == v_plain
    assert log_judged == log_plain
    assert judged.to_json() == plain.to_json()


@pytest.mark.parametrize("mode,seed", [("duel", 7), ("ffa3", 8), ("ffa4", 9), ("2v2", 10),
                                       ("duel", 11), ("duel", 12)])
def test_judging_changes_nothing(mode: str, seed: int) -> None:
    rng = random.Random(seed)
    state = engine.new_game(_created(mode, seed))
    seen = 0
    for _ in range(600):
        if state.is_over():
            break
        d = bot.choose(state, rng)
        if isinstance(d, CombatDamageAssigned):
            _both(state, d)
            seen += 1
            # an illegal assignment too: all of it on the first unit named
            if d.assignment:
                first = next(iter(d.assignment))
                odd = CombatDamageAssigned(player=d.player, battlefield=d.battlefield,
                                           assignment={first: sum(d.assignment.values()) + 1})
                _both(state, odd)
        engine.apply_in_place(state, d)
    if seen == 0:
        pytest.skip("no combat damage assignment in this game")


def test_the_scope_shares_only_with_its_state_and_decision() -> None:
    rng = random.Random(7)
    state = engine.new_game(_created("duel", 7))
    for _ in range(600):
        d = bot.choose(state, rng)
        if isinstance(d, CombatDamageAssigned):
            break
        engine.apply_in_place(state, d)
    else:
        pytest.skip("no combat damage assignment")
    other = CombatDamageAssigned(player=d.player, battlefield=d.battlefield,
                                 assignment=dict(d.assignment))
    with combat_damage.judging(state, d):
        engine.check(state, d)
        assert combat_damage.take_judged(state.clone(), d) is None  # another state
        assert combat_damage.take_judged(state, other) is None  # another decision
        memo = combat_damage.take_judged(state, d)
        assert memo  # the check filled it in
        assert combat_damage.take_judged(state, d) is None
    assert not combat_damage._JUDGING
