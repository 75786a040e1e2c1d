"""The Standard Move (v1.3 144, 420.3, 440-449): allowed moves and refused ones."""

from __future__ import annotations

import pytest

from riftlog.errors import EventError
from riftlog.events.play import StandardMove
from riftlog.events.registry import parse_payload
from riftlog.rules.board.core import GameAction, handler_for
from riftlog.rules.board.state import ChainItem, GameState, Showdown
from riftlog.rules.game_actions import actions as A
from riftlog.rules.game_actions import movement as M
from tests.rules.board import (
    BALLISTA,
    FURY_RUNE,
    PHANTOM,
    RENGAR,
    SERGEANT,
    SKULKER,
    control,
    put,
    rules,
    table,
)


def move(state: GameState, units: tuple[str, ...], dest: str, player: str = "p1") -> list[GameAction]:
    d = StandardMove(player=player, units=units, destination=dest)
    assert M.check_standard_move(state, d) == []
    log: list[GameAction] = []
    handler = handler_for("UnitsMoved")
    assert handler is not None
    handler.apply(state, d, log)
    assert A.zone_problems(state) == []
    return log


def check(state: GameState, units: tuple[str, ...], dest: str, player: str = "p1") -> list[str]:
    return rules(M.check_standard_move(state, StandardMove(player=player, units=units, destination=dest)))


# --- allowed ---------------------------------------------------------------------------


def test_base_to_battlefield_exhausts_and_contests() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base")
    log = move(s, (u,), "bf1")
    obj = s.objects[u]
    assert obj.zone == "battlefield" and obj.location == "bf1" and obj.exhausted  # 144.2
    assert s.battlefield("bf1").units == [u]
    assert s.battlefield("bf1").contested_by == "p1"  # v1.3 445, 187.3.a
    assert [a.kind for a in log] == ["exhaust", "move"]
    assert log[1].details["contested"] is True and log[1].responsible == "p1"


def test_move_to_controlled_battlefield_does_not_contest() -> None:
    s = table()
    control(s, "bf1", "p1")
    u = put(s, SKULKER, "p1", "base")
    move(s, (u,), "bf1")
    assert s.battlefield("bf1").contested_by is None  # 187.3.a.1


def test_already_contested_battlefield_keeps_its_contester() -> None:
    s = table()
    s.battlefield("bf1").contested_by = "p2"
    put(s, SKULKER, "p2", "battlefield", "bf1")
    u = put(s, SKULKER, "p1", "base")
    move(s, (u,), "bf1")
    assert s.battlefield("bf1").contested_by == "p2"


def test_battlefield_to_base() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "battlefield", "bf1")
    move(s, (u,), "base")  # 144.4.b
    assert s.objects[u].location == "base:p1" and s.players["p1"].base == [u]


def test_group_move_from_different_origins() -> None:
    # v1.3 144.3.b: origins may differ; one destination
    s = table()
    a = put(s, SKULKER, "p1", "battlefield", "bf1")
    b = put(s, SERGEANT, "p1", "battlefield", "bf2")
    log = move(s, (a, b), "base:p1")
    assert sorted(s.players["p1"].base) == sorted([a, b])
    assert log[-1].details["from"] == ["bf1", "bf2"]
    assert s.objects[a].exhausted and s.objects[b].exhausted  # 144.3.c


def test_ganking_unit_moves_battlefield_to_battlefield() -> None:
    s = table()
    u = put(s, RENGAR, "p1", "battlefield", "bf1")
    move(s, (u,), "bf2")  # v1.3 144.4.c.1, 810
    assert s.objects[u].location == "bf2"


def test_attached_gear_moves_with_its_unit() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base")
    g = put(s, BALLISTA, "p1", "base")
    A.attach(s, g, u, [])
    move(s, (u,), "bf1")
    assert s.objects[g].location == "bf1" and s.objects[g].attached_to == u


def test_move_to_battlefield_with_one_other_player() -> None:
    s = table()
    put(s, SKULKER, "p2", "battlefield", "bf1")
    u = put(s, SKULKER, "p1", "base")
    assert check(s, (u,), "bf1") == []


# --- refused ---------------------------------------------------------------------------


def test_exhausted_unit_cannot_move() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base", exhausted=True)
    assert check(s, (u,), "bf1") == ["144.2"]


def test_battlefield_to_battlefield_needs_ganking() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "battlefield", "bf1")
    assert check(s, (u,), "bf2") == ["144.4.c.1"]


def test_battlefield_with_units_of_two_other_players() -> None:
    s = table(3)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p3", "battlefield", "bf1")
    u = put(s, SKULKER, "p1", "base")
    violations = M.check_standard_move(s, StandardMove(player="p1", units=(u,), destination="bf1"))
    assert rules(violations) == ["144.4.a.1"]
    assert "two other players" in violations[0].message
    assert violations[0].citation == "v1.3 144.4.a.1"


def test_the_primitive_refuses_two_other_players_too() -> None:
    s = table(3)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p3", "battlefield", "bf1")
    u = put(s, SKULKER, "p1", "base")
    with pytest.raises(A.ImpossibleAction, match=r"v1\.3 444\.2"):
        A.move(s, [u], "bf1", [])


def test_group_move_to_two_destinations_cannot_be_expressed() -> None:
    # v1.3 144.3.a: one destination per standard move; the decision has one field for it
    with pytest.raises(EventError, match="destination"):
        parse_payload("UnitsMoved", 1, {"player": "p1", "units": ["a", "b"], "destination": ["bf1", "bf2"]})


