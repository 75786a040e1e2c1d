"""Control during showdowns (v1.3 323.6, 187.4.b-c) and combats of exactly two players in
modes with more than two players (v1.3 457, 457.2, 457.2.a), through the engine."""

from __future__ import annotations

import pytest

from riftlog.errors import IllegalDecision
from riftlog.events.decisions import PriorityPassed
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import find_payment
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import change_zone
from riftlog.rules.game_actions import actions
from riftlog.rules.playing.play import total_cost
from tests.rules.board import RECRUIT, SERGEANT, SKULKER, control, put, rules, table
from tests.rules.showdown_board import go, main_phase

MALZAHAR = "OGN-113"  # Malzahar, Fanatic: Unit with Action, Mind, 4 energy
MIND_RUNE = "OGN-089"


def kinds(log: list[GameAction]) -> list[tuple[str, str | None]]:
    return [(a.kind, a.rule) for a in log]


# --- 323.6: only the battlefield with the showdown keeps its controller -------------------


def test_v1_3_323_6_control_is_lost_elsewhere_in_a_showdown_open_state() -> None:
    state = table()
    mover = put(state, SKULKER, "p1", "base")
    guard = put(state, SERGEANT, "p2", "battlefield", "bf2")
    control(state, "bf2", "p2")
    state = main_phase(state)
    state, _ = go(state, StandardMove(player="p1", units=(mover,), destination="bf1"))
    assert state.showdown is not None and state.showdown.battlefield == "bf1"
    assert state.battlefield("bf2").controller == "p2"  # it has a unit
    change_zone(state, state.objects[guard], "base", "base:p2")  # e.g. returned by an effect
    state, log = go(state, PriorityPassed(player="p1"))
    assert state.showdown is not None  # still a Showdown Open state at bf1
    assert state.battlefield("bf2").controller is None  # 323.6 applies away from bf1
    assert ("lose_control", "323.6") in kinds(log)


def test_v1_3_323_6_the_battlefield_with_the_combat_keeps_its_controller() -> None:
    state = table()
    mover = put(state, SKULKER, "p1", "base")
    guard = put(state, SERGEANT, "p2", "battlefield", "bf1")
    control(state, "bf1", "p2")
    state = main_phase(state)
    state, _ = go(state, StandardMove(player="p1", units=(mover,), destination="bf1"))
    sd = state.showdown
    assert sd is not None and sd.combat and sd.battlefield == "bf1"
    for oid, pid in ((mover, "p1"), (guard, "p2")):  # both sides leave (e.g. by effects)
        change_zone(state, state.objects[oid], "base", f"base:{pid}")
    state, log = go(state, PriorityPassed(player="p1"))
    assert state.showdown is not None and state.battlefield("bf1").units == []
    assert state.battlefield("bf1").controller == "p2"  # 187.4.b-c: a combat is ongoing here
    assert ("lose_control", "323.6") not in kinds(log)


# --- 457: combat among exactly two players (three-player mode) ----------------------------


def ffa_combat() -> GameState:
    """FFA3, p1's turn: p3 controls bf1, where p1 (who contested it) and p2 have units (e.g.
    both moved there by effects while a chain was open) - a combat between p1 and p2."""
    state = table(3, battlefields=3, mode="ffa3")
    put(state, SKULKER, "p1", "battlefield", "bf1")
    put(state, SERGEANT, "p2", "battlefield", "bf1")
    control(state, "bf1", "p3")
    state.battlefield("bf1").contested_by = "p1"
    state = main_phase(state)
    for _ in range(4):
        put(state, MIND_RUNE, "p3", "base")
    from riftlog.rules.flow import turn

    turn.cleanup(state, [])
    sd = state.showdown
    assert sd is not None and sd.combat and (sd.attacker, sd.defender) == ("p1", "p2")
    assert state.battlefield("bf1").controller == "p3"  # 323.6: bf1 has units
    state, _ = go(state, PriorityPassed(player="p1"), PriorityPassed(player="p2"))
    assert state.showdown is not None and state.showdown.focus == "p3"  # 347.4
    return state


