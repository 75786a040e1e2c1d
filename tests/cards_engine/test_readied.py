"""The "readied" trigger event (v1.3 415, 383; mechanics helper) and Pirate's Haven
(OGN-143,): when its controller readies one of their units (the Awaken
Phase's readying included, 315.1.b), that unit gets +1 Might this turn."""

from __future__ import annotations

from riftlog.cards import load_catalog
from riftlog.rules.board import layers
from tests.cards_engine.helpers import SKULKER, game, pass_all, put, to_p2_turn

HAVEN = "OGN-143"


def test_pirates_haven_gives_might_to_units_readied_in_the_awaken_phase() -> None:
    assert load_catalog().get(HAVEN).supported
    s = game()
    put(s, HAVEN, "p2", "base")
    tired = put(s, SKULKER, "p2", "base", exhausted=True)
    fresh = put(s, SKULKER, "p2", "base")  # already ready: not readied, no bonus
    printed = load_catalog().get(SKULKER).might or 0
    s = pass_all(to_p2_turn(s))
    assert not s.objects[tired].exhausted
    assert layers.might_of(s, tired) == printed + 1
    assert layers.might_of(s, fresh) == printed


def test_pirates_haven_ignores_units_its_controller_does_not_ready() -> None:
    s = game()
    put(s, HAVEN, "p1", "base")
    theirs = put(s, SKULKER, "p2", "base", exhausted=True)  # readied by p2 on p2's turn
    printed = load_catalog().get(SKULKER).might or 0
    s = pass_all(to_p2_turn(s))
    assert not s.objects[theirs].exhausted and layers.might_of(s, theirs) == printed
