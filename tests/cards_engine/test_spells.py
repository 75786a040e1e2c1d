"""Exemplar spells: Vengeance (OGN-229), Firestorm (OGS-002), Cleave (OGN-004)."""

from __future__ import annotations

from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from tests.cards_engine.helpers import (
    FURY_RUNE,
    SKULKER,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)

VENGEANCE, FIRESTORM, CLEAVE = "OGN-229", "OGS-002", "OGN-004"


def test_vengeance_kills_the_chosen_unit() -> None:
    s = game()
    runes(s, "p1", 6)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    spell = put(s, VENGEANCE, "p1", "hand")
    s = play(s, spell, targets=(foe,))
    assert s.chain and s.chain[0].targets == {"t": [foe]}
    s = pass_all(s)
    assert s.objects[foe].zone == "trash"
    assert s.objects[spell].zone == "trash"


def test_vengeance_needs_a_unit_target() -> None:
    s = game()
    runes(s, "p1", 6)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    spell = put(s, VENGEANCE, "p1", "hand")
    pay = pay_for(s, "p1", spell)
    assert "355.5" in violations(s, CardPlayed(player="p1", card=spell, payment=pay, targets=("bf1",)))
    assert "355.5" in violations(s, CardPlayed(player="p1", card=spell, payment=pay))


def test_firestorm_hits_only_enemy_units_at_the_chosen_battlefield() -> None:
    s = game()
    runes(s, "p1", 7, FURY_RUNE)
    foe_here = put(s, SKULKER, "p2", "battlefield", "bf1")
    foe_there = put(s, SKULKER, "p2", "battlefield", "bf2")
    mine_here = put(s, SKULKER, "p1", "battlefield", "bf1")
    spell = put(s, FIRESTORM, "p1", "hand")
    s = play(s, spell, targets={"bf": ("bf1",)})
    s = pass_all(s)
    assert s.objects[foe_here].zone == "trash"  # 3 damage on a 3 Might unit: lethal (323.5)
    assert s.objects[foe_there].damage == 0 and s.objects[foe_there].zone == "battlefield"
    assert s.objects[mine_here].damage == 0


def test_firestorm_targets_a_battlefield_not_a_unit() -> None:
    s = game()
    runes(s, "p1", 7, FURY_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    spell = put(s, FIRESTORM, "p1", "hand")
    pay = pay_for(s, "p1", spell)
    assert "355.5" in violations(s, CardPlayed(player="p1", card=spell, payment=pay,
                                               targets={"bf": (foe,)}))


def test_cleave_gives_assault_3_this_turn() -> None:
    s = game()
    runes(s, "p1", 1, FURY_RUNE)
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    spell = put(s, CLEAVE, "p1", "hand")
    s = play(s, spell, targets=(unit,))
    s = pass_all(s)
    assert layers.characteristics(s, unit).value("Assault") == 3
    assert layers.expire_effects(s, "end_of_turn")
    assert not layers.characteristics(s, unit).has("Assault")


def test_cleave_cannot_be_played_on_the_opponents_open_turn() -> None:
    s = game()
    runes(s, "p2", 1, FURY_RUNE)
    unit = put(s, SKULKER, "p2", "battlefield", "bf1")
    spell = put(s, CLEAVE, "p2", "hand")
    d = CardPlayed(player="p2", card=spell, payment=pay_for(s, "p2", spell), targets=(unit,))
    assert violations(s, d)  # p1 has priority in p1's Main Phase (312 / 310.1.a)
