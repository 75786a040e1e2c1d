"""Abilities that attach one of their controller's Equipment to one of their units, audited
against their cards (issue 24): Grandmaster at Arms (SFD-193) and the ability Forge of the Fluft
(SFD-208) gives its controller's legends.  Under RUP4 355.10 (v1.3 355.5) both objects are
targets: chosen as the ability is activated (a non-Equipment, an opponent's unit, or an
Equipment attached when the ability wants a detached one is refused, 355.5) and checked
again as it resolves (359.3.e: a unit gone from the board gets nothing)."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_decisions
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    BODY_RUNE,
    MIND_RUNE,
    SKULKER,
    TOKEN_BATTLEFIELD,
    activate,
    cast,
    control,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)
from tests.cards_engine.helpers import game as _plain_game

GRANDMASTER_AT_ARMS = "SFD-193"
FORGE = "SFD-208"
LEGEND = "OGN-247"          # Daughter of the Void: a legend without an ability of this kind
DORANS_BLADE = "SFD-095"    # an Equipment (Equip: one Body rune)
GOLD = "SFD-T03"            # a gear token that is not an Equipment
RETREAT = "OGN-104"         # Reaction, one Mind Energy: return a friendly unit to its owner's hand
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def _grandmaster(edition: str) -> tuple[GameState, str, str, str]:
    s = _plain_game()
    s.edition = edition
    runes(s, "p1", 1, BODY_RUNE)
    legend = put(s, GRANDMASTER_AT_ARMS, "p1", "legend")
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    return s, legend, unit, gear


def _forge(edition: str) -> tuple[GameState, str, str, str]:
    s = _plain_game(battlefields=(FORGE, TOKEN_BATTLEFIELD))
    s.edition = edition
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")  # p1 keeps bf1
    legend = put(s, LEGEND, "p1", "legend")
    abilities.start_passives(s, legend)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    return s, legend, unit, gear


def _forge_use(legend: str, gear: str, unit: str) -> AbilityActivated:
    return AbilityActivated(player="p1", source=legend, ability=0, payment=Payment(),
                            targets={"e": (gear,), "t": (unit,)}, choices={"ability_of": "bf1"})


# --- Grandmaster at Arms ---------------------------------------------------------------------


@EDITIONS
def test_grandmaster_attaches_the_equipment_and_unit_chosen_as_it_is_activated(edition: str) -> None:
    s, legend, unit, gear = _grandmaster(edition)
    s, _ = engine.apply(s, AbilityActivated(player="p1", source=legend, ability=0,
                                            payment=pay_for(s, "p1", cost=Cost(1)),
                                            targets={"e": (gear,), "t": (unit,)}))
    assert s.chain[-1].targets == {"e": [gear], "t": [unit]}   # chosen on activation
    s = pass_all(s)
    assert not engine.pending(s) or engine.pending(s)[0].kind != "choice"  # nothing asked later
    assert s.objects[gear].attached_to == unit                 # RUP4 434


@EDITIONS
def test_grandmaster_refuses_an_activation_without_its_targets(edition: str) -> None:
    s, legend, _, _ = _grandmaster(edition)
    d = AbilityActivated(player="p1", source=legend, ability=0, payment=pay_for(s, "p1", cost=Cost(1)))
    assert "355.5" in violations(s, d)


@EDITIONS
def test_grandmaster_refuses_a_gear_that_is_not_an_equipment(edition: str) -> None:
    s, legend, unit, _ = _grandmaster(edition)
    gold = put(s, GOLD, "p1", "base", token=True)
    d = AbilityActivated(player="p1", source=legend, ability=0, payment=pay_for(s, "p1", cost=Cost(1)),
                         targets={"e": (gold,), "t": (unit,)})
    assert "355.5" in violations(s, d)


@EDITIONS
def test_grandmaster_refuses_an_attached_equipment_for_its_detached_ability(edition: str) -> None:
    s, legend, unit, gear = _grandmaster(edition)
    other = put(s, SKULKER, "p1", "base")
    s = pass_all(activate(s, gear, targets={"t": (unit,)},
                          payment=pay_for(s, "p1", cost=Cost(0, {"Body": 1}))))
    runes(s, "p1", 1, BODY_RUNE)
    put(s, DORANS_BLADE, "p1", "base")                          # a detached one exists too
    first = AbilityActivated(player="p1", source=legend, ability=0,
                             payment=pay_for(s, "p1", cost=Cost(1)),
                             targets={"e": (gear,), "t": (other,)})
    assert "355.5" in violations(s, first)                      # ability #0: a detached one
    second = AbilityActivated(player="p1", source=legend, ability=1, payment=Payment(),
                              targets={"e": (gear,), "t": (other,)})
    assert violations(s, second) == []                          # ability #1: an attached one
    s = pass_all(engine.apply(s, second)[0])
    assert s.objects[gear].attached_to == other                 # RUP4 434.1.f


@EDITIONS
def test_grandmaster_refuses_an_opponents_unit(edition: str) -> None:
    s, legend, _, gear = _grandmaster(edition)
    foe = put(s, SKULKER, "p2", "base")
    d = AbilityActivated(player="p1", source=legend, ability=0, payment=pay_for(s, "p1", cost=Cost(1)),
                         targets={"e": (gear,), "t": (foe,)})
    assert "355.5" in violations(s, d)


@EDITIONS
def test_a_unit_that_left_the_board_before_it_resolves_gets_nothing(edition: str) -> None:
    s, legend, unit, gear = _grandmaster(edition)
    runes(s, "p1", 1, MIND_RUNE)
    s, _ = engine.apply(s, AbilityActivated(player="p1", source=legend, ability=0,
                                            payment=pay_for(s, "p1", cost=Cost(1)),
                                            targets={"e": (gear,), "t": (unit,)}))
    s = cast(s, RETREAT, targets={"t": (unit,)})                # in reaction: back to hand
    s = pass_all(s)
    assert unit not in s.players["p1"].base
    assert s.objects[gear].attached_to is None                  # 359.3.e: the target is gone


# --- Forge of the Fluft ------------------------------------------------------------------------


@EDITIONS
def test_forge_legend_ability_attaches_the_chosen_equipment(edition: str) -> None:
    s, legend, unit, gear = _forge(edition)
    d = _forge_use(legend, gear, unit)
    assert violations(s, d) == []
    s = pass_all(engine.apply(s, d)[0])
    assert s.objects[legend].exhausted and s.objects[gear].attached_to == unit


@EDITIONS
def test_forge_legend_ability_refuses_a_gear_that_is_not_an_equipment(edition: str) -> None:
    s, legend, unit, _ = _forge(edition)
    gold = put(s, GOLD, "p1", "base", token=True)
    assert "355.5" in violations(s, _forge_use(legend, gold, unit))


@EDITIONS
def test_forge_legend_ability_is_offered_with_legal_targets(edition: str) -> None:
    s, legend, _, gear = _forge(edition)
    offered = [d for d in legal_decisions(s, "p1") if isinstance(d, AbilityActivated)
               and d.source == legend and d.choices.get("ability_of") == "bf1"]
    assert offered and all(violations(s, d) == [] for d in offered)
    assert all(d.targets["e"] == (gear,) for d in offered)
