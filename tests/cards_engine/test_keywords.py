"""Keyword abilities the framework gives cards by themselves: Vision (817) on Mystic Poro
(OGN-171, keywords only), Temporary (816) on the Sprite token (OGN-274), Deathknell (808) and
Legion (812) through encodings (see test_units.py)."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from tests.cards_engine.helpers import (
    CHAOS_RUNE,
    SKULKER,
    choose,
    control,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    to_p2_turn,
    violations,
)

PORO, SPRITE = "OGN-171", "OGN-274"


def test_vision_may_recycle_the_top_card() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    top = s.players["p1"].main_deck[0]
    s = play(s, put(s, PORO, "p1", "hand"))
    s = pass_all(s)  # the Vision trigger resolves: look, then a recorded "you may"
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options["kind"] == "may" and top not in str(req.options)
    s = choose(s, "p1", use=True)
    assert s.players["p1"].main_deck[-1] == top and s.players["p1"].main_deck[0] != top


def test_vision_keeping_the_card_leaves_the_deck_alone() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    deck = list(s.players["p1"].main_deck)
    s = play(s, put(s, PORO, "p1", "hand"))
    s = pass_all(s)
    assert violations(s, ChoiceMade(player="p1", choice={"use": 1}))
    s = choose(s, "p1", use=False)
    assert s.players["p1"].main_deck == deck


def test_temporary_kills_before_scoring() -> None:
    s = game()
    sprite = put(s, SPRITE, "p2", "battlefield", "bf1", token=True)
    control(s, "bf1", "p2")
    s = to_p2_turn(s)
    assert [i.effect["ability"] for i in s.chain] == ["kw:Temporary"]
    s = pass_all(s)
    assert s.objects[sprite].zone == "removed"  # a token ceases to exist (183.1)
    assert s.players["p2"].points == 0  # nothing left to hold bf1 with


def test_temporary_waits_for_its_controllers_turn() -> None:
    s = game()
    sprite = put(s, SPRITE, "p1", "battlefield", "bf1", token=True)
    other = put(s, SKULKER, "p2", "base")
    s = to_p2_turn(s)
    assert not s.chain and s.objects[sprite].zone == "battlefield"
    assert s.objects[other].zone == "base"


POUTY = "OGN-013"  # Pouty Poro: Deflect (keywords only)


def test_deflect_makes_an_opponent_pay_one_more_power() -> None:
    from riftlog.rules.playing.play import total_cost

    s = game()
    runes(s, "p1", 7, "OGN-214")
    poro = put(s, POUTY, "p2", "battlefield", "bf1")
    mine = put(s, POUTY, "p1", "battlefield", "bf2")
    spell = put(s, "OGN-229", "p1", "hand")
    assert total_cost(s, "p1", spell, targets=(poro,)).power == {"Order": 2, "Any": 1}
    assert total_cost(s, "p1", spell, targets=(mine,)).power == {"Order": 2}  # not an opponent's
    s = play(s, spell, targets=(poro,), payment=pay_for(
        s, "p1", cost=total_cost(s, "p1", spell, targets=(poro,))))
    s = pass_all(s)
    assert s.objects[poro].zone == "trash"


def test_deflect_cost_unpaid_is_refused() -> None:
    from riftlog.events.play import CardPlayed

    s = game()
    runes(s, "p1", 7, "OGN-214")
    poro = put(s, POUTY, "p2", "battlefield", "bf1")
    spell = put(s, "OGN-229", "p1", "hand")
    d = CardPlayed(player="p1", card=spell, targets=(poro,), payment=pay_for(s, "p1", spell))
    assert "809.1.c" in violations(s, d)
