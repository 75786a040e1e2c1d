"""Spiritforged (SFD) battlefields acting on the top of their controller's Main Deck:
Minefield (SFD-212) and Ravenbloom Conservatory (SFD-215)."""

from __future__ import annotations

from riftlog.events.play import StandardMove
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    SKULKER,
    TOKEN_BATTLEFIELD,
    conquer,
    control,
    game,
    pass_all,
    put,
    to_p2_turn,
)

MINEFIELD, RAVENBLOOM = "SFD-212", "SFD-215"
SPELL = "OGN-229"  # Vengeance, a spell


def test_minefield_puts_the_conquerors_top_two_cards_in_their_trash() -> None:
    s = game(battlefields=(MINEFIELD, TOKEN_BATTLEFIELD))
    unit = put(s, SKULKER, "p1", "base", exhausted=False)
    top2 = list(s.players["p1"].main_deck[:2])
    s = pass_all(conquer(s, (unit,)))
    assert [s.objects[o].zone for o in top2] == ["trash", "trash"]


def test_minefield_does_nothing_when_the_other_battlefield_is_conquered() -> None:
    s = game(battlefields=(TOKEN_BATTLEFIELD, MINEFIELD))
    unit = put(s, SKULKER, "p1", "base", exhausted=False)
    deck = list(s.players["p1"].main_deck)
    s = pass_all(conquer(s, (unit,)))
    assert s.players["p1"].main_deck == deck


def _attacked_ravenbloom(top_card: str) -> tuple[GameState, str]:
    s = game(battlefields=(RAVENBLOOM, TOKEN_BATTLEFIELD))
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    top = put(s, top_card, "p1", "main_deck")
    deck = s.players["p1"].main_deck
    deck.remove(top)
    deck.insert(0, top)
    s = to_p2_turn(s)
    attacker = put(s, SKULKER, "p2", "base", exhausted=False)
    s, _ = engine.apply(s, StandardMove(player="p2", units=(attacker,), destination="bf1"))
    return pass_all(s), top


def test_ravenbloom_puts_a_revealed_spell_into_the_defenders_hand() -> None:
    s, top = _attacked_ravenbloom(SPELL)
    assert s.objects[top].zone == "hand"


def test_ravenbloom_recycles_a_revealed_unit() -> None:
    s, top = _attacked_ravenbloom(SKULKER)
    assert s.players["p1"].main_deck[-1] == top


def test_ravenbloom_gives_nothing_to_the_attacker() -> None:
    s, _ = _attacked_ravenbloom(SPELL)
    assert all(s.objects[o].card != SPELL for o in s.players["p2"].hand)
