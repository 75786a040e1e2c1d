"""Temporal Portal (SFD-078; issue 24, costs lane): the next spell its player plays this turn
gets Repeat at that spell's own cost (ForTurn "next_spell_repeat",
riftlog.rules.playing.granted_repeat; 820)."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    FURY_RUNE,
    MIND_RUNE,
    SKULKER,
    apply,
    game,
    pass_all,
    play,
    put,
    runes,
    spell_played,
    violations,
)

PORTAL = "SFD-078"
HEXTECH_RAY = "OGN-009"   # Spell: 1 Energy + 1 Fury, 3 damage to a unit at a battlefield
FRIGID_TOUCH = "SFD-066"  # Spell: 2 Energy, Repeat 2 Energy: a unit gets -2 Might this turn
MEGA_MECH = "OGN-088"     # a unit of Might 8


def _portal_used(edition: str = "RUP4") -> tuple[GameState, str]:
    s = game()
    s.edition = edition
    portal = put(s, PORTAL, "p1", "base")
    r = runes(s, "p1", 1, MIND_RUNE)
    s = pass_all(apply(s, AbilityActivated(player="p1", source=portal, ability=0,
                                           payment=Payment(recycle=r))))
    assert s.objects[portal].exhausted
    return s, portal


def _two_targets(s: GameState) -> tuple[str, str]:
    return (put(s, SKULKER, "p2", "battlefield", "bf1"),
            put(s, SKULKER, "p2", "battlefield", "bf2"))


@pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
def test_temporal_portal_gives_the_next_spell_repeat_at_its_own_cost(edition: str) -> None:
    s, _ = _portal_used(edition)
    a, b = _two_targets(s)
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    assert total_cost(s, "p1", ray, choices={"repeat": [0]}) == Cost(2, {"Fury": 2})
    runes(s, "p1", 2, FURY_RUNE)
    s = pass_all(play(s, ray, destination=None, choices={"repeat": [0]},
                      targets={"t": (a,), "t@2": (b,)}))
    assert s.objects[a].zone == "trash" and s.objects[b].zone == "trash"   # it ran twice


def test_temporal_portal_adds_to_a_printed_repeat() -> None:
    s, _ = _portal_used()
    target = put(s, MEGA_MECH, "p2", "base")
    touch = put(s, FRIGID_TOUCH, "p1", "hand")
    assert total_cost(s, "p1", touch, choices={"repeat": [0, 1]}) == Cost(6)   # 2 + 2 + 2
    runes(s, "p1", 6, MIND_RUNE)
    s = pass_all(play(s, touch, destination=None, choices={"repeat": [0, 1]},
                      targets={"t": (target,), "t@2": (target,), "t@3": (target,)}))
    assert layers.might_of(s, target) == 8 - 6                 # three runs of -2 Might


def test_temporal_portal_is_used_up_by_the_next_spell() -> None:
    s, _ = _portal_used()
    a, b = _two_targets(s)
    runes(s, "p1", 4, FURY_RUNE)
    s = pass_all(apply(s, spell_played(s, HEXTECH_RAY, targets={"t": (a,)})))  # no Repeat paid
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    d = CardPlayed(player="p1", card=ray, choices={"repeat": [0]},
                   targets={"t": (b,), "t@2": (b,)}, payment=Payment())
    assert "820.1.a" in violations(s, d)                       # no Repeat any more


def test_temporal_portal_refuses_an_unpaid_repeat() -> None:
    s, _ = _portal_used()
    a, b = _two_targets(s)
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    r = runes(s, "p1", 1, FURY_RUNE)
    d = CardPlayed(player="p1", card=ray, choices={"repeat": [0]},
                   targets={"t": (a,), "t@2": (b,)}, payment=Payment(exhaust=r, recycle=r))
    assert violations(s, d) == ["356.2"]                       # the additional cost (820.1.c)


def test_temporal_portal_without_its_ability_used_gives_nothing() -> None:
    s = game()
    put(s, PORTAL, "p1", "base")
    a, _ = _two_targets(s)
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    runes(s, "p1", 2, FURY_RUNE)
    d = CardPlayed(player="p1", card=ray, choices={"repeat": [0]},
                   targets={"t": (a,), "t@2": (a,)}, payment=Payment())
    assert "820.1.a" in violations(s, d)


def test_temporal_portal_is_not_used_while_a_spell_waits() -> None:
    s = game()
    portal = put(s, PORTAL, "p1", "base")
    a, _ = _two_targets(s)
    runes(s, "p1", 2, FURY_RUNE)
    s = apply(s, spell_played(s, HEXTECH_RAY, targets={"t": (a,)}))
    r = runes(s, "p1", 1, MIND_RUNE)
    d = AbilityActivated(player="p1", source=portal, ability=0, payment=Payment(recycle=r))
    assert violations(s, d) == ["309.1.a"]                     # no Reaction: not with a chain


def test_temporal_portal_effect_ends_with_the_turn() -> None:
    s, _ = _portal_used()
    s.turn += 1
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    assert total_cost(s, "p1", ray, choices={"repeat": [0]}) == Cost(1, {"Fury": 1})
