"""A spell's targets that must be different objects ("another unit"; a group targeting
requirement, v1.3 355.11; issue 24): Defiant Dance (SFD-196) and Piercing Light (SFD-023,
with Repeat: each run's targets are compared among themselves, 820.2.a)."""

from __future__ import annotations

from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from tests.cards_engine.helpers import (
    CALM_RUNE,
    FURY_RUNE,
    apply,
    cast,
    game,
    pass_all,
    pay_for,
    put,
    runes,
    spell_played,
    violations,
)

DANCE, PIERCING = "SFD-196", "SFD-023"
BIG = "OGN-219"  # a unit of Might 4


def test_defiant_dance_gives_one_unit_plus_two_and_another_minus_two() -> None:
    s = game()
    runes(s, "p1", 3, CALM_RUNE)
    mine, foe = put(s, BIG, "p1", "base"), put(s, BIG, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, DANCE, targets={"up": (mine,), "down": (foe,)}))
    assert layers.might_of(s, mine) == 6 and layers.might_of(s, foe) == 2


def test_defiant_dance_refuses_one_unit_for_both() -> None:
    s = game()
    runes(s, "p1", 3, CALM_RUNE)
    mine = put(s, BIG, "p1", "base")
    put(s, BIG, "p2", "battlefield", "bf1")
    d = spell_played(s, DANCE, targets={"up": (mine,), "down": (mine,)})
    assert "355.11" in violations(s, d)


def test_piercing_light_deals_two_and_two_to_another() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    a, b = put(s, BIG, "p2", "battlefield", "bf1"), put(s, BIG, "p2", "base")
    s = pass_all(cast(s, PIERCING, targets={"first": (a,), "second": (b,)}))
    assert s.objects[a].damage == 2 and s.objects[b].damage == 2


def test_piercing_light_second_target_is_optional() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    a = put(s, BIG, "p2", "battlefield", "bf1")
    put(s, BIG, "p2", "base")
    s = pass_all(cast(s, PIERCING, targets={"first": (a,), "second": ()}))
    assert s.objects[a].damage == 2


def test_piercing_light_refuses_the_same_unit_twice_and_a_first_target_in_a_base() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    a, home = put(s, BIG, "p2", "battlefield", "bf1"), put(s, BIG, "p2", "base")
    assert "355.11" in violations(s, spell_played(s, PIERCING, targets={"first": (a,), "second": (a,)}))
    assert "355.5" in violations(s, spell_played(s, PIERCING, targets={"first": (home,), "second": (a,)}))


def test_piercing_light_repeated_may_hit_the_same_units_again_in_its_own_run() -> None:
    s = game()
    runes(s, "p1", 8, FURY_RUNE)
    a, b = put(s, BIG, "p2", "battlefield", "bf1"), put(s, BIG, "p2", "base")
    spell = put(s, PIERCING, "p1", "hand")
    choices = {"repeat": [0]}
    targets = {"first": (a,), "second": (b,), "first@2": (a,), "second@2": (b,)}
    d = CardPlayed(player="p1", card=spell, targets=targets, choices=choices,
                   payment=pay_for(s, "p1", spell, choices=choices))
    assert violations(s, d) == []
    s = pass_all(apply(s, d))
    assert s.objects[a].zone == "trash" and s.objects[b].zone == "trash"   # 4 damage each
    same = {"first": (a,), "second": (b,), "first@2": (a,), "second@2": (a,)}
    spell2 = put(s, PIERCING, "p1", "hand")
    assert "355.11" in violations(s, CardPlayed(player="p1", card=spell2, targets=same,
                                                choices=choices))


# --- Deathgrip (errata: the Might only if the unit died) -----------------------------------

DEATHGRIP = "SFD-163"


def test_deathgrip_kills_a_friend_gives_its_might_to_another_and_draws() -> None:
    s = game()
    runes(s, "p1", 3, CALM_RUNE)
    victim, buddy = put(s, BIG, "p1", "base"), put(s, BIG, "p1", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, DEATHGRIP, targets={"victim": (victim,), "other": (buddy,)}))
    assert s.objects[victim].zone == "trash"
    assert layers.might_of(s, buddy) == 8 and len(s.players["p1"].hand) == hand + 1


def test_deathgrip_refuses_the_same_unit_twice_and_an_enemy_victim() -> None:
    s = game()
    runes(s, "p1", 3, CALM_RUNE)
    mine, foe = put(s, BIG, "p1", "base"), put(s, BIG, "p2", "base")
    put(s, BIG, "p1", "base")
    same = spell_played(s, DEATHGRIP, targets={"victim": (mine,), "other": (mine,)})
    assert "355.11" in violations(s, same)
    enemy = spell_played(s, DEATHGRIP, targets={"victim": (foe,), "other": (mine,)})
    assert "355.5" in violations(s, enemy)
