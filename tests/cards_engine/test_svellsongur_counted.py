"""Svellsongur (SFD-059) on a unit whose static ability counts once per instance
(riftlog.rules.board.copied_text, COUNTED): the copy in its Effect Text is one more
instance while it is attached, and no more once it is detached (RUP4 718.1, 718.3).
Discounts apply once each (356.4), Bonus Damage is summed (714), each instance of "your
Deathknells trigger once more" adds a trigger (808.2), each "look first" replacement
applies to the reveal the other left (370.2)."""

from __future__ import annotations

import pytest

from riftlog.events.decisions import Payment, PriorityPassed
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost
from riftlog.rules.game_actions import actions
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    apply,
    cast,
    choose,
    hold_both,
    move,
    pass_all,
    play,
    put,
    runes,
    violations,
)
from tests.cards_engine.svellsongur import game, wear
from tests.rules.board import control

EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
SHORT = {"RUP4": "166.2", "v1.3": "165.2"}  # a payment that falls short

APPRENTICE = "OGN-084"  # Eager Apprentice: at a battlefield, your spells' Energy 1 less (min 1)
HERALD = "OGN-140"  # Herald of Scales: your Dragons cost 2 Energy less (min 1)
MOUNTAIN_DRAKE = "OGN-142"  # a Dragon unit of 10 Energy
COMET = "OGN-085"  # a 5 Energy spell: 6 damage to a unit at a battlefield
VEX, IRELIA, EZREAL = "SFD-146", "SFD-141", "SFD-149"
HEXTECH_RAY = "OGN-009"  # 1 Energy + 1 Fury: 3 damage to a unit at a battlefield
FRIGID_TOUCH = "SFD-066"  # 2 Energy, Repeat 2 Energy: a unit gets -2 Might
BIG = "OGN-219"  # a unit of Might 4
ANNIE = "OGS-001"  # Annie, Fiery: your spells and abilities deal 1 Bonus Damage
INCINERATE = "OGS-003"  # 2 damage to a unit at a battlefield
ATTENDANT = "OGS-016"  # a unit of Might 5
KARTHUS = "OGN-236"  # Karthus, Eternal: your Deathknells trigger one more time
SCOUT = "OGN-216"  # Soaring Scout [Deathknell]: channel a rune, exhausted
VENGEANCE = "OGN-229"  # kill a unit
HATCHLING, SMITH = "SFD-018", "SFD-041"  # look first before a reveal; reveals as it moves
SUN_DISC = "OGN-021"  # a gear


# --- CostsLess (356.4) --------------------------------------------------------------------


