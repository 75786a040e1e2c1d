"""Spiritforged cards that change what cards cost (issue 24, costs lane;
riftlog.rules.playing.cost_changes): Needlessly Large Yordle (SFD-055), Irelia, Graceful
(SFD-141), Vex, Cheerless (SFD-146), Ezreal, Prodigy (SFD-149)."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment, PriorityPassed, TurnEnded
from riftlog.events.play import CardPlayed
from riftlog.rules import engine, legal_moves
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    SKULKER,
    apply,
    choose,
    game,
    move,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    to_p2_turn,
    violations,
)
from tests.rules.board import control

YORDLE = "SFD-055"
IRELIA = "SFD-141"
VEX = "SFD-146"
EZREAL = "SFD-149"
HEXTECH_RAY = "OGN-009"   # Action spell, 1 Energy + 1 Fury: 3 damage to a unit at a battlefield
FRIGID_TOUCH = "SFD-066"  # Reaction spell, 2 Energy, Repeat 2 Energy: a unit gets -2 Might
BIG = "OGN-219"           # a unit of Might 4
ACCELERATE_UNIT = "SFD-143"  # Sivir, Mercenary: 4 Energy + 1 Chaos, Accelerate


def _game(edition: str = "RUP4") -> GameState:
    s = game()
    s.edition = edition
    return s


# --- Needlessly Large Yordle ------------------------------------------------------------------


def _held_once(s: GameState) -> GameState:
    """p1 holds bf1 at the Scoring Step of their next turn (one point by holding)."""
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    s = to_p2_turn(s)
    s = apply(s, TurnEnded(player="p2"))
    assert s.turn_player == "p1" and s.players["p1"].points == 1
    return s


@pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
def test_yordle_costs_less_for_each_point_scored_by_holding(edition: str) -> None:
    s = _game(edition)
    yordle = put(s, YORDLE, "p1", "main_deck")                # a card of the game reads holds
    s = _held_once(s)
    s.players["p1"].main_deck.remove(yordle)
    s.players["p1"].hand.append(yordle)
    s.objects[yordle].zone = "hand"
    assert total_cost(s, "p1", yordle) == Cost(8, {"Calm": 2})     # 10 + 3 Calm, one hold off
    runes(s, "p1", 8, CALM_RUNE)
    s = play(s, yordle)
    assert s.objects[yordle].zone == "base"


def test_holds_are_recorded_only_in_games_with_a_card_that_reads_them() -> None:
    s = _held_once(_game())                                   # no Yordle in this game
    assert "hold_points" not in s.players["p1"].turn_marks


def test_yordle_full_cost_without_a_hold() -> None:
    s = _game()
    yordle = put(s, YORDLE, "p1", "hand")
    assert total_cost(s, "p1", yordle) == Cost(10, {"Calm": 3})


def test_yordle_refuses_the_reduction_without_a_hold_citing_it() -> None:
    s = _game()
    yordle = put(s, YORDLE, "p1", "hand")
    r = runes(s, "p1", 8, CALM_RUNE)
    d = CardPlayed(player="p1", card=yordle, destination="base",
                   payment=Payment(exhaust=r, recycle=r[:2]))   # paid as if it had held once
    assert violations(s, d) == ["356.4"]                      # the reduction's rule, not 165.2


# --- Irelia, Graceful ---------------------------------------------------------------------------


def _irelia_at_bf1(s: GameState) -> str:
    control(s, "bf1", "p1")
    return put(s, IRELIA, "p1", "battlefield", "bf1")


@pytest.mark.parametrize(("less", "cost"), [(None, Cost(0, {"Fury": 1})),
                                            ("energy", Cost(0, {"Fury": 1})),
                                            ("power", Cost(1))])
def test_irelia_makes_a_spell_choosing_her_cost_one_less(less: str | None, cost: Cost) -> None:
    s = _game()
    irelia = _irelia_at_bf1(s)
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    choices = {} if less is None else {"less": less}
    assert total_cost(s, "p1", ray, choices=choices, targets={"t": (irelia,)}) == cost
    runes(s, "p1", 1, FURY_RUNE)
    s = pass_all(play(s, ray, destination=None, targets={"t": (irelia,)}, choices=choices))
    assert s.objects[irelia].damage == 3 and s.objects[irelia].zone == "battlefield"


def test_irelia_does_not_discount_a_spell_choosing_another_unit() -> None:
    s = _game()
    _irelia_at_bf1(s)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    assert total_cost(s, "p1", ray, targets={"t": (foe,)}) == Cost(1, {"Fury": 1})
    r = runes(s, "p1", 1, FURY_RUNE)
    d = CardPlayed(player="p1", card=ray, targets={"t": (foe,)}, payment=Payment(recycle=r))
    assert violations(s, d) == ["166.2"]                       # RUP4 166.2 (v1.3 165.2): short


def test_irelia_does_not_discount_an_opponents_spell() -> None:
    s = _game()
    irelia = _irelia_at_bf1(s)
    ray = put(s, HEXTECH_RAY, "p2", "hand")
    assert total_cost(s, "p2", ray, targets={"t": (irelia,)}) == Cost(1, {"Fury": 1})


def test_irelia_refuses_an_unknown_answer_for_the_discount() -> None:
    s = _game()
    irelia = _irelia_at_bf1(s)
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    runes(s, "p1", 2, FURY_RUNE)
    d = CardPlayed(player="p1", card=ray, targets={"t": (irelia,)}, choices={"less": "both"},
                   payment=pay_for(s, "p1", cost=Cost(1, {"Fury": 1})))
    assert violations(s, d) == ["356.4"]


def test_legal_moves_offer_both_discounts_for_irelia() -> None:
    s = _game()
    irelia = _irelia_at_bf1(s)
    put(s, HEXTECH_RAY, "p1", "hand")
    runes(s, "p1", 1, FURY_RUNE)
    plays = [m.decision for m in legal_moves.legal_moves(s) if isinstance(m.decision, CardPlayed)
             and m.decision.targets.get("t") == (irelia,)]
    assert {p.choices.get("less", "energy") for p in plays} == {"energy", "power"}


# --- Vex, Cheerless -----------------------------------------------------------------------------


def _vex_attacks_bf1(s: GameState) -> tuple[GameState, str, str]:
    vex = put(s, VEX, "p1", "base")
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf2")
    control(s, "bf2", "p2")
    s = move(s, (vex,), "bf1")                                # a combat at bf1: p1 has focus
    assert s.showdown is not None and s.showdown.combat
    return s, vex, foe


@pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
def test_vex_in_combat_makes_friendly_spells_cheaper_to_a_minimum(edition: str) -> None:
    s, _, foe = _vex_attacks_bf1(_game(edition))
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    assert total_cost(s, "p1", ray, targets={"t": (foe,)}) == Cost(1)   # Energy stays at 1
    r = runes(s, "p1", 1, FURY_RUNE)
    s = apply(s, CardPlayed(player="p1", card=ray, targets={"t": (foe,)},
                            payment=Payment(exhaust=r)))
    assert s.chain


def test_vex_in_combat_makes_enemy_spells_dearer() -> None:
    s, vex, _ = _vex_attacks_bf1(_game())
    s = apply(s, PriorityPassed(player="p1"))                 # p2 has the focus now
    ray = put(s, HEXTECH_RAY, "p2", "hand")
    assert total_cost(s, "p2", ray, targets={"t": (vex,)}) == Cost(2, {"Fury": 1, "Any": 1})
    r = runes(s, "p2", 2, FURY_RUNE)
    s = apply(s, CardPlayed(player="p2", card=ray, targets={"t": (vex,)},
                            payment=Payment(exhaust=r, recycle=r)))
    assert s.chain and s.players["p2"].pool.is_empty()


def test_vex_refuses_an_enemy_spell_paid_without_her_increase() -> None:
    s, vex, _ = _vex_attacks_bf1(_game())
    s = apply(s, PriorityPassed(player="p1"))
    ray = put(s, HEXTECH_RAY, "p2", "hand")
    r = runes(s, "p2", 1, FURY_RUNE)
    d = CardPlayed(player="p2", card=ray, targets={"t": (vex,)},
                   payment=Payment(exhaust=r, recycle=r))      # the printed cost only
    assert violations(s, d) == ["356.3"]                       # the increase's rule


def test_vex_outside_combat_changes_nothing() -> None:
    s = _game()
    put(s, VEX, "p1", "base")
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    assert total_cost(s, "p1", ray, targets={"t": (foe,)}) == Cost(1, {"Fury": 1})


# --- Ezreal, Prodigy ----------------------------------------------------------------------------


def test_ezreal_discards_one_then_draws_two_as_he_is_played() -> None:
    s = _game()
    ezreal = put(s, EZREAL, "p1", "hand")
    gone = put(s, SKULKER, "p1", "hand")
    put(s, SKULKER, "p1", "hand")
    runes(s, "p1", 4, CHAOS_RUNE)
    s = pass_all(play(s, ezreal))
    (req,) = engine.pending(s)
    assert req.options.get("kind") == "cards" and gone in req.options["from"]
    top = s.players["p1"].main_deck[:2]
    s = pass_all(choose(s, "p1", cards=[gone]))                # discard first, then draw two
    assert s.objects[gone].zone == "trash" and all(c in s.players["p1"].hand for c in top)


def test_ezreal_refuses_a_discard_not_from_the_hand() -> None:
    s = _game()
    ezreal = put(s, EZREAL, "p1", "hand")
    put(s, SKULKER, "p1", "hand")
    put(s, SKULKER, "p1", "hand")
    runes(s, "p1", 4, CHAOS_RUNE)
    s = pass_all(play(s, ezreal))
    elsewhere = put(s, SKULKER, "p1", "trash")
    assert "422.1" in violations(s, ChoiceMade(player="p1", choice={"cards": [elsewhere]}))


def test_ezreal_example_356_4_c_frigid_touch_repeat_costs_one_less() -> None:
    # RUP4 / v1.3 356.4.c Example: with Ezreal, Prodigy, Frigid Touch's Repeat, chosen as it
    # is played, costs one Energy less as soon as it is added to the cost
    s = _game()
    put(s, EZREAL, "p1", "base")
    touch = put(s, FRIGID_TOUCH, "p1", "hand")
    target = put(s, SKULKER, "p2", "base")
    assert total_cost(s, "p1", touch, choices={"repeat": [0]}) == Cost(3)     # 2 + (2 - 1)
    assert total_cost(s, "p1", touch) == Cost(2)                  # no optional cost, no discount
    runes(s, "p1", 3, MIND_RUNE)
    s = pass_all(play(s, touch, destination=None, choices={"repeat": [0]},
                      targets={"t": (target,), "t@2": (target,)}))
    assert s.players["p1"].pool.is_empty()


def test_ezreal_discounts_accelerate_by_energy_or_power() -> None:
    s = _game()
    put(s, EZREAL, "p1", "base")
    unit = put(s, ACCELERATE_UNIT, "p1", "hand")
    assert total_cost(s, "p1", unit, accelerate=True) == Cost(4, {"Chaos": 2})
    assert total_cost(s, "p1", unit, accelerate=True, choices={"less": "power"}) == \
        Cost(5, {"Chaos": 1})


def test_ezreal_does_not_discount_an_opponents_optional_cost() -> None:
    s = _game()
    put(s, EZREAL, "p2", "base")
    touch = put(s, FRIGID_TOUCH, "p1", "hand")
    assert total_cost(s, "p1", touch, choices={"repeat": [0]}) == Cost(4)


def test_ezreal_refuses_the_discount_an_opponent_would_give() -> None:
    s = _game()
    put(s, EZREAL, "p2", "base")
    touch = put(s, FRIGID_TOUCH, "p1", "hand")
    target = put(s, SKULKER, "p2", "base")
    r = runes(s, "p1", 3, MIND_RUNE)
    d = CardPlayed(player="p1", card=touch, choices={"repeat": [0]}, payment=Payment(exhaust=r),
                   targets={"t": (target,), "t@2": (target,)})
    assert violations(s, d) == ["356.2"]       # the Repeat cost chosen (an additional cost)
