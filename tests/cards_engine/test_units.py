"""Exemplar units: Stormclaw Ursine (OGN-137), Trifarian Gloryseeker (OGN-217), Noxus Hopeful
(OGN-012), Rhasa the Sunderer (OGN-195), Brazen Buccaneer (OGN-002), Watchful Sentry (OGN-096)."""

from __future__ import annotations

from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    ORDER_RUNE,
    SKULKER,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)

URSINE, GLORYSEEKER, HOPEFUL, RHASA, BUCCANEER, SENTRY = (
    "OGN-137", "OGN-217", "OGN-012", "OGN-195", "OGN-002", "OGN-096")
VENGEANCE = "OGN-229"


def test_stormclaw_ursine_channels_a_rune_exhausted_when_played() -> None:
    s = game()
    runes(s, "p1", 7, BODY_RUNE)
    put(s, BODY_RUNE, "p1", "rune_deck")
    unit = put(s, URSINE, "p1", "hand")
    s = play(s, unit)
    assert [i.kind for i in s.chain] == ["ability"]  # the play effect waits on the chain
    s = pass_all(s)
    channeled = [o for o in s.players["p1"].base if s.objects[o].card == BODY_RUNE][-1]
    assert not s.players["p1"].rune_deck and s.objects[channeled].exhausted
    assert layers.characteristics(s, unit).has("Tank")


def test_stormclaw_ursine_cost_must_be_paid() -> None:
    s = game()
    runes(s, "p1", 6, BODY_RUNE)
    unit = put(s, URSINE, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="base",
                   payment=pay_for(s, "p1", cost=total_cost(s, "p1", unit).__class__(6)))
    assert "165.2" in violations(s, d)


def test_gloryseeker_buffs_itself_with_legion() -> None:
    s = game()
    runes(s, "p1", 5, ORDER_RUNE)
    first = put(s, SKULKER, "p1", "hand")
    unit = put(s, GLORYSEEKER, "p1", "hand")
    s = play(s, first)
    s = play(s, unit)
    s = pass_all(s)
    assert s.objects[unit].buffed


def test_gloryseeker_without_legion_does_nothing() -> None:
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    unit = put(s, GLORYSEEKER, "p1", "hand")
    s = play(s, unit)
    assert not s.chain and not s.objects[unit].buffed


def test_noxus_hopeful_costs_two_less_with_legion() -> None:
    s = game()
    runes(s, "p1", 5, FURY_RUNE)
    unit = put(s, HOPEFUL, "p1", "hand")
    assert total_cost(s, "p1", unit).energy == 4
    s = play(s, put(s, SKULKER, "p1", "hand"))
    assert total_cost(s, "p1", unit).energy == 2
    s = play(s, unit)
    assert s.objects[unit].zone == "base"


def test_noxus_hopeful_full_cost_without_legion() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    unit = put(s, HOPEFUL, "p1", "hand")
    two = pay_for(s, "p1", cost=total_cost(s, "p1", unit).__class__(2))
    assert "812.1.c" in violations(s, CardPlayed(player="p1", card=unit, destination="base",
                                               payment=two))


def test_rhasa_costs_one_less_per_card_in_trash() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    for _ in range(7):
        put(s, SKULKER, "p1", "trash")
    unit = put(s, RHASA, "p1", "hand")
    assert total_cost(s, "p1", unit).energy == 3
    s = play(s, unit)
    assert s.objects[unit].zone == "base"


def test_rhasa_with_an_empty_trash_costs_ten() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    unit = put(s, RHASA, "p1", "hand")
    assert total_cost(s, "p1", unit).energy == 10
    d = CardPlayed(player="p1", card=unit, destination="base",
                   payment=pay_for(s, "p1", cost=total_cost(s, "p1", unit).__class__(3, {"Chaos": 1})))
    assert "165.2" in violations(s, d)


def test_brazen_buccaneer_discards_one_to_cost_two_less() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    junk = put(s, SKULKER, "p1", "hand")
    unit = put(s, BUCCANEER, "p1", "hand")
    assert total_cost(s, "p1", unit, choices={"discard": [junk]}).energy == 4
    s = play(s, unit, choices={"discard": [junk]})
    assert s.objects[junk].zone == "trash" and s.objects[unit].zone == "base"


def test_brazen_buccaneer_cannot_discard_itself() -> None:
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    unit = put(s, BUCCANEER, "p1", "hand")
    pay = pay_for(s, "p1", unit)
    assert "356.2" in violations(s, CardPlayed(player="p1", card=unit, destination="base",
                                               payment=pay, choices={"discard": [unit]}))


def test_watchful_sentry_draws_when_it_dies() -> None:
    s = game()
    runes(s, "p2", 6, ORDER_RUNE)
    sentry = put(s, SENTRY, "p1", "battlefield", "bf1")
    s.turn_player = s.priority = "p2"
    s.queue[0]["player"] = "p2"
    spell = put(s, VENGEANCE, "p2", "hand")
    hand = len(s.players["p1"].hand)
    s = play(s, spell, player="p2", targets=(sentry,))
    s = pass_all(s)  # Vengeance resolves; the Deathknell goes on the chain and resolves
    assert s.objects[sentry].zone == "trash"
    assert len(s.players["p1"].hand) == hand + 1


def test_watchful_sentry_dying_to_damage_also_draws() -> None:
    s = game()
    runes(s, "p1", 7, FURY_RUNE)
    sentry = put(s, SENTRY, "p2", "battlefield", "bf1")
    spell = put(s, "OGS-002", "p1", "hand")
    s = play(s, spell, targets={"bf": ("bf1",)})
    s = pass_all(s)
    assert s.objects[sentry].zone == "trash"
    assert len(s.players["p2"].hand) == 1
