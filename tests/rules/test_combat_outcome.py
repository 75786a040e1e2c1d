"""The Resolution Step of combat (v1.3 461) and conquering through it (461.5.d, 464.1)."""

from __future__ import annotations

import pytest

from riftlog.rules.board.core import GameAction
from riftlog.rules.board.layers import add_effect
from riftlog.rules.board.state import GameState
from riftlog.rules.flow.combat_damage import combat_units, resolve_combat_outcome
from riftlog.rules.game_actions.scoring import score
from tests.rules.combat_board import (
    DORANS_BLADE,
    GUARDIAN,
    KAYN,
    PHANTOM,
    SERGEANT,
    SKULKER,
    attach,
    combat,
    effect,
    encoded,
    state_fixture,  # noqa: F401  (the state fixture)
    unit,
)


def test_v1_3_461_3_a_attacker_wins_and_conquers(state: GameState) -> None:
    a = unit(state, SERGEANT, "p1")
    d = unit(state, SKULKER, "p2", damage=3)
    combat(state)
    out = resolve_combat_outcome(state, "bf1")
    assert out.killed == (d,) and out.remaining == {"p1": (a,), "p2": ()}
    assert (out.winner, out.loser, out.result) == ("p1", "p2", "won")
    assert out.controller == "p1" and out.establishes == "p1" and out.conquered_by == "p1"
    assert out.recalled == () and not out.restage


def test_v1_3_461_tie_leaves_the_battlefield_with_the_defender_and_nobody_scores(
    state: GameState,
) -> None:
    a = unit(state, SERGEANT, "p1", damage=3)
    d = unit(state, SERGEANT, "p2", damage=3)
    combat(state)
    out = resolve_combat_outcome(state, "bf1")
    assert out.killed == () and set(out.healed) == {a, d}
    assert out.recalled == (a,)  # 461.1.a.2
    assert out.winner == "p2" and out.controller == "p2"
    assert out.conquered_by is None  # the defender kept control: no Conquer (464.1)


def test_v1_3_461_3_d_both_sides_die_no_result_battlefield_uncontrolled(state: GameState) -> None:
    unit(state, SKULKER, "p1", damage=3)
    unit(state, SKULKER, "p2", damage=3)
    combat(state)
    out = resolve_combat_outcome(state, "bf1")
    assert len(out.killed) == 2 and out.result == "no_result"
    assert out.winner is None and out.loser is None and not out.restage
    assert out.controller is None and out.establishes is None and out.conquered_by is None


def test_v1_3_461_1_a_2_attackers_recalled_when_defenders_remain(state: GameState) -> None:
    a1 = unit(state, SKULKER, "p1")
    a2 = unit(state, SERGEANT, "p1", damage=4)
    unit(state, PHANTOM, "p2", damage=2)
    combat(state)
    out = resolve_combat_outcome(state, "bf1")
    assert out.killed == (a2,) and out.recalled == (a1,) and out.winner == "p2"


def test_v1_3_461_assigned_damage_is_counted_with_marked_damage(state: GameState) -> None:
    a = unit(state, SERGEANT, "p1")
    d = unit(state, SERGEANT, "p2", damage=1)
    combat(state)
    out = resolve_combat_outcome(state, "bf1", assigned={d: 3, a: 2})
    assert out.killed == (d,) and out.winner == "p1" and out.healed == (a,)


def test_v1_3_423_1_c_a_stunned_unit_still_needs_its_full_might(state: GameState) -> None:
    unit(state, SKULKER, "p1")
    d = unit(state, SERGEANT, "p2", stunned=True, damage=3)
    combat(state)
    out = resolve_combat_outcome(state, "bf1")
    assert out.killed == () and out.remaining["p2"] == (d,)


def test_v1_3_814_shield_counts_when_checking_lethal(state: GameState) -> None:
    unit(state, SKULKER, "p1")
    d = unit(state, GUARDIAN, "p2", damage=3)  # 3 + Shield 1 while defending
    combat(state)
    assert resolve_combat_outcome(state, "bf1").killed == ()
    state.objects[d].designation = None
    assert resolve_combat_outcome(state, "bf1", attacker="p1", defender="p2").killed == (d,)


def test_v1_3_460_2_c_9_unit_that_cannot_take_damage_survives_assignment(state: GameState) -> None:
    with encoded(KAYN):
        unit(state, SKULKER, "p1")
        kayn = unit(state, KAYN, "p2")
        add_effect(state, effect(layer="ability", affects={"oid": kayn}, flags=["no_damage"]))
        combat(state)
        out = resolve_combat_outcome(state, "bf1", assigned={kayn: 9})
        assert out.killed == () and out.winner == "p2"


def test_v1_3_461_5_d_no_conquer_of_a_battlefield_already_scored_this_turn(
    state: GameState,
) -> None:
    unit(state, SERGEANT, "p1")
    unit(state, SKULKER, "p2", damage=3)
    combat(state)
    state.players["p1"].turn_marks.update({"scored": ["bf1"], "scored_turn": state.turn})
    out = resolve_combat_outcome(state, "bf1")
    assert out.establishes == "p1" and out.controller == "p1" and out.conquered_by is None


def test_v1_3_461_5_nothing_established_while_something_is_staged_here(state: GameState) -> None:
    unit(state, SERGEANT, "p1")
    unit(state, SKULKER, "p2", damage=3)
    combat(state)
    out = resolve_combat_outcome(state, "bf1", staged_here=True)
    assert out.winner == "p1" and out.establishes is None and out.controller == "p2"


def test_v1_3_461_5_conquer_then_score(state: GameState) -> None:
    unit(state, SERGEANT, "p1")
    unit(state, SKULKER, "p2", damage=3)
    combat(state)
    out = resolve_combat_outcome(state, "bf1")
    assert out.conquered_by == "p1"
    state.battlefield("bf1").controller = out.controller  # 461.5: establish control
    log: list[GameAction] = []
    result = score(state, "p1", "bf1", "conquer", log)
    assert result.scored and state.players["p1"].points == 1


def test_attached_gear_is_not_a_combatant(state: GameState) -> None:
    a = unit(state, SERGEANT, "p1")
    unit(state, SKULKER, "p2")
    attach(state, DORANS_BLADE, a)
    combat(state)
    assert combat_units(state, "bf1") == {"p1": [a], "p2": [state.battlefield("bf1").units[1]]}


def test_a_combat_needs_attacker_and_defender(state: GameState) -> None:
    unit(state, SERGEANT, "p1")
    with pytest.raises(ValueError, match=r"459\.2\.b"):
        resolve_combat_outcome(state, "bf1")