def test_group_with_one_unit_already_there() -> None:
    s = table()
    a = put(s, SKULKER, "p1", "base")
    b = put(s, SKULKER, "p1", "battlefield", "bf1")
    assert check(s, (a, b), "bf1") == ["355.4.a"]


def test_unit_in_base_cannot_move_to_base() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base")
    assert check(s, (u,), "base") == ["355.4.a"]


def test_cannot_move_to_another_players_base() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "battlefield", "bf1")
    assert check(s, (u,), "base:p2") == ["144.4.b"]


def test_not_your_unit() -> None:
    s = table()
    u = put(s, SKULKER, "p2", "base")
    assert check(s, (u,), "bf1") == ["188.3.a"]


def test_not_a_unit_on_the_board() -> None:
    s = table()
    c = put(s, SKULKER, "p1", "hand")
    r = put(s, FURY_RUNE, "p1", "base")
    assert check(s, (c, r, "ghost"), "bf1") == ["442.3", "442.3", "442.3"]


def test_not_your_turn() -> None:
    s = table()
    u = put(s, SKULKER, "p2", "base")
    assert check(s, (u,), "bf1", player="p2") == ["144.1.a"]


def test_not_in_the_main_phase() -> None:
    s = table()
    s.phase = "beginning"
    u = put(s, SKULKER, "p1", "base")
    assert check(s, (u,), "bf1") == ["144.1.a"]


def test_not_during_a_showdown() -> None:
    s = table()
    s.showdown = Showdown(battlefield="bf2")
    u = put(s, SKULKER, "p1", "base")
    assert check(s, (u,), "bf1") == ["144.1.c"]


def test_not_in_a_closed_state() -> None:
    s = table()
    s.chain.append(ChainItem(id="c1", kind="ability", controller="p1", source=None))
    u = put(s, SKULKER, "p1", "base")
    assert check(s, (u,), "bf1") == ["144.1.b"]


def test_unknown_destination() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base")
    assert check(s, (u,), "bf9") == ["442.2"]


def test_teammates_battlefield_is_invalid() -> None:
    s = table(4, mode="2v2")
    for pid, team in (("p1", "A"), ("p2", "B"), ("p3", "A"), ("p4", "B")):
        s.players[pid].team = team
    control(s, "bf1", "p3")
    u = put(s, PHANTOM, "p1", "base")
    assert check(s, (u,), "bf1") == ["442.2.b"]


def test_a_unit_named_twice() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "base")
    assert "144.3" in check(s, (u, u), "bf1")


# --- recall (449) and candidates ---------------------------------------------------------


def test_recall_is_not_a_move_and_keeps_status() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "battlefield", "bf1", exhausted=True)
    s.objects[u].buffed = True
    log: list[GameAction] = []
    A.recall(s, u, log)
    assert s.objects[u].location == "base:p1" and s.objects[u].exhausted and s.objects[u].buffed
    assert log[0].kind == "recall" and log[0].rule == "450" and log[0].responsible is None


def test_candidates_are_legal() -> None:
    s = table()
    put(s, SKULKER, "p1", "base")
    put(s, RENGAR, "p1", "battlefield", "bf1")
    put(s, SERGEANT, "p1", "base", exhausted=True)
    cands = M.candidates(s, "p1")
    assert cands
    for d in cands:
        assert M.check_standard_move(s, d) == []
    assert {c.destination for c in cands} == {"bf1", "bf2", "base"}


def test_no_candidates_for_the_other_player() -> None:
    s = table()
    put(s, SKULKER, "p2", "base")
    assert M.candidates(s, "p2") == []


def test_without_priority() -> None:
    s = table()
    s.priority = None
    u = put(s, SKULKER, "p1", "base")
    assert check(s, (u,), "bf1") == ["312.1"]


def _combat_with_a_bystander_gear() -> GameState:
    """3 players: p1 attacks p2 at bf1, p2's defenders are already gone (only p1's unit is
    left there), and p3 has only a gear there and a unit in base."""
    s = table(3)
    put(s, SKULKER, "p1", "battlefield", "bf1")
    put(s, BALLISTA, "p3", "battlefield", "bf1")
    s.showdown = Showdown(battlefield="bf1", combat=True, attacker="p1", defender="p2")
    put(s, SKULKER, "p3", "base")
    return s


def test_a_player_outside_a_combat_cannot_move_in_even_with_a_permanent_there() -> None:
    # v1.3 442.2.a: invalid for players not involved in the combat OR without permanents there
    problem = M.destination_problem(_combat_with_a_bystander_gear(), "p3", "bf1")
    assert problem == ("442.2.a", "a combat is staged or under way at bf1 without p3")


def test_a_player_in_the_combat_may_still_move_in() -> None:
    s = _combat_with_a_bystander_gear()
    assert M.destination_problem(s, "p1", "bf1") is None


def test_under_v1_2_a_permanent_there_is_enough() -> None:
    # v1.2 (its 425.2.a) kept out only players without permanents at that battlefield
    s = _combat_with_a_bystander_gear()
    s.edition = "v1.2"
    assert M.destination_problem(s, "p3", "bf1") is None
    s.objects[s.battlefield("bf1").gear[0]].controller = "p1"
    assert M.destination_problem(s, "p3", "bf1") == (
        "442.2.a", "a combat is staged or under way at bf1 without p3")
