"""Spiritforged (SFD) permanents that give keywords to a group of their controller's units
(layers, v1.3 471): Mechs (Mechanized Menace, SFD-181; Breakneck Mech, SFD-071) or every unit
(Petricite Monument, SFD-104)."""

from __future__ import annotations

from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    BODY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    game,
    pass_all,
    play,
    put,
    runes,
    spell_played,
    to_p2_turn,
    violations,
)

MENACE, BREAKNECK, MONUMENT = "SFD-181", "SFD-071", "SFD-104"
MECH = "SFD-062"         # Bubble Bot: a Mech
VENGEANCE = "OGN-229"    # a spell that kills a chosen unit


def test_mechanized_menace_gives_its_controllers_mechs_shield() -> None:
    s = game()
    legend = put(s, MENACE, "p1", "legend")
    abilities.start_passives(s, legend)
    mech, plain = put(s, MECH, "p1", "base"), put(s, SKULKER, "p1", "base")
    theirs = put(s, MECH, "p2", "base")
    assert layers.characteristics(s, mech).has("Shield")
    assert not layers.characteristics(s, plain).has("Shield")
    assert not layers.characteristics(s, theirs).has("Shield")
    assert not layers.characteristics(s, legend).has("Shield")


def test_mechanized_menace_has_no_ability_to_activate() -> None:
    s = game()
    legend = put(s, MENACE, "p1", "legend")
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=legend, ability=0))


def test_breakneck_mech_gives_mechs_deflect_and_ganking_and_enters_ready_beside_one() -> None:
    s = game()
    runes(s, "p1", 10, MIND_RUNE)
    mech = put(s, MECH, "p1", "base")
    breakneck = put(s, BREAKNECK, "p1", "hand")
    s = pass_all(play(s, breakneck))
    assert not s.objects[breakneck].exhausted
    for oid in (mech, breakneck):
        ch = layers.characteristics(s, oid)
        assert ch.has("Deflect") and ch.has("Ganking")


def test_breakneck_mech_alone_enters_exhausted() -> None:
    s = game()
    runes(s, "p1", 10, MIND_RUNE)
    breakneck = put(s, BREAKNECK, "p1", "hand")
    s = pass_all(play(s, breakneck))
    assert s.objects[breakneck].exhausted


def test_a_mech_with_deflect_costs_an_opponent_more_to_choose() -> None:
    s = to_p2_turn(game())
    abilities.start_passives(s, put(s, BREAKNECK, "p1", "base"))  # a hand-built board
    mech = put(s, MECH, "p1", "base")
    assert layers.characteristics(s, mech).has("Deflect")
    runes(s, "p2", 7, ORDER_RUNE)
    d = spell_played(s, VENGEANCE, player="p2", targets={"t": (mech,)})  # paid without Deflect
    assert "809.1.c" in violations(s, d)  # the refusal cites Deflect's tax (issue 19)


def test_petricite_monument_gives_friendly_units_deflect_and_is_temporary() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    mine, theirs = put(s, SKULKER, "p1", "base"), put(s, SKULKER, "p2", "base")
    monument = put(s, MONUMENT, "p1", "hand")
    s = pass_all(play(s, monument))
    assert layers.characteristics(s, mine).has("Deflect")
    assert not layers.characteristics(s, theirs).has("Deflect")
    assert layers.characteristics(s, monument).has("Temporary")


def test_petricite_monument_unpaid_is_refused() -> None:
    s = game()
    d = CardPlayed(player="p1", card=put(s, MONUMENT, "p1", "hand"), payment=Payment(),
                   destination="base")
    assert "165.2" in violations(s, d)
