"""Hidden (811, 421): Pakaa Cub (OGN-135, keywords only) hidden for [A], played later for 0."""

from __future__ import annotations

from riftlog.events.abilities import CardHidden
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.playing.abilities import HIDE_COST
from tests.cards_engine.helpers import (
    CHAOS_RUNE,
    PAKAA,
    SKULKER,
    control,
    game,
    hide_pakaa,
    pay_for,
    put,
    runes,
    violations,
)


def test_hidden_card_is_played_from_facedown_for_nothing_on_a_later_turn() -> None:
    s, cub = hide_pakaa(game())
    assert s.objects[cub].zone == "facedown" and s.battlefield("bf1").facedown == [cub]
    play = CardPlayed(player="p1", card=cub, destination="bf1")
    assert "811.1.b" in violations(s, play)  # not the turn it was hidden
    s.turn += 1
    assert violations(s, play) == []
    assert "811.1.d.1" in violations(s, CardPlayed(player="p1", card=cub, destination="base"))
    s, _ = engine.apply(s, play)
    assert s.objects[cub].zone == "battlefield" and s.objects[cub].location == "bf1"
    assert not s.battlefield("bf1").facedown


def test_hiding_needs_a_controlled_battlefield_a_hidden_card_and_a_power() -> None:
    s = game()
    control(s, "bf1", "p1")
    runes(s, "p1", 1, CHAOS_RUNE)
    cub = put(s, PAKAA, "p1", "hand")
    vanilla = put(s, SKULKER, "p1", "hand")
    pay = pay_for(s, "p1", cost=HIDE_COST)
    assert "811.1.b" in violations(s, CardHidden(player="p1", card=cub, battlefield="bf2", payment=pay))
    assert "421.2.a" in violations(s, CardHidden(player="p1", card=vanilla, battlefield="bf1",
                                                 payment=pay))
    assert "165.2" in violations(s, CardHidden(player="p1", card=cub, battlefield="bf1",
                                               payment=Payment()))
