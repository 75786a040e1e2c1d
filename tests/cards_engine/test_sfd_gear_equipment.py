"""Spiritforged Equipment whose Effect Text is keywords only (or empty): each one equipped
through the engine (its Might bonus and effect-text keyword on the wearer, 718.3-718.4), and
its Equip refused on an enemy unit, unpaid, and at the wrong time (818.1.c.2, 376)."""

from __future__ import annotations

import pytest

from riftlog.cards import load_catalog
from riftlog.events.abilities import AbilityActivated
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import ChainItem, GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    activate,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)
from tests.cards_engine.helpers import game as new_game

#: card -> (rune paying its Equip, Energy of its Equip, Might bonus, effect-text keyword)
EQUIPMENT = {
    "SFD-009": (FURY_RUNE, 0, 0, "Assault"),    # Serrated Dirk
    "SFD-022": (FURY_RUNE, 0, 2, None),         # Long Sword [Quick-Draw]
    "SFD-033": (CALM_RUNE, 0, 1, "Tank"),       # Doran's Shield
    "SFD-056": (CALM_RUNE, 0, 3, None),         # Sterak's Gage [Quick-Draw]
    "SFD-064": (MIND_RUNE, 0, 0, "Shield"),     # Cloth Armor [Quick-Draw]
    "SFD-095": (BODY_RUNE, 0, 2, None),         # Doran's Blade
    "SFD-102": (BODY_RUNE, 0, 1, "Deflect"),    # Hexdrinker
    "SFD-133": (CHAOS_RUNE, 0, 2, "Ganking"),   # Boots of Swiftness
    "SFD-161": (ORDER_RUNE, 0, 3, None),        # B.F. Sword
    "SFD-186": (FURY_RUNE, 0, 3, None),         # Spinning Axe [Quick-Draw] (Equip: any power)
}
QUICK_DRAW = ("SFD-022", "SFD-056", "SFD-064", "SFD-186")
BLADE_OF_THE_RUINED_KING = "SFD-178"
SPINNING_AXE = "SFD-186"


def _game() -> GameState:
    return new_game()


def _equip_cost(card: str) -> Cost:
    rune, energy, _, _ = EQUIPMENT[card]
    domain = "Any" if card == SPINNING_AXE else load_catalog().get(rune).domains[0]
    return Cost(energy, {domain: 1})


def _board(card: str) -> tuple[GameState, str, str]:
    s = _game()
    rune = EQUIPMENT[card][0]
    runes(s, "p1", 1, rune)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, card, "p1", "base")
    return s, unit, gear


@pytest.mark.parametrize("card", sorted(EQUIPMENT))
def test_equip_attaches_the_gear_with_its_bonus_and_keyword(card: str) -> None:
    s, unit, gear = _board(card)
    before = layers.might_of(s, unit)
    s = activate(s, gear, targets={"t": (unit,)}, payment=pay_for(s, "p1", cost=_equip_cost(card)))
    s = pass_all(s)
    assert s.objects[gear].attached_to == unit                      # 818.1.b, 434
    assert layers.might_of(s, unit) == before + EQUIPMENT[card][2]  # 718.4, 137.3
    keyword = EQUIPMENT[card][3]
    if keyword is not None:
        assert keyword in layers.characteristics(s, unit).keywords  # 718.3
        assert keyword not in layers.characteristics(s, gear).keywords


@pytest.mark.parametrize("card", sorted(EQUIPMENT))
def test_equip_refuses_an_enemy_unit(card: str) -> None:
    s, _, gear = _board(card)
    foe = put(s, SKULKER, "p2", "base")
    d = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (foe,)},
                         payment=pay_for(s, "p1", cost=_equip_cost(card)))
    assert any(r.startswith("355.5") for r in violations(s, d))  # 818.1.c.2: a unit you control


@pytest.mark.parametrize("card", sorted(EQUIPMENT))
def test_equip_refuses_an_unpaid_cost(card: str) -> None:
    s = _game()
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, card, "p1", "base")
    d = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (unit,)})
    assert "165.2" in violations(s, d)  # no rune to pay its Equip cost with
    s.edition = "RUP4"
    assert "166.2" in violations(s, d)  # the same rule, RUP4's id