@EDITIONS
def test_eager_apprentice_worn_takes_one_more_energy_off_and_pays_less(edition: str) -> None:
    s = game(edition)
    control(s, "bf1", "p1")
    _, gear = wear(s, APPRENTICE, "p1", "battlefield", "bf1")
    comet = put(s, COMET, "p1", "hand")
    assert total_cost(s, "p1", comet).energy == 3  # 5, one less per instance
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    runes(s, "p1", 3, MIND_RUNE)
    s = pass_all(play(s, comet, destination=None, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash"
    actions.detach(s, gear, [])  # the copy ends with the attachment (718.1)
    assert total_cost(s, "p1", put(s, COMET, "p1", "hand")).energy == 4


@EDITIONS
def test_eager_apprentice_copy_keeps_its_own_minimum_and_ends_unworn(edition: str) -> None:
    s = game(edition)
    control(s, "bf1", "p1")
    _, gear = wear(s, APPRENTICE, "p1", "battlefield", "bf1")
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    assert total_cost(s, "p1", ray).energy == 1  # 1 Energy: not below the minimum (356.4.e)
    actions.detach(s, gear, [])
    comet = put(s, COMET, "p1", "hand")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    r = runes(s, "p1", 3, MIND_RUNE)
    d = CardPlayed(player="p1", card=comet, targets={"t": (foe,)}, payment=Payment(exhaust=r))
    assert SHORT[edition] in violations(s, d)  # detached: 4 Energy again, 3 falls short


def test_herald_of_scales_worn_makes_dragons_four_less() -> None:
    s = game()
    wear(s, HERALD)
    drake = put(s, MOUNTAIN_DRAKE, "p1", "hand")
    assert total_cost(s, "p1", drake).energy == total_cost(s, "p2", put(
        s, MOUNTAIN_DRAKE, "p2", "hand")).energy - 4
    runes(s, "p1", 7, ORDER_RUNE)
    need = total_cost(s, "p1", drake)
    s.players["p1"].pool.power.update(need.power)
    s = play(s, drake)
    assert s.objects[drake].zone == "base"


# --- SpellsCost, ChoosingMeCostsLess, OptionalCostsLess (356.3, 356.4) --------------------


def _vex_worn_attacks_bf1(edition: str = "RUP4") -> tuple[engine.GameState, str, str]:
    s = game(edition)
    vex, _ = wear(s, VEX)
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf2")
    control(s, "bf2", "p2")
    s = move(s, (vex,), "bf1")  # her Svellsongur goes with her (718.5.c)
    assert s.showdown is not None and s.showdown.combat
    return s, vex, foe


@EDITIONS
def test_vex_worn_makes_enemy_spells_dearer_twice(edition: str) -> None:
    s, vex, _ = _vex_worn_attacks_bf1(edition)
    s = apply(s, PriorityPassed(player="p1"))
    ray = put(s, HEXTECH_RAY, "p2", "hand")
    assert total_cost(s, "p2", ray, targets={"t": (vex,)}) == Cost(3, {"Fury": 1, "Any": 2})
    r = runes(s, "p2", 3, FURY_RUNE)
    s = apply(s, CardPlayed(player="p2", card=ray, targets={"t": (vex,)},
                            payment=Payment(exhaust=r, recycle=r)))
    assert s.chain


def test_vex_worn_refuses_an_enemy_spell_paid_with_one_increase_citing_356_3() -> None:
    s, vex, _ = _vex_worn_attacks_bf1()
    s = apply(s, PriorityPassed(player="p1"))
    ray = put(s, HEXTECH_RAY, "p2", "hand")
    r = runes(s, "p2", 2, FURY_RUNE)  # what one Vex asks: 2 Energy, Fury and one more power
    d = CardPlayed(player="p2", card=ray, targets={"t": (vex,)},
                   payment=Payment(exhaust=r, recycle=r))
    assert violations(s, d) == ["356.3"]


def test_vex_worn_refuses_an_enemy_spell_paid_without_either_increase_citing_356_3() -> None:
    s, vex, _ = _vex_worn_attacks_bf1()
    s = apply(s, PriorityPassed(player="p1"))
    ray = put(s, HEXTECH_RAY, "p2", "hand")
    r = runes(s, "p2", 1, FURY_RUNE)  # the printed cost only: neither increase is paid
    d = CardPlayed(player="p2", card=ray, targets={"t": (vex,)},
                   payment=Payment(exhaust=r, recycle=r))
    assert violations(s, d) == ["356.3"]


def test_irelia_worn_takes_two_off_a_spell_choosing_her() -> None:
    s = game()
    control(s, "bf1", "p1")
    irelia, gear = wear(s, IRELIA, "p1", "battlefield", "bf1")
    comet = put(s, COMET, "p1", "hand")
    assert total_cost(s, "p1", comet, targets={"t": (irelia,)}) == Cost(3)  # 5 - 1 - 1
    r = runes(s, "p1", 3, MIND_RUNE)
    d = CardPlayed(player="p1", card=comet, targets={"t": (irelia,)}, payment=Payment(exhaust=r))
    assert not violations(s, d)
    actions.detach(s, gear, [])
    assert violations(s, d) == ["166.2"]  # unworn: 4 Energy, 3 runes fall short


def test_ezreal_worn_takes_two_off_a_paid_repeat() -> None:
    # RUP4 356.4.c Example (Frigid Touch's Repeat with Ezreal, Prodigy), with his text twice:
    # each discount of the component applies (356.4.c.1), down to 0 (356.4.f)
    s = game()
    _, gear = wear(s, EZREAL)
    touch = put(s, FRIGID_TOUCH, "p1", "hand")
    target = put(s, SKULKER, "p2", "base")
    assert total_cost(s, "p1", touch, choices={"repeat": [0]}) == Cost(2)  # 2 + (2 - 1 - 1)
    targets = {"t": (target,), "t@2": (target,)}
    r = runes(s, "p1", 2, MIND_RUNE)
    d = CardPlayed(player="p1", card=touch, choices={"repeat": [0]}, payment=Payment(exhaust=r),
                   targets=targets)
    assert not violations(s, d)
    actions.detach(s, gear, [])  # unworn: one discount, 2 runes fall short (356.2: the Repeat)
    assert violations(s, d) == ["356.2"]


# --- BonusDamageYours (714) ---------------------------------------------------------------


@EDITIONS
def test_annie_worn_deals_two_bonus_damage(edition: str) -> None:
    s = game(edition)
    _, gear = wear(s, ANNIE)
    foe = put(s, ATTENDANT, "p2", "battlefield", "bf1")
    runes(s, "p1", 4, FURY_RUNE)
    s = pass_all(cast(s, INCINERATE, targets={"t": (foe,)}))
    assert s.objects[foe].damage == 4  # 2, and 1 Bonus Damage per instance, summed (714)
    actions.detach(s, gear, [])
    other = put(s, ATTENDANT, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, INCINERATE, targets={"t": (other,)}))
    assert s.objects[other].damage == 3


def test_annie_wearing_two_svellsongurs_deals_three_bonus_damage() -> None:
    # each Svellsongur copies her printed text (RUP4 477.1.b.1.b): three instances
    s = game()
    annie, _ = wear(s, ANNIE)
    second = put(s, "SFD-059", "p1", "base")
    actions.attach(s, second, annie, [])
    foe = put(s, ATTENDANT, "p2", "battlefield", "bf1")
    runes(s, "p1", 4, FURY_RUNE)
    s = pass_all(cast(s, INCINERATE, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash"  # 2 + 3 = 5: lethal to its 5 Might (4 was not)


# --- ExtraDeathknell (808.2) --------------------------------------------------------------


@EDITIONS
def test_karthus_worn_makes_a_deathknell_trigger_two_more_times(edition: str) -> None:
    s = game(edition)
    wear(s, KARTHUS)
    scout = put(s, SCOUT, "p1", "battlefield", "bf1")
    extra = [put(s, ORDER_RUNE, "p1", "rune_deck") for _ in range(4)]
    runes(s, "p1", 6)
    s = pass_all(cast(s, VENGEANCE, targets=(scout,)))
    assert [s.objects[r].zone for r in extra] == ["base", "base", "base", "rune_deck"]


def test_karthus_unworn_adds_one_trigger_only() -> None:
    s = game()
    _, gear = wear(s, KARTHUS)
    actions.detach(s, gear, [])
    scout = put(s, SCOUT, "p1", "battlefield", "bf1")
    extra = [put(s, ORDER_RUNE, "p1", "rune_deck") for _ in range(3)]
    runes(s, "p1", 6)
    s = pass_all(cast(s, VENGEANCE, targets=(scout,)))
    assert [s.objects[r].zone for r in extra] == ["base", "base", "rune_deck"]


# --- LookFirstBeforeDeckReveal (370.2) ----------------------------------------------------


def _smith_moves_with_worn_hatchling(edition: str) -> tuple[engine.GameState, list[str]]:
    s = game(edition, deck=0)
    hold_both(s)
    wear(s, HATCHLING)
    smith = put(s, SMITH, "p1", "base")
    s.objects[smith].exhausted = False
    deck = [put(s, SKULKER, "p1", "main_deck"), put(s, SKULKER, "p1", "main_deck"),
            put(s, SUN_DISC, "p1", "main_deck")]
    s = pass_all(move(s, (smith,), to="bf1"))
    return s, deck


@EDITIONS
def test_void_hatchling_worn_looks_first_twice(edition: str) -> None:
    s, (one, two, disc) = _smith_moves_with_worn_hatchling(edition)
    req = engine.pending(s)[0]
    assert req.kind == "choice" and {"recycle_top": True} in req.options["choices"]
    s = choose(s, "p1", recycle_top=True)  # the first look: a unit goes under
    req = engine.pending(s)[0]  # the copy's look, at the new top card
    assert req.kind == "choice" and {"recycle_top": True} in req.options["choices"]
    s = pass_all(choose(s, "p1", recycle_top=True))  # the second unit too: the gear is revealed
    assert disc in s.players["p1"].hand
    assert s.players["p1"].main_deck == [one, two]


def test_void_hatchling_worn_refuses_a_bad_answer_at_the_second_look() -> None:
    s, _ = _smith_moves_with_worn_hatchling("RUP4")
    s = choose(s, "p1", recycle_top=False)
    from riftlog.events.abilities import ChoiceMade
    assert violations(s, ChoiceMade(player="p1", choice={"recycle_top": "maybe"})) == ["370"]
