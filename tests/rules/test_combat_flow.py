"""Combat through the engine (v1.3 323.2, 323.12, 454-461), including the Examples of
460.2.c.3 and 460.2.c.5-460.2.c.9 played as real combats.

Each board: p2 controls ``bf1`` with defenders there, p1 has attackers ready in base and
moves them in (a Standard Move), which stages a showdown and a combat that open as a
Combat Showdown (323.12).  Both players pass (348.1), then assign damage (460.2.c).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from riftlog.errors import IllegalDecision
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import PriorityPassed, TurnEnded
from riftlog.events.play import StandardMove
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import change_zone
from riftlog.rules.flow import turn
from tests.rules.board import rules
from tests.rules.combat_board import (
    CAITLYN,
    DARING_PORO,
    HORNS,
    MEGA_MECH,
    PHANTOM,
    SERGEANT,
    SKULKER,
    encoded,
    put,
    table,
)
from tests.rules.showdown_board import go, main_phase


def battle(attackers: list[str], defenders: list[str]) -> tuple[GameState, list[str], list[str]]:
    """p2 controls bf1 with *defenders*; p1's *attackers* move in from base; both pass.
    Returns the state in the combat damage step and the attackers' and defenders' oids."""
    state = table()
    state.battlefield("bf1").controller = "p2"
    d = [put(state, c, "p2", "battlefield", "bf1") for c in defenders]
    a = [put(state, c, "p1", "base") for c in attackers]
    state = main_phase(state)
    state, _ = go(state, StandardMove(player="p1", units=tuple(a), destination="bf1"))
    state, _ = go(state, PriorityPassed(player="p1"), PriorityPassed(player="p2"))
    return state, a, d


def assign(pid: str, assignment: dict[str, int]) -> CombatDamageAssigned:
    return CombatDamageAssigned(player=pid, battlefield="bf1", assignment=assignment)


# --- 459 the Combat Showdown Step ---------------------------------------------------------


def test_v1_3_323_12_459_moving_into_an_opponents_battlefield_opens_a_combat() -> None:
    state = table()
    state.battlefield("bf1").controller = "p2"
    skulker = put(state, SKULKER, "p2", "battlefield", "bf1")
    sergeant = put(state, SERGEANT, "p1", "base")
    state = main_phase(state)
    state, _ = go(state, StandardMove(player="p1", units=(sergeant,), destination="bf1"))
    sd = state.showdown
    assert sd is not None and sd.combat and sd.step == "showdown"
    assert (sd.attacker, sd.defender) == ("p1", "p2")  # 459.2.b.1-2
    assert state.objects[sergeant].designation == "attacker"  # 459.2.b.3
    assert state.objects[skulker].designation == "defender"  # 459.2.b.4
    assert sd.focus == "p1" and engine.pending(state)[0].player == "p1"  # 459.2.c
    assert rules(engine.check(state, PriorityPassed(player="p2"))) == ["313.1"]
    assert state.battlefield("bf1").controller == "p2"  # 187.4.b


def test_v1_3_460_2_c_the_attacker_assigns_first() -> None:
    state, (sergeant,), (skulker,) = battle([SERGEANT], [SKULKER])
    (req,) = engine.pending(state)
    assert (req.kind, req.player, req.options["total"]) == ("combat_damage", "p1", 4)
    assert req.options["units"] == [skulker]
    early = assign("p2", {sergeant: 3})
    assert rules(engine.check(state, early)) == ["460.2.c"]
    with pytest.raises(IllegalDecision, match=r"v1\.3 460\.2\.c"):
        engine.apply(state, early)


def test_v1_3_461_the_attacker_wins_and_conquers() -> None:
    state, (sergeant,), (skulker,) = battle([SERGEANT], [SKULKER])
    state, _ = go(state, assign("p1", {skulker: 4}))
    assert engine.pending(state)[0].player == "p2"
    state, log = go(state, assign("p2", {sergeant: 3}))
    kinds = [a.kind for a in log]
    assert kinds.index("deal") < kinds.index("kill") < kinds.index("heal")  # 460.2.d, 461.1
    assert state.objects[skulker].zone == "trash"
    obj = state.objects[sergeant]
    assert obj.location == "bf1" and obj.damage == 0  # 461.1.a.1
    assert obj.designation is None and state.showdown is None  # 461.7.a
    bf = state.battlefield("bf1")
    assert bf.controller == "p1" and bf.contested_by is None  # 461.5, 461.5.a
    assert state.players["p1"].points == 1  # 461.5.d: a Conquer
    result = next(a for a in log if a.kind == "combat_result")
    assert result.details["winner"] == "p1" and result.details["loser"] == "p2"
    assert engine.pending(state)[0].kind == "main"
    state, _ = go(state, TurnEnded(player="p1"))  # the turn goes on
    assert state.turn_player == "p2"


def test_v1_3_461_1_a_2_attackers_are_recalled_while_defenders_remain() -> None:
    state = table()
    state.battlefield("bf1").controller = "p2"
    sergeant = put(state, SERGEANT, "p2", "battlefield", "bf1")
    state.objects[sergeant].stunned = True  # deals no combat damage (423.1.b)
    skulker = put(state, SKULKER, "p1", "base")
    state = main_phase(state)
    state, _ = go(state, StandardMove(player="p1", units=(skulker,), destination="bf1"),
                  PriorityPassed(player="p1"), PriorityPassed(player="p2"))
    state, log = go(state, assign("p1", {sergeant: 3}))  # p2 has 0 to assign: automatic
    assert state.objects[skulker].location == "base:p1"  # 461.1.a.2
    assert state.objects[sergeant].damage == 0  # healed
    assert state.battlefield("bf1").controller == "p2"
    assert state.players["p1"].points == 0 and state.players["p2"].points == 0
    result = next(a for a in log if a.kind == "combat_result")
    assert result.details["winner"] == "p2"  # 461.3.a


def test_v1_3_461_5_b_both_sides_destroyed_leaves_the_battlefield_uncontrolled() -> None:
    state, (a,), (d,) = battle([SERGEANT], [SERGEANT])
    state, log = go(state, assign("p1", {d: 4}), assign("p2", {a: 4}))
    assert state.objects[a].zone == "trash" and state.objects[d].zone == "trash"
    assert state.battlefield("bf1").controller is None  # 461.5.b
    assert state.players["p1"].points == 0 and state.players["p2"].points == 0
    result = next(x for x in log if x.kind == "combat_result")
    assert result.details["result"] == "no_result"  # 461.3.d


def test_v1_3_807_assault_counts_while_attacking() -> None:
    state, _, _ = battle([DARING_PORO], [SKULKER])
    assert engine.pending(state)[0].options["total"] == 3  # Might 2 + Assault 1


def test_v1_3_461_7_b_this_combat_effects_expire() -> None:
    state = table()
    state.battlefield("bf1").controller = "p2"
    d = put(state, SKULKER, "p2", "battlefield", "bf1")
    a = put(state, SERGEANT, "p1", "base")
    state = main_phase(state)
    state, _ = go(state, StandardMove(player="p1", units=(a,), destination="bf1"))
    layers.add_effect(state, {"source": a, "layer": "arithmetic", "affects": {"oid": a},
                              "might": 2, "until": "end_of_combat"})
    state, _ = go(state, PriorityPassed(player="p1"), PriorityPassed(player="p2"))
    assert engine.pending(state)[0].options["total"] == 6
    state, _ = go(state, assign("p1", {d: 6}), assign("p2", {a: 3}))
    assert state.showdown is None and state.effects == []  # 461.7.b
    assert layers.might_of(state, a) == 4


# --- 323.2 designations in a cleanup ------------------------------------------------------


def test_v1_3_323_2_units_joining_or_leaving_a_combat() -> None:
    state = table()
    state.battlefield("bf1").controller = "p2"
    put(state, SKULKER, "p2", "battlefield", "bf1")
    a = put(state, SERGEANT, "p1", "base")
    state = main_phase(state)
    state, _ = go(state, StandardMove(player="p1", units=(a,), destination="bf1"))
    late = put(state, SKULKER, "p1", "battlefield", "bf1")  # e.g. put there by an effect
    late_def = put(state, SKULKER, "p2", "battlefield", "bf1")
    turn.cleanup(state, [])
    assert state.objects[late].designation == "attacker"  # 323.2.a, 459.2.b.3.a
    assert state.objects[late_def].designation == "defender"  # 459.2.b.4.a
    change_zone(state, state.objects[late], "base", "base:p1")
    state.objects[late].designation = "attacker"
    turn.cleanup(state, [])
    assert state.objects[late].designation is None  # 323.2.c


# --- 460.2.c Examples through the engine ---------------------------------------------------


def test_v1_3_460_2_c_3_example_five_damage_among_four_three_might_units() -> None:
    state, _, d = battle([PHANTOM], [SKULKER] * 4)
    spread = assign("p1", {d[0]: 2, d[1]: 1, d[2]: 1, d[3]: 1})
    assert "460.2.c.3" in rules(engine.check(state, spread))
    with pytest.raises(IllegalDecision, match=r"v1\.3 460\.2\.c\.3"):
        engine.apply(state, spread)
    assert engine.check(state, assign("p1", {d[0]: 3, d[1]: 2})) == []


@pytest.fixture
def caitlyn() -> Iterator[None]:
    with encoded(CAITLYN):
        yield


def test_v1_3_460_2_c_5_example_tank_then_plain_then_caitlyn(caitlyn: None) -> None:
    state, _, (tank, cait, plain) = battle([MEGA_MECH], [HORNS, CAITLYN, SKULKER])
    assert engine.check(state, assign("p1", {tank: 6, plain: 2})) == []
    assert rules(engine.check(state, assign("p1", {tank: 6, cait: 2}))) == ["460.2.c.5"]
    assert rules(engine.check(state, assign("p1", {plain: 3, tank: 5}))) == ["815.1.c.2"]
    state, _ = go(state, assign("p1", {tank: 6, plain: 2}))
    assert engine.pending(state)[0].player == "p2"


def test_v1_3_460_2_c_6_example_two_tanks_in_either_order() -> None:
    state, _, (t1, t2, plain) = battle([MEGA_MECH], [HORNS, HORNS, SKULKER])
    assert engine.check(state, assign("p1", {t1: 6, t2: 2})) == []
    assert engine.check(state, assign("p1", {t2: 6, t1: 2})) == []
    assert rules(engine.check(state, assign("p1", {t1: 6, plain: 2}))) == ["815.1.c.2"]


def _grant_tank(state: GameState, oid: str) -> None:
    state.objects[oid].mods["grant"] = ["Tank"]
    layers.clear_cache()


def test_v1_3_460_2_c_7_example_caitlyn_with_tank_first_or_last(caitlyn: None) -> None:
    state, _, (cait, p1_, p2_) = battle([PHANTOM], [CAITLYN, SKULKER, SKULKER])
    _grant_tank(state, cait)
    assert engine.check(state, assign("p1", {cait: 3, p1_: 2})) == []  # Tank: first
    assert engine.check(state, assign("p1", {p1_: 3, p2_: 2})) == []  # assigned last
    assert engine.check(state, assign("p1", {p1_: 3, cait: 2})) != []  # not in between


def test_v1_3_460_2_c_8_example_two_caitlyns_with_tank_both_first(caitlyn: None) -> None:
    state, _, (c1, c2, plain) = battle([PHANTOM], [CAITLYN, CAITLYN, SKULKER])
    _grant_tank(state, c1)
    _grant_tank(state, c2)
    assert engine.check(state, assign("p1", {c1: 3, c2: 2})) == []  # both as Tanks
    assert engine.check(state, assign("p1", {c2: 3, c1: 2})) == []
    assert engine.check(state, assign("p1", {plain: 3, c1: 2})) == []  # both assigned last


def test_v1_3_460_2_c_9_example_a_unit_that_cannot_be_dealt_damage_is_ignored() -> None:
    state, _, (kayn_like, plain) = battle([SKULKER], [SERGEANT, SKULKER])
    state.objects[kayn_like].mods["flags"] = ["no_damage"]  # as Kayn, Unleashed's condition
    layers.clear_cache()
    assert engine.check(state, assign("p1", {plain: 3})) == []
    # the other unit is owed its lethal damage: Kayn takes no part in the order
    assert rules(engine.check(state, assign("p1", {kayn_like: 3}))) == ["460.2.c.3"]


def test_v1_3_347_4_in_a_three_player_game_every_player_passes_focus() -> None:
    state = table(3)
    state.battlefield("bf1").controller = "p2"
    d = put(state, SKULKER, "p2", "battlefield", "bf1")
    a = put(state, SERGEANT, "p1", "base")
    state = main_phase(state)
    state, _ = go(state, StandardMove(player="p1", units=(a,), destination="bf1"))
    state, _ = go(state, PriorityPassed(player="p1"), PriorityPassed(player="p2"))
    sd = state.showdown
    assert sd is not None and sd.step == "showdown" and sd.focus == "p3"  # 347.4
    state, _ = go(state, PriorityPassed(player="p3"))  # 347.3.a: all three passed
    assert engine.pending(state)[0].kind == "combat_damage"
    state, _ = go(state, assign("p1", {d: 4}), assign("p2", {a: 3}))
    assert state.battlefield("bf1").controller == "p1"


def test_a_combat_in_progress_survives_a_json_round_trip() -> None:
    state, _, (d,) = battle([SERGEANT], [SKULKER])
    state, _ = go(state, assign("p1", {d: 4}))
    again = GameState.from_json(state.to_json())
    assert again == state and engine.pending(again) == engine.pending(state)
