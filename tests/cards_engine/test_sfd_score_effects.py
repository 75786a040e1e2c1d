"""Skyfall of Areion (SFD-030): its Effect Text (136.2.c, 718.3) makes the wearer's Hold
Effects also Conquer Effects and the other way round (RUP4 383.4.c / 383.4.d)."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.events.abilities import AbilityActivated
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from tests.cards_engine import helpers
from tests.cards_engine.helpers import (
    FURY_RUNE,
    SKULKER,
    activate,
    conquer,
    control,
    pass_all,
    pay_for,
    put,
    runes,
    to_p2_turn,
    violations,
)

SKYFALL = "SFD-030"
AHRI = "OGN-066"  # Ahri, Alluring: when she holds, her controller gains a point
KAISA = "OGN-039"  # Kai'Sa, Survivor: when she conquers, draw one
TRINITY = "SFD-115"  # Trinity Force: Effect Text, when the wearer holds, one more point

EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4", **kw: Any) -> GameState:
    """The helpers' board, judged under *edition* (RUP4 is the default of new games)."""
    s = helpers.game(**kw)
    s.edition = edition
    return s


def _wearing(s: GameState, unit_card: str, *gear_cards: str) -> str:
    unit = put(s, unit_card, "p1", "base")
    s.objects[unit].exhausted = False
    for card in gear_cards:
        actions.attach(s, put(s, card, "p1", "base"), unit, [])
    return unit


@EDITIONS
def test_a_hold_effect_triggers_on_the_wearers_conquer(edition: str) -> None:
    s = game(edition)
    ahri = _wearing(s, AHRI, SKYFALL)
    s = pass_all(conquer(s, (ahri,)))
    assert s.players["p1"].points == 2  # the conquer's point, and Ahri's hold effect's


@EDITIONS
def test_without_skyfall_a_hold_effect_waits_for_a_hold(edition: str) -> None:
    s = game(edition)
    ahri = _wearing(s, AHRI)
    s = pass_all(conquer(s, (ahri,)))
    assert s.players["p1"].points == 1


@EDITIONS
def test_an_equipments_hold_effect_also_triggers_on_the_conquer(edition: str) -> None:
    s = game(edition)
    unit = _wearing(s, SKULKER, SKYFALL, TRINITY)
    s = pass_all(conquer(s, (unit,)))
    assert s.players["p1"].points == 2  # Trinity Force's effect text is the wearer's too


@EDITIONS
def test_a_conquer_effect_triggers_on_the_wearers_hold(edition: str) -> None:
    s = game(edition)
    control(s, "bf2", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf2")
    kaisa = put(s, KAISA, "p2", "battlefield", "bf2")
    actions.attach(s, put(s, SKYFALL, "p2", "battlefield", "bf2"), kaisa, [])
    hand = len(s.players["p2"].hand)
    s = pass_all(to_p2_turn(s))  # p2 holds bf2: Kai'Sa's conquer effect draws one
    assert s.players["p2"].points == 1
    assert len(s.players["p2"].hand) == hand + 2  # the Draw Phase's card and Kai'Sa's


@EDITIONS
def test_skyfall_loose_in_a_base_changes_nothing(edition: str) -> None:
    s = game(edition)
    ahri = _wearing(s, AHRI)
    put(s, SKYFALL, "p1", "base")  # not attached: its Effect Text is inactive (136.2.b)
    s = pass_all(conquer(s, (ahri,)))
    assert s.players["p1"].points == 1


@EDITIONS
def test_skyfall_equips_through_the_engine_and_refuses_an_enemy_or_unpaid(edition: str) -> None:
    s = game(edition)
    gear = put(s, SKYFALL, "p1", "base")
    mine = put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    unpaid = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (mine,)})
    assert ("166.2" if edition == "RUP4" else "165.2") in violations(s, unpaid)
    runes(s, "p1", 2, FURY_RUNE)
    cost = Cost(1, {"Fury": 1})
    enemy = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (foe,)},
                             payment=pay_for(s, "p1", cost=cost))
    assert "355.5" in " ".join(violations(s, enemy))  # 818.1.c.2: a unit you control
    s = pass_all(activate(s, gear, targets={"t": (mine,)}, payment=pay_for(s, "p1", cost=cost)))
    assert s.objects[gear].attached_to == mine