def play(state: GameState, pid: str, destination: str) -> CardPlayed:
    card = put(state, MALZAHAR, pid, "hand")
    payment = find_payment(state, pid, total_cost(state, pid, card))
    assert payment is not None
    return CardPlayed(player=pid, card=card, destination=destination, payment=payment)


def test_v1_3_457_2_a_player_outside_the_combat_cannot_play_a_unit_there() -> None:
    state = ffa_combat()
    d = play(state, "p3", "bf1")
    assert rules(engine.check(state, d)) == ["457.2"]
    with pytest.raises(IllegalDecision, match=r"v1\.3 457\.2"):
        engine.apply(state, d)


def test_v1_3_457_2_the_same_unit_may_go_to_the_base() -> None:
    state = ffa_combat()
    d = play(state, "p3", "base")
    assert rules(engine.check(state, d)) == []
    state, _ = go(state, d)
    assert state.objects[d.card].location == "base:p3"
    sd = state.showdown
    assert sd is not None and (sd.attacker, sd.defender) == ("p1", "p2")  # 457: still two


def test_v1_3_457_2_a_a_token_for_a_non_participant_is_played_to_its_base() -> None:
    state = ffa_combat()
    log: list[GameAction] = []
    outsider = actions.create(state, RECRUIT, "p3", log, location="bf1")
    assert state.objects[outsider].location == "base:p3"  # 457.2.a
    inside = actions.create(state, RECRUIT, "p2", log, location="bf1")
    assert state.objects[inside].location == "bf1"  # p2 takes part in the combat
    assert engine.zone_problems(state) == []


def test_v1_3_457_2_does_not_apply_with_two_players() -> None:
    state = table()
    put(state, SKULKER, "p1", "battlefield", "bf1")
    control(state, "bf1", "p2")
    state.battlefield("bf1").contested_by = "p1"
    state.battlefield("bf1").combat_staged = True
    from riftlog.rules.flow.combat import excluded_from_combat

    assert not excluded_from_combat(state, state.battlefield("bf1"), "p2")


# --- still unsupported: 348.2 with two players' units (teammates, 2v2) -------------------


def test_v1_3_348_2_teammates_left_together_are_unsupported() -> None:
    from riftlog.errors import UnsupportedRule

    state = table(4, battlefields=2, mode="2v2")
    for pid, team in zip(state.turn_order, ["a", "b", "a", "b"], strict=True):
        state.players[pid].team = team
    mover = put(state, SKULKER, "p1", "base")
    state = main_phase(state)
    state, _ = go(state, StandardMove(player="p1", units=(mover,), destination="bf1"))
    put(state, SERGEANT, "p3", "battlefield", "bf1")  # p1's teammate, e.g. moved by an effect
    state, _ = go(state, *(PriorityPassed(player=p) for p in ("p1", "p2", "p3")))
    sd = state.showdown
    assert sd is not None and not sd.combat and sd.focus == "p4"  # teammates do not fight
    with pytest.raises(UnsupportedRule, match=r"v1\.3 348\.2.*187\.3\.b.*323\.8\.a"):
        engine.apply(state, PriorityPassed(player="p4"))


def test_v1_3_457_2_a_hidden_unit_of_a_non_participant_is_not_played_there() -> None:
    state = ffa_combat()
    cub = put(state, "OGN-135", "p3", "facedown", "bf1")  # Pakaa Cub, hidden by p3 earlier
    state.extra.setdefault("hidden", {})[cub] = state.turn - 1
    d = CardPlayed(player="p3", card=cub, destination="bf1")
    assert rules(engine.check(state, d)) == ["457.2"]
    with pytest.raises(IllegalDecision, match=r"v1\.3 457\.2"):
        engine.apply(state, d)
