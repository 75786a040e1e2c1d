"""The CombatDamageAssigned decision against a combat in progress (v1.3 460.1, 460.2.c-d)."""

from __future__ import annotations

from riftlog.events.combat import CombatDamageAssigned
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.layers import add_effect
from riftlog.rules.board.state import GameState
from riftlog.rules.flow.combat_damage import (
    damage_decision_violations,
    deal_combat_damage,
    record_assignment,
    resolve_combat_outcome,
)
from tests.rules.combat_board import (
    DARING_PORO,
    GUARDIAN,
    KAYN,
    SERGEANT,
    SKULKER,
    combat,
    effect,
    encoded,
    state_fixture,  # noqa: F401  (the state fixture)
    unit,
)


def assigned(player: str, assignment: dict[str, int], bf: str = "bf1") -> CombatDamageAssigned:
    return CombatDamageAssigned(player=player, battlefield=bf, assignment=assignment)


def test_v1_3_460_2_c_attacker_assigns_first_then_defender(state: GameState) -> None:
    a = unit(state, DARING_PORO, "p1")   # 2 + Assault 1 = 3
    d = unit(state, SERGEANT, "p2")      # 4
    combat(state)
    early = damage_decision_violations(state, assigned("p2", {a: 4}))
    assert [v.rule for v in early] == ["460.2.c"] and "attacker" in early[0].message
    first = assigned("p1", {d: 3})
    assert damage_decision_violations(state, first) == []
    record_assignment(state, first)
    again = damage_decision_violations(state, assigned("p1", {d: 3}))
    assert [v.rule for v in again] == ["460.2.c"]
    second = assigned("p2", {a: 4})
    assert damage_decision_violations(state, second) == []
    record_assignment(state, second)
    log: list[GameAction] = []
    assert deal_combat_damage(state, log) == {d: 3, a: 4}
    out = resolve_combat_outcome(state, "bf1")
    assert out.killed == (a,) and out.winner == "p2" and out.conquered_by is None


def test_v1_3_460_2_c_the_total_is_the_side_s_summed_might(state: GameState) -> None:
    unit(state, SERGEANT, "p1")
    d = unit(state, GUARDIAN, "p2")      # Tank, 3 + Shield 1
    combat(state)
    found = damage_decision_violations(state, assigned("p1", {d: 3}))
    assert [v.rule for v in found] == ["460.2.c"] and "exactly 4" in found[0].message


def test_v1_3_460_1_no_damage_step_no_assignment(state: GameState) -> None:
    unit(state, SERGEANT, "p1")
    d = unit(state, SKULKER, "p2")
    assert [v.rule for v in damage_decision_violations(state, assigned("p1", {d: 4}))] == ["460.1"]
    combat(state)
    wrong_bf = damage_decision_violations(state, assigned("p1", {d: 4}, bf="bf2"))
    assert [v.rule for v in wrong_bf] == ["460.1"]
    stranger = damage_decision_violations(state, assigned("p3", {d: 4}))
    assert [v.rule for v in stranger] == ["460.2.c"]
    state.showdown.step = "showdown"  # type: ignore[union-attr]
    assert [v.rule for v in damage_decision_violations(state, assigned("p1", {d: 4}))] == ["460.1"]


def test_v1_3_460_2_c_9_no_damage_is_dealt_to_a_unit_that_cannot_take_it(state: GameState) -> None:
    with encoded(KAYN):
        a = unit(state, SKULKER, "p1")
        kayn = unit(state, KAYN, "p2")
        add_effect(state, effect(layer="ability", affects={"oid": kayn}, flags=["no_damage"]))
        combat(state)
        record_assignment(state, assigned("p1", {kayn: 3}))
        record_assignment(state, assigned("p2", {a: 6}))
        assert deal_combat_damage(state, []) == {a: 6}
        assert state.objects[kayn].damage == 0
