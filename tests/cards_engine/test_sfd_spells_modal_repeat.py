"""Rocket Barrage (SFD-077): a modal spell with Repeat, whose Repeat run may take another mode
(v1.3/RUP4 820.2.a, whose example is this card): each way played through the engine, and the
choices that must be refused."""

from __future__ import annotations

from typing import Any

from riftlog.events.play import CardPlayed
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    MIND_RUNE,
    SKULKER,
    apply,
    game,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)
from tests.rules.rup4_examples import example

ROCKET = "SFD-077"
SUN_DISC, ARMORY = "OGN-021", "OGN-023"  # gear


def _played(s: GameState, mode: str, targets: dict[str, Any], **choices: Any) -> CardPlayed:
    spell = put(s, ROCKET, "p1", "hand")
    return CardPlayed(player="p1", card=spell, mode=mode, targets=targets, choices=choices,
                      payment=pay_for(s, "p1", spell, choices=choices))


def test_rocket_barrage_deals_four_to_a_unit_in_a_base() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(apply(s, _played(s, "0", {"t": (foe,)})))
    assert s.objects[foe].zone == "trash"


@example("820.2.a")
def test_rocket_barrage_repeated_with_the_other_mode() -> None:
    s = game()
    runes(s, "p1", 9, MIND_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    gear = put(s, SUN_DISC, "p2", "base")
    d = _played(s, "0", {"t": (foe,), "t@2": (gear,)}, repeat=[0], repeat_modes=["1"])
    assert violations(s, d) == []
    s = pass_all(apply(s, d))
    assert s.objects[foe].zone == "trash" and s.objects[gear].zone == "trash"


@example("820.2.a")
def test_rocket_barrage_kills_two_gear_in_the_order_named() -> None:
    s = game()
    runes(s, "p1", 9, MIND_RUNE)
    first, second = put(s, SUN_DISC, "p2", "base"), put(s, ARMORY, "p2", "base")
    s = pass_all(apply(s, _played(s, "1", {"t": (first,), "t@2": (second,)}, repeat=[0])))
    assert s.objects[first].zone == s.objects[second].zone == "trash"


def test_rocket_barrage_refuses_a_unit_at_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "base")
    assert "355.5" in violations(s, _played(s, "0", {"t": (foe,)}))


def test_rocket_barrage_refuses_a_repeat_target_that_its_runs_mode_does_not_take() -> None:
    s = game()
    runes(s, "p1", 9, MIND_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    other = put(s, SKULKER, "p2", "base")
    put(s, SUN_DISC, "p2", "base")
    d = _played(s, "0", {"t": (foe,), "t@2": (other,)}, repeat=[0], repeat_modes=["1"])
    assert "355.5" in violations(s, d)  # run 2 kills a gear: a unit is not a legal target


def test_rocket_barrage_refuses_a_mode_it_does_not_have_for_a_run() -> None:
    s = game()
    runes(s, "p1", 9, MIND_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    d = _played(s, "0", {"t": (foe,)}, repeat=[0], repeat_modes=["2"])
    assert "820.2.a" in violations(s, d)
