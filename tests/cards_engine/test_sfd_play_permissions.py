"""Jayce, Man of Progress (SFD-084): killing a friendly gear as he is played gives a
permission, this turn, to play a gear of Energy cost 7 or less from the hand ignoring its
Energy cost (RUP4/v1.3 356.1.b.2): through the engine, and the plays that must be refused."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_decisions
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    BODY_RUNE,
    MIND_RUNE,
    choose,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)
from tests.cards_engine.helpers import game as _plain_game

JAYCE = "SFD-084"           # 4 Energy, Mind
SUN_DISC = "OGN-021"        # a gear to kill
TRINITY_FORCE = "SFD-115"   # a gear of Energy cost 4 (Body)
DAZZLING_AURORA = "OGN-160"  # a gear of Energy cost 9 (and 2 Body power)
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4") -> GameState:
    s = _plain_game()
    s.edition = edition
    return s


def _jayce_kills_a_gear(edition: str) -> tuple[GameState, str]:
    s = game(edition)
    runes(s, "p1", 4, MIND_RUNE)
    gear = put(s, SUN_DISC, "p1", "base")
    jayce = put(s, JAYCE, "p1", "hand")
    s, _ = engine.apply(s, CardPlayed(player="p1", card=jayce, destination="base",
                                      payment=pay_for(s, "p1", jayce)))
    s = pass_all(choose(s, "p1", use=True))  # the only friendly gear: chosen by itself
    return s, gear


@EDITIONS
def test_jayce_kills_a_gear_then_a_gear_is_played_without_its_energy(edition: str) -> None:
    s, gear = _jayce_kills_a_gear(edition)
    assert s.objects[gear].zone == "trash"
    force = put(s, TRINITY_FORCE, "p1", "hand")
    assert total_cost(s, "p1", force, choices={"permission": True}).energy == 0
    d = CardPlayed(player="p1", card=force, destination="base", payment=Payment(),
                   choices={"permission": True})
    assert violations(s, d) == []
    assert d in legal_decisions(s, "p1")  # offered to players and bots
    s, _ = engine.apply(s, d)
    assert s.objects[force].zone == "base"
    again = put(s, TRINITY_FORCE, "p1", "hand")  # used up: once
    d2 = CardPlayed(player="p1", card=again, destination="base", payment=Payment(),
                    choices={"permission": True})
    assert "356.1.b" in violations(s, d2)


@EDITIONS
def test_the_permission_is_refused_without_jayce_or_for_a_costlier_gear(edition: str) -> None:
    s = game(edition)
    force = put(s, TRINITY_FORCE, "p1", "hand")
    d = CardPlayed(player="p1", card=force, destination="base", payment=Payment(),
                   choices={"permission": True})
    assert "356.1.b" in violations(s, d)  # no permission
    s, _ = _jayce_kills_a_gear(edition)
    runes(s, "p1", 2, BODY_RUNE)
    aurora = put(s, DAZZLING_AURORA, "p1", "hand")
    d = CardPlayed(player="p1", card=aurora, destination="base",
                   payment=pay_for(s, "p1", cost=Cost(0, {"Body": 2})),
                   choices={"permission": True})
    assert "356.1.b" in violations(s, d)  # Energy cost 9: more than 7


def test_the_permission_lasts_this_turn_only_and_needs_the_kill() -> None:
    s, _ = _jayce_kills_a_gear("RUP4")
    s.turn += 1
    force = put(s, TRINITY_FORCE, "p1", "hand")
    d = CardPlayed(player="p1", card=force, destination="base", payment=Payment(),
                   choices={"permission": True})
    assert "356.1.b" in violations(s, d)
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    gear = put(s, SUN_DISC, "p1", "base")
    jayce = put(s, JAYCE, "p1", "hand")
    s, _ = engine.apply(s, CardPlayed(player="p1", card=jayce, destination="base",
                                      payment=pay_for(s, "p1", jayce)))
    s = pass_all(choose(s, "p1", use=False))  # declined: no gear killed, no permission
    assert s.objects[gear].zone == "base"
    force = put(s, TRINITY_FORCE, "p1", "hand")
    d = CardPlayed(player="p1", card=force, destination="base", payment=Payment(),
                   choices={"permission": True})
    assert "356.1.b" in violations(s, d)


def test_jayce_refuses_an_enemy_gear_as_the_one_to_kill() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    mine = [put(s, SUN_DISC, "p1", "base") for _ in range(2)]  # two: a real choice (312.1)
    theirs = put(s, SUN_DISC, "p2", "base")
    jayce = put(s, JAYCE, "p1", "hand")
    s, _ = engine.apply(s, CardPlayed(player="p1", card=jayce, destination="base",
                                      payment=pay_for(s, "p1", jayce)))
    s = choose(s, "p1", use=True)
    bad = ChoiceMade(player="p1", choice={"targets": {"g": [theirs]}})
    assert "355.5" in violations(s, bad)  # not a friendly gear
    s = pass_all(choose(s, "p1", targets={"g": [mine[1]]}))
    assert s.objects[mine[1]].zone == "trash" and s.objects[theirs].zone == "base"
