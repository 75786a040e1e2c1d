"""Spiritforged Equipment with triggered abilities in their Effect Text (v1.3/RUP4 136.2,
718.3): each one, worn, triggers as the wearer's own ("me" is the unit); loose in a base it
does nothing (136.2.b); and its Equip is refused on an enemy unit, unpaid, at the wrong time."""

from __future__ import annotations

import pytest

from riftlog.cards import load_catalog
from riftlog.events.abilities import AbilityActivated
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import ChainItem, GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import triggers
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    activate,
    cast,
    conquer,
    control,
    game,
    move,
    pass_all,
    pay_for,
    put,
    runes,
    to_p2_turn,
    violations,
)

RECURVE_BOW = "SFD-016"
WORLD_ATLAS = "SFD-086"
WARMOGS_ARMOR = "SFD-108"
TRINITY_FORCE = "SFD-115"
BONESHIVER = "SFD-118"
DORANS_RING = "SFD-124"
CULL = "SFD-134"
EYE_OF_THE_HERALD = "SFD-153"
SACRED_SHEARS = "SFD-172"
FORGEFIRE_CAPE = "SFD-190"
GOLD = "SFD-T03"
RECRUIT = "OGN-271"
VENGEANCE = "OGN-229"  # a spell: kill a chosen unit

#: card -> (rune paying its Equip, its Equip cost)
EQUIP = {
    RECURVE_BOW: (FURY_RUNE, Cost(0, {"Fury": 1})),
    WORLD_ATLAS: (MIND_RUNE, Cost(0, {"Mind": 1})),
    WARMOGS_ARMOR: (BODY_RUNE, Cost(0, {"Body": 1})),
    TRINITY_FORCE: (BODY_RUNE, Cost(0, {"Body": 1})),
    BONESHIVER: (BODY_RUNE, Cost(1, {"Body": 1})),
    DORANS_RING: (CHAOS_RUNE, Cost(0, {"Chaos": 1})),
    CULL: (CHAOS_RUNE, Cost(0, {"Chaos": 1})),
    EYE_OF_THE_HERALD: (ORDER_RUNE, Cost(0, {"Order": 1})),
    SACRED_SHEARS: (ORDER_RUNE, Cost(0, {"Order": 1})),
    FORGEFIRE_CAPE: (FURY_RUNE, Cost(0, {"Any": 1})),
}


def _worn(s: GameState, card: str, pid: str = "p1", zone: str = "base",
          location: str | None = None) -> tuple[str, str]:
    """A unit of *pid* wearing *card* (attached by the engine's attach action, 434)."""
    unit = put(s, SKULKER, pid, zone, location)
    gear = put(s, card, pid, zone, location)
    actions.attach(s, gear, unit, [])
    return unit, gear


def _might(card: str) -> int:
    return load_catalog().get(card).might or 0


# --- equipping each of them, and its refusals ------------------------------------------------


@pytest.mark.parametrize("card", sorted(EQUIP))
def test_equip_attaches_it_through_the_engine(card: str) -> None:
    s = game()
    rune, cost = EQUIP[card]
    runes(s, "p1", cost.energy + 1, rune)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, card, "p1", "base")
    s = pass_all(activate(s, gear, targets={"t": (unit,)}, payment=pay_for(s, "p1", cost=cost)))
    assert s.objects[gear].attached_to == unit


@pytest.mark.parametrize("card", sorted(EQUIP))
def test_equip_is_refused_on_an_enemy_unit_unpaid_and_at_the_wrong_time(card: str) -> None:
    s = game()
    rune, cost = EQUIP[card]
    gear = put(s, card, "p1", "base")
    mine = put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    unpaid = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (mine,)})
    assert "165.2" in violations(s, unpaid)  # its Equip cost is not paid
    runes(s, "p1", cost.energy + 1, rune)
    paid = pay_for(s, "p1", cost=cost)
    enemy = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (foe,)},
                             payment=paid)
    assert "355.5" in " ".join(violations(s, enemy))  # 818.1.c.2: a unit you control
    s.chain.append(ChainItem(id="c99", kind="ability", controller="p2", source=None, legal=True))
    s.priority = "p1"
    late = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (mine,)},
                            payment=paid)
    assert "309.1.a" in violations(s, late)  # no Reaction: not in a closed state


