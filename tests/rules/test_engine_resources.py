"""Resources (v1.3 159-167): rune abilities, the pool and paying costs."""

from __future__ import annotations

import pytest

from riftlog.errors import ImpossibleDecision
from riftlog.rules.board.resources import (
    Cost,
    Payment,
    can_pay,
    card_cost,
    find_payment,
    pay,
    payment_violations,
)
from riftlog.rules.board.state import GameState
from tests.rules.engine_fixtures import SERGEANT, created, rules, start


def game_with_runes() -> tuple[GameState, str, str]:
    """p1's first main phase: a Body rune and an Order rune, both ready."""
    state = start(created())
    body, order = state.players["p1"].base[:2]
    return state, body, order


def test_v1_3_131_card_cost_is_printed_energy_and_domain_power() -> None:
    assert card_cost(SERGEANT) == Cost(4)


def test_v1_3_163_2_a_exhausting_a_rune_adds_one_energy() -> None:
    state, body, _ = game_with_runes()
    log: list = []
    pay(state, "p1", Cost(1), Payment(exhaust=(body,)), log)
    assert state.objects[body].exhausted and state.players["p1"].pool.is_empty()
    assert [a.kind for a in log] == ["exhaust", "add", "spend"]


def test_v1_3_163_2_b_recycling_a_rune_adds_power_of_its_domain() -> None:
    state, body, _ = game_with_runes()
    pay(state, "p1", Cost.of(0, Body=1), Payment(recycle=(body,)), [])
    p1 = state.players["p1"]
    assert body not in p1.base and p1.rune_deck[-1] == body
    assert state.objects[body].zone == "rune_deck"


def test_v1_3_163_2_one_rune_may_be_exhausted_then_recycled() -> None:
    state, body, _ = game_with_runes()
    pay(state, "p1", Cost.of(1, Body=1), Payment(exhaust=(body,), recycle=(body,)), [])
    assert state.players["p1"].pool.is_empty()


def test_v1_3_165_leftover_stays_in_the_pool() -> None:
    state, body, order = game_with_runes()
    pay(state, "p1", Cost(1), Payment(exhaust=(body, order)), [])
    assert state.players["p1"].pool.energy == 1


def test_v1_3_162_2_power_of_the_wrong_domain_does_not_pay() -> None:
    state, body, _ = game_with_runes()
    v = payment_violations(state, "p1", Cost.of(0, Order=1), Payment(recycle=(body,)))
    assert rules(v) == ["165.2"]
    with pytest.raises(ImpossibleDecision):
        pay(state, "p1", Cost.of(0, Order=1), Payment(recycle=(body,)), [])
    assert body in state.players["p1"].base  # nothing changed


def test_v1_3_135_2_e_5_any_power_cost_takes_any_domain() -> None:
    state, body, _ = game_with_runes()
    assert payment_violations(state, "p1", Cost.of(0, Any=1), Payment(recycle=(body,))) == []


def test_v1_3_135_2_e_5_b_universal_power_in_the_pool_pays_a_domain() -> None:
    state, _, _ = game_with_runes()
    state.players["p1"].pool.power = {"Any": 1}
    assert payment_violations(state, "p1", Cost.of(0, Mind=1), Payment()) == []


def test_v1_3_414_4_an_exhausted_rune_cannot_be_exhausted_to_pay() -> None:
    state, body, _ = game_with_runes()
    state.objects[body].exhausted = True
    assert rules(payment_violations(state, "p1", Cost(1), Payment(exhaust=(body,)))) == ["414.4"]


def test_v1_3_376_2_an_opponents_rune_cannot_be_used() -> None:
    state, body, _ = game_with_runes()
    v = payment_violations(state, "p2", Cost(1), Payment(exhaust=(body,)))
    assert "376.2" in rules(v)


def test_v1_3_163_2_a_rune_in_the_deck_cannot_be_used() -> None:
    state, _, _ = game_with_runes()
    deck_rune = state.players["p1"].rune_deck[0]
    assert rules(payment_violations(state, "p1", Cost(1), Payment(exhaust=(deck_rune,)))) == ["163.2"]


def test_v1_3_163_2_naming_a_rune_twice_is_refused() -> None:
    state, body, _ = game_with_runes()
    assert "163.2" in rules(payment_violations(state, "p1", Cost(1), Payment(exhaust=(body, body))))


def test_v1_3_165_2_not_enough_energy() -> None:
    state, body, order = game_with_runes()
    assert rules(payment_violations(state, "p1", Cost(3), Payment(exhaust=(body, order)))) == ["165.2"]
    assert not can_pay(state, "p1", Cost(3))


def test_find_payment_builds_a_payment_that_checks() -> None:
    state, _, _ = game_with_runes()
    for cost in (Cost(2), Cost.of(1, Body=1), Cost.of(0, Order=1, Body=1), Cost.of(1, Any=1)):
        payment = find_payment(state, "p1", cost)
        assert payment is not None, cost
        assert payment_violations(state, "p1", cost, payment) == []
    assert find_payment(state, "p1", Cost.of(0, Chaos=1)) is None
