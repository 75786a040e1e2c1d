"""Temptation (SFD-129, a chosen enemy unit moves to another place where a unit of its
controller is) and Drag Under (SFD-164, a kill, cheaper away from the hand): played through
the engine, and the uses that must be refused."""

from __future__ import annotations

from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    CHAOS_RUNE,
    ORDER_RUNE,
    SKULKER,
    cast,
    game,
    pass_all,
    put,
    runes,
    spell_played,
    violations,
)

TEMPTATION = "SFD-129"


def test_temptation_moves_an_enemy_unit_to_the_only_place_its_friends_are() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    friend = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = pass_all(cast(s, TEMPTATION, targets={"t": (foe,)}, choices={"to": "bf2"}))
    assert s.objects[foe].location == s.objects[friend].location == "bf2"


def test_temptation_does_nothing_to_a_unit_alone_on_the_board() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, TEMPTATION, targets={"t": (foe,)}))
    assert s.objects[foe].location == "bf1"


def test_temptation_refuses_a_friendly_unit() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    assert "355.5" in violations(s, spell_played(s, TEMPTATION, targets={"t": (mine,)}))


# --- Drag Under: kill a unit at a battlefield; 2 Energy less when not played from hand -----

DRAG_UNDER = "SFD-164"


def test_drag_under_kills_a_unit_at_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, DRAG_UNDER, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash"


def test_drag_under_costs_two_less_only_away_from_the_hand() -> None:
    s = game()
    in_hand = put(s, DRAG_UNDER, "p1", "hand")
    in_trash = put(s, DRAG_UNDER, "p1", "trash")
    assert total_cost(s, "p1", in_hand).energy == 5
    assert total_cost(s, "p1", in_trash).energy == 3


def test_drag_under_refuses_a_unit_in_a_base() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    home = put(s, SKULKER, "p2", "base")
    assert "355.5" in violations(s, spell_played(s, DRAG_UNDER, targets={"t": (home,)}))
