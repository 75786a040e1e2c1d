"""Spiritforged (SFD) spells of the spells lane with a custom effect (Danger Zone, Called
Shot): each played through the engine, and a use of each that must be refused."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from tests.cards_engine.helpers import (
    CHAOS_RUNE,
    FURY_RUNE,
    ORDER_RUNE,
    SKULKER,
    apply,
    cast,
    game,
    pass_all,
    put,
    runes,
    to_p2_turn,
    violations,
)

DANGER_ZONE, CALLED_SHOT = "SFD-182", "SFD-122"
GEM_JAMMER = "SFD-007"  # a Mech unit of Might 2


# --- Danger Zone: your Mechs +1 Might this turn (Reaction, Repeat) --------------------------


def test_danger_zone_gives_friendly_mechs_one_might_this_turn() -> None:
    s = game()
    runes(s, "p1", 1, FURY_RUNE)
    mech = put(s, GEM_JAMMER, "p1", "battlefield", "bf1")
    plain = put(s, SKULKER, "p1", "battlefield", "bf1")
    foe_mech = put(s, GEM_JAMMER, "p2", "battlefield", "bf2")
    before = layers.might_of(s, plain)
    s = pass_all(cast(s, DANGER_ZONE))
    assert layers.might_of(s, mech) == 3
    assert layers.might_of(s, plain) == before
    assert layers.might_of(s, foe_mech) == 2
    s = to_p2_turn(s)
    assert layers.might_of(s, mech) == 2  # this turn only


def test_danger_zone_refused_unpaid() -> None:
    s = game()
    runes(s, "p1", 1, ORDER_RUNE)  # Energy but no Fury or Mind power
    spell = put(s, DANGER_ZONE, "p1", "hand")
    d = CardPlayed(player="p1", card=spell, payment=Payment(exhaust=tuple(s.players["p1"].base)))
    assert "165.2" in violations(s, d)  # v1.3 165.2: the cost is not paid


# --- Called Shot: look at two, draw one, recycle the other ----------------------------------


def test_called_shot_draws_the_picked_card_and_recycles_the_other() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    top2 = list(s.players["p1"].main_deck[:2])
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, CALLED_SHOT))
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.player == "p1"
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"cards": [top2[1]]})))
    assert s.objects[top2[1]].zone == "hand"
    assert len(s.players["p1"].hand) == hand + 1
    assert s.players["p1"].main_deck[-1] == top2[0]


def test_called_shot_refuses_a_card_it_did_not_look_at() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    third = s.players["p1"].main_deck[2]
    s = pass_all(cast(s, CALLED_SHOT))
    assert violations(s, ChoiceMade(player="p1", choice={"cards": [third]}))


def test_called_shot_refused_without_chaos_power() -> None:
    s = game()
    runes(s, "p1", 1, ORDER_RUNE)
    spell = put(s, CALLED_SHOT, "p1", "hand")
    d = CardPlayed(player="p1", card=spell, payment=Payment(exhaust=tuple(s.players["p1"].base)))
    assert "165.2" in violations(s, d)
