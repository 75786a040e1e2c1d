"""Svellsongur (SFD-059): while attached, its Effect Text is a copy of the wearer's text
(RUP4 136.2 / 718.3), so the wearer has its own keywords, passives and triggered abilities
once more; kinds of ability the copy cannot carry yet are refused by name (UnsupportedCard)
rather than copied partly; its Equip is refused on an enemy unit or unpaid."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.cards.vocab import (
    Activated,
    Cost,
    Draw,
    RaiseVictoryScore,
    Triggered,
    When,
    deathknell,
)
from riftlog.errors import UnsupportedCard
from riftlog.events.abilities import AbilityActivated
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost as Price
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.playing import abilities
from tests.cards_engine import helpers
from tests.cards_engine.helpers import (
    CALM_RUNE,
    ORDER_RUNE,
    SKULKER,
    Encode,
    activate,
    cast,
    conquer,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)

SVELLSONGUR = "SFD-059"
KAISA = "OGN-039"  # Kai'Sa, Survivor: when she conquers, draw one
PORO = "OGN-210"  # Daring Poro: Assault (1), no other text
ELDER = "OGN-065"  # Wizened Elder: one more Might while buffed (a passive)
VENGEANCE = "OGN-229"  # a spell: kill a chosen unit

EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4", **kw: Any) -> GameState:
    """The helpers' board, judged under *edition* (RUP4 is the default of new games)."""
    s = helpers.game(**kw)
    s.edition = edition
    return s


def _wear(s: GameState, unit_card: str, where: str = "base", at: str | None = None) -> tuple[str, str]:
    unit = put(s, unit_card, "p1", where, at)
    s.objects[unit].exhausted = False
    gear = put(s, SVELLSONGUR, "p1", where, at)
    actions.attach(s, gear, unit, [])
    return unit, gear


@EDITIONS
def test_a_triggered_ability_of_the_wearer_triggers_twice(edition: str) -> None:
    s = game(edition)
    kaisa, _ = _wear(s, KAISA)
    hand = len(s.players["p1"].hand)
    s = pass_all(conquer(s, (kaisa,)))
    assert len(s.players["p1"].hand) == hand + 2  # her own draw and the copy's


@EDITIONS
def test_the_wearers_keywords_count_twice(edition: str) -> None:
    s = game(edition)
    poro, gear = _wear(s, PORO)
    assert layers.characteristics(s, poro).value("Assault") == 2
    actions.detach(s, gear, [])
    assert layers.characteristics(s, poro).value("Assault") == 1  # no copy once detached


@EDITIONS
def test_the_wearers_passive_applies_twice(edition: str) -> None:
    s = game(edition)
    elder, _ = _wear(s, ELDER)
    abilities.start_passives(s, elder)  # a hand-built board: its own passive starts here
    printed = layers.characteristics(s, elder).might
    actions.buff(s, elder, [])
    assert layers.characteristics(s, elder).might == printed + 1 + 2  # buff, passive twice


def test_a_deathknell_of_the_wearer_triggers_twice(encode: Encode) -> None:
    # v1.3: the test-only Deathknell is not a printed keyword, which RUP4 808.1.d reads
    encode(SKULKER, deathknell(Draw(1)), keywords=("Deathknell",))
    s = game("v1.3")
    unit, _ = _wear(s, SKULKER, "battlefield", "bf1")
    runes(s, "p1", 6, ORDER_RUNE)
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, VENGEANCE, targets={"t": (unit,)}))
    assert len(s.players["p1"].hand) == hand + 2


def test_a_wearer_with_an_ability_the_copy_cannot_carry_is_refused_by_name(
        encode: Encode) -> None:
    encode(SKULKER, Activated(Cost(exhaust=True), (Draw(1),)), RaiseVictoryScore())
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, SVELLSONGUR, "p1", "base")
    with pytest.raises(UnsupportedCard, match=r"Svellsongur \(SFD-059\).*RaiseVictoryScore"):
        actions.attach(s, gear, unit, [])


def test_a_wearer_whose_triggers_are_copied_keeps_them_when_unworn(encode: Encode) -> None:
    encode(SKULKER, Triggered(When("conquers", "me"), (Draw(1),)))
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    s.objects[unit].exhausted = False
    put(s, SVELLSONGUR, "p1", "base")  # loose in the base: nothing is copied
    hand = len(s.players["p1"].hand)
    s = pass_all(conquer(s, (unit,)))
    assert len(s.players["p1"].hand) == hand + 1


@EDITIONS
def test_svellsongur_equips_through_the_engine_and_refuses_an_enemy_or_unpaid(
        edition: str) -> None:
    s = game(edition)
    gear = put(s, SVELLSONGUR, "p1", "base")
    mine = put(s, KAISA, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    unpaid = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (mine,)})
    assert ("166.2" if edition == "RUP4" else "165.2") in violations(s, unpaid)
    runes(s, "p1", 2, CALM_RUNE)
    cost = Price(1, {"Calm": 1})
    enemy = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (foe,)},
                             payment=pay_for(s, "p1", cost=cost))
    assert "355.5" in " ".join(violations(s, enemy))  # 818.1.c.2: a unit you control
    s = pass_all(activate(s, gear, targets={"t": (mine,)}, payment=pay_for(s, "p1", cost=cost)))
    assert s.objects[gear].attached_to == mine
    assert s.extra["copied_text"] == {gear: mine}


LONELY_PORO = "SFD-036"  # Lonely Poro [Deathknell]: dying alone, its controller draws one


@EDITIONS
def test_a_printed_deathknell_of_the_wearer_triggers_twice(edition: str) -> None:
    s = game(edition)
    poro, _ = _wear(s, LONELY_PORO, "battlefield", "bf1")
    runes(s, "p1", 6, ORDER_RUNE)
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, VENGEANCE, targets={"t": (poro,)}))
    assert len(s.players["p1"].hand) == hand + 2  # its Deathknell and the copy's (719.5)