@pytest.mark.parametrize("card", sorted(EQUIPMENT))
def test_equip_refuses_the_wrong_time(card: str) -> None:
    s, unit, gear = _board(card)
    # a chain item of p2's is pending: Equip has no Reaction (376: own open Main Phase)
    s.chain.append(ChainItem(id="c99", kind="ability", controller="p2", source=None, legal=True))
    s.priority = "p1"
    d = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (unit,)},
                         payment=pay_for(s, "p1", cost=_equip_cost(card)))
    assert "309.1.a" in violations(s, d)  # a closed state: no Reaction, no play


@pytest.mark.parametrize("card", QUICK_DRAW)
def test_quick_draw_equipment_attaches_as_it_is_played(card: str) -> None:
    s = _game()
    info = load_catalog().get(card)
    rune = EQUIPMENT[card][0]
    runes(s, "p1", (info.energy or 0) + (info.power or 0) + 1, rune)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, card, "p1", "hand")
    s = pass_all(play(s, gear))
    assert s.objects[gear].attached_to == unit  # 819.1.d


def test_spinning_axe_attached_is_not_killed_by_its_temporary() -> None:
    # v1.3 722.2 / RUP4 722.2 example: attached, its Temporary (rules text) does not trigger
    s, unit, axe = _board(SPINNING_AXE)
    loose = put(s, SPINNING_AXE, "p1", "base")
    s = pass_all(activate(s, axe, targets={"t": (unit,)},
                          payment=pay_for(s, "p1", cost=_equip_cost(SPINNING_AXE))))
    from riftlog.rules.interpreter import triggers

    triggers.fire(s, "beginning_phase", player="p1")
    sources = [t["source"] for t in s.extra.get("triggers", [])]
    assert loose in sources and axe not in sources and unit not in sources
    assert "Temporary" in layers.characteristics(s, axe).keywords  # 722.1: still has it


def test_blade_of_the_ruined_king_kills_a_friendly_unit_to_equip() -> None:
    s = _game()
    runes(s, "p1", 1, ORDER_RUNE)
    wearer = put(s, SKULKER, "p1", "base")
    fodder = put(s, SKULKER, "p1", "base")
    blade = put(s, BLADE_OF_THE_RUINED_KING, "p1", "base")
    s = activate(s, blade, targets={"t": (wearer,)}, choices={"kill": [fodder]},
                 payment=pay_for(s, "p1", cost=Cost(0, {"Order": 1})))
    assert s.objects[fodder].zone == "trash"  # paid as the ability is activated
    s = pass_all(s)
    assert s.objects[blade].attached_to == wearer
    assert layers.might_of(s, wearer) == (load_catalog().get(SKULKER).might or 0) + 4


def test_blade_of_the_ruined_king_refuses_an_equip_without_a_unit_to_kill() -> None:
    s = _game()
    runes(s, "p1", 1, ORDER_RUNE)
    wearer = put(s, SKULKER, "p1", "base")
    blade = put(s, BLADE_OF_THE_RUINED_KING, "p1", "base")
    d = AbilityActivated(player="p1", source=blade, ability=0, targets={"t": (wearer,)},
                         payment=pay_for(s, "p1", cost=Cost(0, {"Order": 1})))
    assert "377.1" in violations(s, d)  # its kill-a-friendly-unit cost cannot be paid


def test_a_played_equipment_enters_unattached_in_base() -> None:
    s = _game()
    runes(s, "p1", 4, ORDER_RUNE)
    put(s, SKULKER, "p1", "base")
    sword = put(s, "SFD-161", "p1", "hand")
    s = pass_all(play(s, sword))
    assert s.objects[sword].zone == "base" and s.objects[sword].attached_to is None
    # a plain Equip gear (no Quick-Draw) has no Reaction: refused in a closed state
    s2 = _game()
    runes(s2, "p1", 4, ORDER_RUNE)
    other = put(s2, "SFD-161", "p1", "hand")
    s2.chain.append(ChainItem(id="c99", kind="ability", controller="p2", source=None, legal=True))
    s2.priority = "p1"
    d = CardPlayed(player="p1", card=other, destination="base", payment=pay_for(s2, "p1", other))
    assert "309.1.a" in violations(s2, d)
    assert engine.pending(s)  # the game goes on
