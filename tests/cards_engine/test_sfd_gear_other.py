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
    assert req.options.get("validator") == "pay_to_finalize"  # its cost, as finalized (383.3.b)
    s = pass_all(choose(s, "p1", pay={"exhaust": [], "recycle": []}))
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
    s = pass_all(choose(s, "p1", pay={"exhaust": [], "recycle": []}))
    elsewhere = put(s, SKULKER, "p1", "trash")
    bad = ChoiceMade(player="p1", choice={"card": elsewhere, "to": "top"})
    assert "378" in violations(s, bad)


# --- Vanguard Armory ------------------------------------------------------------------------

VANGUARD_ARMORY = "SFD-168"
RECRUIT = "OGN-271"


def test_vanguard_armory_plays_three_recruits_where_its_controller_chooses() -> None:
    from tests.cards_engine.helpers import activate, control

    s = game()
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    armory = put(s, VANGUARD_ARMORY, "p1", "base")
    s = activate(s, armory)
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert {"to": ["base:p1", "bf1", "bf1"]} in req.options["choices"]
    assert not any("bf2" in c["to"] for c in req.options["choices"])  # not p1's (355.2.a)
    s = pass_all(choose(s, "p1", to=["base:p1", "bf1", "bf1"]))
    at_bf = [o for o in s.battlefield("bf1").units if s.objects[o].card == RECRUIT]
    in_base = [o for o in s.players["p1"].base if s.objects[o].card == RECRUIT]
    assert len(at_bf) == 2 and len(in_base) == 1 and s.objects[armory].exhausted


def test_vanguard_armory_exhausted_cannot_be_used() -> None:
    from riftlog.events.abilities import AbilityActivated

    s = game()
    armory = put(s, VANGUARD_ARMORY, "p1", "base")
    s.objects[armory].exhausted = True
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=armory, ability=0))


def test_vanguard_armory_refuses_a_battlefield_its_controller_does_not_hold() -> None:
    from tests.cards_engine.helpers import activate, control

    s = game()
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    armory = put(s, VANGUARD_ARMORY, "p1", "base")
    s = pass_all(activate(s, armory))
    bad = ChoiceMade(player="p1", choice={"to": ["bf2", "bf2", "bf2"]})
    assert "355.2.a" in violations(s, bad)  # a unit is played to base or a held battlefield
