"""Svellsongur (SFD-059) on a unit whose other abilities act only as the card is played, or
from its deck (riftlog.rules.board.copied_text, PLAYED_ONLY): its own cost (RUP4 366.2.a),
where it may be played (366.1), what it does as it is seen or revealed from a deck (366.1,
370.1.b.1).  On the board such a copy has nothing to do: equipping it now works through
the engine, and the other cards of the game are played and judged exactly as before."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import AbilityActivated
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    SKULKER,
    activate,
    choose,
    conquer,
    move,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)
from tests.cards_engine.svellsongur import SVELLSONGUR, game
from tests.rules.board import control

EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])

GRIMWYRM = "SFD-015"  # Perched Grimwyrm: played only to a battlefield conquered this turn
YORDLE = "SFD-055"  # Needlessly Large Yordle: costs less per point scored by holding
NOCTURNE = "OGN-194"  # Nocturne, Horrifying: seen on top of the deck, may be banished and played
PORO = "OGN-171"  # Mystic Poro [Vision]: looks at the top card as it is played
UNDERTITAN = "SFD-175"  # Undertitan: as it is revealed from the deck, Add 2 Energy
SMITH = "SFD-041"  # Apprentice Smith: reveals the top card as it moves


def _equip(s: GameState, unit: str) -> GameState:
    """p1 activates a Svellsongur's Equip on *unit* through the engine (818.1)."""
    gear = put(s, SVELLSONGUR, "p1", "base")
    runes(s, "p1", 2, CALM_RUNE)
    s = pass_all(activate(s, gear, targets={"t": (unit,)},
                          payment=pay_for(s, "p1", cost=Cost(1, {"Calm": 1}))))
    assert s.objects[gear].attached_to == unit
    return s


def _conquered_bf1(s: GameState) -> GameState:
    control(s, "bf2", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf2")  # held, not conquered this turn
    attacker = put(s, SKULKER, "p1", "base")
    s.objects[attacker].exhausted = False
    return pass_all(conquer(s, (attacker,)))


@EDITIONS
def test_grimwyrm_equipped_and_another_grimwyrm_still_refused_elsewhere(edition: str) -> None:
    s = game(edition)
    worn = put(s, GRIMWYRM, "p1", "base")
    other = put(s, GRIMWYRM, "p1", "hand")  # in the game before the conquest
    s = _equip(s, worn)
    effects = list(s.effects)
    s = _conquered_bf1(s)
    runes(s, "p1", 4, FURY_RUNE)
    for dest in ("base", "bf2"):
        d = CardPlayed(player="p1", card=other, destination=dest, payment=pay_for(s, "p1", other))
        assert "366.1" in violations(s, d)
    s = pass_all(play(s, other, destination="bf1"))
    assert s.objects[other].location == "bf1"
    assert [e for e in s.effects if e.get("equipment")] == [e for e in effects
                                                             if e.get("equipment")]


def test_yordle_equipped_keeps_its_keywords_twice_and_another_yordles_cost() -> None:
    s = game()
    worn = put(s, YORDLE, "p1", "base")
    other = put(s, YORDLE, "p1", "hand")
    before = total_cost(s, "p1", other)
    s = _equip(s, worn)
    assert total_cost(s, "p1", other) == before == Cost(10, {"Calm": 3})  # no hold: no discount
    assert layers.characteristics(s, worn).value("Shield") == 10  # its keywords once more
    runes(s, "p1", 9, CALM_RUNE)
    d = CardPlayed(player="p1", card=other, destination="base", payment=pay_for(
        s, "p1", cost=Cost(8, {"Calm": 2})))
    assert "356.4" in violations(s, d)  # the discount it has not earned, cited by it


def test_nocturne_equipped_and_another_nocturne_seen_on_top_is_offered_once() -> None:
    s = game()
    worn = put(s, NOCTURNE, "p1", "base")
    s = _equip(s, worn)
    assert layers.characteristics(s, worn).has("Ganking")
    runes(s, "p1", 4, CHAOS_RUNE)
    noc = put(s, NOCTURNE, "p1", "main_deck")
    deck = s.players["p1"].main_deck
    deck.insert(0, deck.pop())  # the other Nocturne on top
    s = pass_all(play(s, put(s, PORO, "p1", "hand")))
    req = engine.pending(s)[0]
    assert req.options["kind"] == "may" and req.rule == "427"  # its own ability, once
    s = choose(s, "p1", use=False)
    assert s.objects[noc].zone == "main_deck" and engine.pending(s)[0].kind != "may"


def test_undertitan_equipped_and_another_revealed_adds_two_once() -> None:
    s = game()
    worn = put(s, UNDERTITAN, "p1", "base")
    s = _equip(s, worn)
    smith = put(s, SMITH, "p1", "base")
    titan = put(s, UNDERTITAN, "p1", "main_deck")
    deck = s.players["p1"].main_deck
    deck.remove(titan)
    deck.insert(0, titan)
    energy = s.players["p1"].pool.energy
    s = pass_all(move(s, (smith,)))  # the Smith reveals the top card: the other Undertitan
    assert s.players["p1"].pool.energy == energy + 2  # its own Add; the worn one adds nothing


def test_svellsongur_equip_on_a_played_only_unit_refused_unpaid() -> None:
    s = game()
    worn = put(s, GRIMWYRM, "p1", "base")
    gear = put(s, SVELLSONGUR, "p1", "base")
    d = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (worn,)})
    assert "166.2" in violations(s, d)  # the Equip cost is not paid