# --- attack / defend ------------------------------------------------------------------------


def test_recurve_bow_worn_deals_2_to_an_enemy_unit_here_when_the_wearer_attacks() -> None:
    s = game()
    unit, bow = _worn(s, RECURVE_BOW)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = move(s, (unit,))
    item = s.chain[-1]
    assert item.source == unit and item.effect["card"] == RECURVE_BOW  # the wearer's own
    assert item.effect["event"]["equipment"] == bow and item.targets["t"] == [foe]
    s = pass_all(s)
    assert s.objects[foe].damage == 2 or s.objects[foe].zone == "trash"


def test_recurve_bow_refuses_a_friendly_target() -> None:
    s = game()
    unit, _ = _worn(s, RECURVE_BOW)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf1")  # two candidates: a real choice
    control(s, "bf1", "p2")
    s = move(s, (unit,))
    from riftlog.events.abilities import ChoiceMade

    assert "355.5" in " ".join(violations(s, ChoiceMade(player="p1", choice={"t": [unit]})))


def test_recurve_bow_loose_in_base_does_nothing() -> None:
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    put(s, RECURVE_BOW, "p1", "base")  # not attached: its effect text is inactive (136.2.b)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = move(s, (unit,))
    assert not any(i.effect.get("card") == RECURVE_BOW for i in s.chain)


