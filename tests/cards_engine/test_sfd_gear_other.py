"""Spiritforged gear that is not Equipment: Altar of Memories (SFD-169)."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    SKULKER,
    cast,
    choose,
    game,
    pass_all,
    put,
    runes,
    violations,
)

ALTAR_OF_MEMORIES = "SFD-169"
VENGEANCE = "OGN-229"  # a spell: kill a chosen unit


def _a_friendly_unit_dies(s: GameState, unit: str) -> GameState:
    runes(s, "p1", 6)
    return cast(s, VENGEANCE, targets={"t": (unit,)})


def test_altar_of_memories_draws_then_puts_a_hand_card_on_the_deck() -> None:
    s = game()
    altar = put(s, ALTAR_OF_MEMORIES, "p1", "base")
    unit = put(s, SKULKER, "p1", "base")
    kept = put(s, SKULKER, "p1", "hand")
    top = s.players["p1"].main_deck[0]
    s = pass_all(_a_friendly_unit_dies(s, unit))
    (req,) = engine.pending(s)
    assert req.options["kind"] == "may"            # "you may" (383.3.a)
    s = pass_all(choose(s, "p1", use=True))
    (req,) = engine.pending(s)
    assert {"card": kept, "to": "bottom"} in req.options["choices"]
    assert top in s.players["p1"].hand             # it drew first
    s = pass_all(choose(s, "p1", card=kept, to="bottom"))
    p = s.players["p1"]
    assert s.objects[altar].exhausted and p.main_deck[-1] == kept and kept not in p.hand


def test_altar_of_memories_exhausted_does_not_trigger() -> None:
    s = game()
    altar = put(s, ALTAR_OF_MEMORIES, "p1", "base")
    s.objects[altar].exhausted = True  # its cost (exhaust me) cannot be paid
    unit = put(s, SKULKER, "p1", "base")
    hand = len(s.players["p1"].hand)
    s = pass_all(_a_friendly_unit_dies(s, unit))
    assert not engine.pending(s) or engine.pending(s)[0].options.get("kind") != "may"
    assert len(s.players["p1"].hand) == hand


def test_altar_of_memories_ignores_an_enemy_units_death() -> None:
    s = game()
    put(s, ALTAR_OF_MEMORIES, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    s = pass_all(_a_friendly_unit_dies(s, foe))
    reqs = engine.pending(s)
    assert not reqs or reqs[0].options.get("kind") != "may"


def test_altar_of_memories_refuses_a_card_not_in_hand() -> None:
    s = game()
    put(s, ALTAR_OF_MEMORIES, "p1", "base")
    unit = put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p1", "hand")
    s = pass_all(_a_friendly_unit_dies(s, unit))
    s = pass_all(choose(s, "p1", use=True))
    elsewhere = put(s, SKULKER, "p1", "trash")
    bad = ChoiceMade(player="p1", choice={"card": elsewhere, "to": "top"})
    assert "378" in violations(s, bad)
