"""Spiritforged cards that play the Sand Soldier and Mech unit tokens (RUP4 187.3, 187.4):
played through the engine, and the uses the rules refuse."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.unit_tokens import MECH, SAND_SOLDIER
from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    CALM_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    TOKEN_BATTLEFIELD,
    apply,
    cast,
    choose,
    conquer,
    game,
    pass_all,
    pay_for,
    put,
    request,
    runes,
    violations,
)

PRODUCTION_SURGE = "SFD-076"
DESERTS_CALL = "SFD-031"
ASSEMBLY_RIG = "SFD-019"
GUARDS = "SFD-154"
EMPERORS_DAIS = "SFD-207"
ARISE = "SFD-198"
LONG_SWORD = "SFD-022"  # an Equipment
STEEL_SPELL = "OGN-229"  # Vengeance: a spell card, not a unit


def _tokens(s: GameState, card: str, pid: str = "p1") -> list[str]:
    return [o.oid for o in s.objects.values()
            if o.card == card and o.controller == pid and o.zone == "base"]


# --- Production Surge ---------------------------------------------------------------------


def test_production_surge_plays_a_mech_to_base_and_draws_one() -> None:
    s = game()
    runes(s, "p1", 5, card=MIND_RUNE)
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, PRODUCTION_SURGE))
    (mech,) = _tokens(s, MECH)
    assert layers.characteristics(s, mech).might == 3
    assert "Mech" in layers.characteristics(s, mech).tags
    assert len(s.players["p1"].hand) == hand + 1


def test_production_surge_costs_two_less_with_a_mech_in_play() -> None:
    s = game()
    spell = put(s, PRODUCTION_SURGE, "p1", "hand")
    assert total_cost(s, "p1", spell).energy == 4
    put(s, MECH, "p1", "base")
    assert total_cost(s, "p1", spell).energy == 2   # RUP4 356.4: a cost reduction
    put(s, MECH, "p2", "base")                        # an opponent's Mech does not count
    assert total_cost(s, "p1", spell).energy == 2


def test_production_surge_without_a_mech_refuses_the_cheaper_payment() -> None:
    s = game()
    runes(s, "p1", 5, card=MIND_RUNE)
    spell = put(s, PRODUCTION_SURGE, "p1", "hand")
    cheap = pay_for(s, "p1", cost=Cost(2, {"Mind": 1}))
    # RUP4 356.4: the reduction applies only while its condition holds
    assert "356.4" in violations(s, CardPlayed(player="p1", card=spell, payment=cheap))


# --- Desert's Call -------------------------------------------------------------------------


def test_deserts_call_plays_a_sand_soldier() -> None:
    s = game()
    runes(s, "p1", 2, card=CALM_RUNE)
    s = pass_all(cast(s, DESERTS_CALL))
    (soldier,) = _tokens(s, SAND_SOLDIER)
    assert layers.characteristics(s, soldier).might == 2
    assert "Shurima" in layers.characteristics(s, soldier).tags


def test_deserts_call_with_repeat_paid_plays_two() -> None:
    s = game()
    runes(s, "p1", 4, card=CALM_RUNE)
    spell = put(s, DESERTS_CALL, "p1", "hand")
    choices = {"repeat": [0]}
    s = pass_all(apply(s, CardPlayed(player="p1", card=spell, choices=choices,
                                     payment=pay_for(s, "p1", spell, choices=choices))))
    assert len(_tokens(s, SAND_SOLDIER)) == 2


def test_deserts_call_repeat_unpaid_is_refused() -> None:
    s = game()
    runes(s, "p1", 4, card=CALM_RUNE)
    spell = put(s, DESERTS_CALL, "p1", "hand")
    d = CardPlayed(player="p1", card=spell, choices={"repeat": [0]},
                   payment=pay_for(s, "p1", spell))     # pays only the base cost
    assert "356.2" in violations(s, d)  # RUP4 820.1.c.1: Repeat is an additional cost (356.2)


# --- Assembly Rig ----------------------------------------------------------------------------


def _rig(s: GameState) -> str:
    runes(s, "p1", 2, card=FURY_RUNE)
    return put(s, ASSEMBLY_RIG, "p1", "base")


def test_assembly_rig_recycles_a_unit_card_for_a_mech() -> None:
    s = game()
    rig = _rig(s)
    dead = put(s, SKULKER, "p1", "trash")
    d = AbilityActivated(player="p1", source=rig, ability=0, choices={"recycle": [dead]},
                         payment=pay_for(s, "p1", cost=Cost(1, {"Fury": 1})))
    assert violations(s, d) == []
    s = pass_all(apply(s, d))
    assert len(_tokens(s, MECH)) == 1
    assert s.objects[rig].exhausted
    assert dead not in s.players["p1"].trash


def test_assembly_rig_refuses_recycling_a_card_that_is_not_a_unit() -> None:
    s = game()
    rig = _rig(s)
    spell = put(s, STEEL_SPELL, "p1", "trash")
    d = AbilityActivated(player="p1", source=rig, ability=0, choices={"recycle": [spell]},
                         payment=pay_for(s, "p1", cost=Cost(1, {"Fury": 1})))
    assert "416.3" in violations(s, d)  # RUP4 416.3: the recycle cost names a unit card


# --- Guards! -------------------------------------------------------------------------------


def test_guards_plays_a_sand_soldier_and_may_pay_order_to_ready_it() -> None:
    s = game()
    runes(s, "p1", 4, card=ORDER_RUNE)
    s = pass_all(cast(s, GUARDS))
    (soldier,) = _tokens(s, SAND_SOLDIER)
    assert s.objects[soldier].exhausted
    ways = request(s).options["choices"]
    assert ways[0] == {"pay": None}
    s = pass_all(choose(s, "p1", **ways[1]))
    assert not s.objects[soldier].exhausted


def test_guards_declined_leaves_the_soldier_exhausted() -> None:
    s = game()
    runes(s, "p1", 4, card=ORDER_RUNE)
    s = pass_all(choose(pass_all(cast(s, GUARDS)), "p1", pay=None))
    (soldier,) = _tokens(s, SAND_SOLDIER)
    assert s.objects[soldier].exhausted


def test_guards_refuses_a_payment_that_is_not_offered() -> None:
    s = game()
    runes(s, "p1", 4, card=ORDER_RUNE)
    s = pass_all(cast(s, GUARDS))
    bogus = ChoiceMade(player="p1", choice={"pay": {"exhaust": [], "recycle": ["nowhere"]}})
    assert "355.10.c.1" in violations(s, bogus)  # not one of the ways offered


# --- Emperor's Dais --------------------------------------------------------------------------


def _dais_conquered() -> tuple[GameState, str, str]:
    s = game(battlefields=(EMPERORS_DAIS, TOKEN_BATTLEFIELD))
    (rune,) = runes(s, "p1", 1, ORDER_RUNE)
    unit = put(s, SKULKER, "p1", "base", exhausted=False)
    return pass_all(conquer(s, (unit,))), unit, rune


def test_emperors_dais_paid_returns_a_unit_for_a_sand_soldier_there() -> None:
    s, unit, rune = _dais_conquered()
    pay = next(c for c in request(s).options["choices"] if c["pay"] is not None)
    assert pay["unit"] == unit
    s = pass_all(choose(s, "p1", **pay))
    assert s.objects[unit].zone == "hand" and s.objects[rune].exhausted
    (soldier,) = [o.oid for o in s.objects.values() if o.card == SAND_SOLDIER]
    assert s.objects[soldier].zone == "battlefield" and s.objects[soldier].location == "bf1"


def test_emperors_dais_declined_keeps_the_unit_there() -> None:
    s, unit, rune = _dais_conquered()
    s = pass_all(choose(s, "p1", pay=None))
    assert s.objects[unit].zone == "battlefield" and not s.objects[rune].exhausted
    assert not any(o.card == SAND_SOLDIER for o in s.objects.values())


def test_emperors_dais_refuses_returning_a_unit_that_is_not_there() -> None:
    s, _unit, rune = _dais_conquered()
    elsewhere = put(s, SKULKER, "p1", "base")
    bad = ChoiceMade(player="p1", choice={"pay": {"exhaust": [rune]}, "unit": elsewhere})
    assert "355.10.c.1" in violations(s, bad)  # RUP4 355.10.c.1: not one of the listed ways


# --- Arise! ----------------------------------------------------------------------------------


def _arise_cast(equipment: int) -> GameState:
    s = game()
    runes(s, "p1", 7, card=ORDER_RUNE)
    for _ in range(equipment):
        put(s, LONG_SWORD, "p1", "base")
    put(s, LONG_SWORD, "p2", "base")  # an opponent's Equipment does not count
    return pass_all(cast(s, ARISE))


def test_arise_plays_a_sand_soldier_per_equipment_and_readies_up_to_two() -> None:
    s = _arise_cast(3)
    soldiers = _tokens(s, SAND_SOLDIER)
    assert len(soldiers) == 3 and all(s.objects[o].exhausted for o in soldiers)
    choices = request(s).options["choices"]
    assert max(len(c["ready"]) for c in choices) == 2 and {"ready": []} in choices
    s = pass_all(choose(s, "p1", ready=soldiers[:2]))
    assert [s.objects[o].exhausted for o in soldiers] == [False, False, True]


def test_arise_without_equipment_plays_no_token() -> None:
    s = _arise_cast(0)
    assert _tokens(s, SAND_SOLDIER) == []
    assert not s.chain


def test_arise_refuses_readying_three() -> None:
    s = _arise_cast(3)
    bad = ChoiceMade(player="p1", choice={"ready": _tokens(s, SAND_SOLDIER)})
    assert "355.13" in violations(s, bad)  # RUP4 355.13: at most the number given