def test_forgefire_cape_deals_2_to_each_enemy_unit_here_when_the_wearer_defends() -> None:
    s = game()
    unit, _cape = _worn(s, FORGEFIRE_CAPE, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    a = put(s, SKULKER, "p1", "base")
    b = put(s, SKULKER, "p1", "base")
    s = move(s, (a, b))
    cape = [i for i in s.chain if i.effect.get("card") == FORGEFIRE_CAPE]
    assert len(cape) == 1 and cape[0].controller == "p2" and cape[0].source == unit
    s = pass_all(s)
    for oid in (a, b):
        assert s.objects[oid].damage == 2 or s.objects[oid].zone == "trash"


def test_forgefire_cape_is_not_triggered_by_another_units_attack() -> None:
    s = game()
    _worn(s, FORGEFIRE_CAPE)  # the wearer stays in base
    other = put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = move(s, (other,))
    assert not any(i.effect.get("card") == FORGEFIRE_CAPE for i in s.chain)


# --- conquer --------------------------------------------------------------------------------


def test_warmogs_armor_buffs_the_wearer_when_it_conquers() -> None:
    s = game()
    unit, _ = _worn(s, WARMOGS_ARMOR)
    s = pass_all(conquer(s, (unit,)))
    assert s.objects[unit].buffed
    assert layers.might_of(s, unit) == _might(SKULKER) + 1 + 1  # bonus +1, buff +1


def test_warmogs_armor_does_not_buff_a_unit_that_conquers_without_it() -> None:
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    put(s, WARMOGS_ARMOR, "p1", "base")
    s = pass_all(conquer(s, (unit,)))
    assert not s.objects[unit].buffed


def test_boneshiver_channels_a_rune_exhausted_when_the_wearer_conquers() -> None:
    s = game()
    unit, _ = _worn(s, BONESHIVER)
    rune = put(s, ORDER_RUNE, "p1", "rune_deck")
    s = pass_all(conquer(s, (unit,)))
    assert s.objects[rune].zone == "base" and s.objects[rune].exhausted


def test_boneshiver_channels_nothing_when_another_unit_conquers() -> None:
    s = game()
    _worn(s, BONESHIVER)
    other = put(s, SKULKER, "p1", "base")
    rune = put(s, ORDER_RUNE, "p1", "rune_deck")
    s = pass_all(conquer(s, (other,)))
    assert s.objects[rune].zone == "rune_deck"


def test_dorans_ring_discards_then_draws_when_the_wearer_conquers() -> None:
    s = game()
    unit, _ = _worn(s, DORANS_RING)
    kept = put(s, SKULKER, "p1", "hand")
    s = conquer(s, (unit,))
    s = pass_all(s)
    hand = s.players["p1"].hand
    assert kept not in hand and s.objects[kept].zone == "trash" and len(hand) == 1


def test_cull_plays_a_gold_token_exhausted_when_the_wearer_conquers() -> None:
    s = game()
    unit, _ = _worn(s, CULL)
    s = pass_all(conquer(s, (unit,)))
    gold = [o for o in s.players["p1"].base if s.objects[o].card == GOLD]
    assert len(gold) == 1 and s.objects[gold[0]].exhausted


# --- hold -----------------------------------------------------------------------------------


def test_trinity_force_scores_one_more_point_when_the_wearer_holds() -> None:
    s = game()
    _worn(s, TRINITY_FORCE, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = to_p2_turn(s)
    assert s.players["p2"].points == 1
    s = pass_all(s)
    assert s.players["p2"].points == 2


def test_trinity_force_in_base_while_its_owner_holds_does_nothing() -> None:
    s = game()
    put(s, SKULKER, "p2", "battlefield", "bf1")
    unit, _ = _worn(s, TRINITY_FORCE, "p2")  # the wearer is in base, not at the battlefield
    control(s, "bf1", "p2")
    s = pass_all(to_p2_turn(s))
    assert s.players["p2"].points == 1 and s.objects[unit].zone == "base"


def test_world_atlas_plays_two_gold_tokens_exhausted_when_the_wearer_holds() -> None:
    s = game()
    _worn(s, WORLD_ATLAS, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = pass_all(to_p2_turn(s))
    gold = [o for o in s.players["p2"].base if s.objects[o].card == GOLD]
    assert len(gold) == 2 and all(s.objects[g].exhausted for g in gold)


def test_world_atlas_not_attached_does_not_trigger_on_a_hold() -> None:
    s = game()
    put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, WORLD_ATLAS, "p2", "base")
    control(s, "bf1", "p2")
    s = pass_all(to_p2_turn(s))
    assert not [o for o in s.players["p2"].base if s.objects[o].card == GOLD]


# --- move -----------------------------------------------------------------------------------


def test_eye_of_the_herald_plays_a_recruit_where_the_wearer_moved() -> None:
    s = game()
    unit, eye = _worn(s, EYE_OF_THE_HERALD)
    s = pass_all(move(s, (unit,), "bf2"))
    recruits = [o for o in s.battlefield("bf2").units if s.objects[o].card == RECRUIT]
    assert len(recruits) == 1 and s.objects[recruits[0]].controller == "p1"
    assert s.objects[eye].location == "bf2"  # it went with its wearer (719.3.a), not a move


def test_eye_of_the_herald_not_attached_does_not_trigger() -> None:
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    put(s, EYE_OF_THE_HERALD, "p1", "base")
    s = pass_all(move(s, (unit,), "bf2"))
    assert not [o for o in s.battlefield("bf2").units if s.objects[o].card == RECRUIT]


# --- dies -----------------------------------------------------------------------------------


def test_sacred_shears_draws_one_when_the_wearer_dies() -> None:
    s = game()
    unit, shears = _worn(s, SACRED_SHEARS)
    assert "Deathknell" in layers.characteristics(s, unit).keywords  # 718.3
    hand = len(s.players["p1"].hand)
    runes(s, "p1", 6)
    s = cast(s, VENGEANCE, targets={"t": (unit,)})  # a spell killing the wearer
    s = pass_all(s)
    assert s.objects[unit].zone == "trash"
    assert s.objects[shears].attached_to is None and s.objects[shears].zone == "base"  # 719.5
    assert len(s.players["p1"].hand) == hand + 1


def test_sacred_shears_loose_does_not_draw_when_a_unit_dies() -> None:
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    put(s, SACRED_SHEARS, "p1", "base")
    from riftlog.rules.interpreter import effects

    effects.kill(s, [unit], [])
    assert triggers.fire(s, "dies", obj=unit, player="p1") == 0
    assert not s.extra.get("triggers")


def test_sacred_shears_killed_itself_draws_nothing() -> None:
    s = game()
    _unit, shears = _worn(s, SACRED_SHEARS)
    hand = len(s.players["p1"].hand)
    from riftlog.rules.interpreter import effects

    effects.kill(s, [shears], [])  # the gear dies, not the wearer: no Deathknell of the unit
    assert not s.extra.get("triggers")
    s = pass_all(s)
    assert len(s.players["p1"].hand) == hand
