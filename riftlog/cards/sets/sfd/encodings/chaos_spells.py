"""Encodings of the Spiritforged (SFD) Chaos spells that were missing from chaos.py.  Ids
and our vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    Custom,
    DifferentTargets,
    MoveDestination,
    RepeatCost,
    SameLocation,
    SpellEffect,
    Target,
    card,
)

# Called Shot [Action][Repeat one Chaos power]: its controller looks at their top two cards,
# draws the one they pick and recycles the other.
card("SFD-122", SpellEffect((Custom("look_draw_one_recycle_rest", (2,)),)),
     RepeatCost(power=(("Chaos", 1),)))

# Hard Bargain [Reaction][Repeat 2]: a chosen spell is countered unless its controller pays
# 2 Energy as this resolves.
card("SFD-136", SpellEffect((Custom("counter_unless_paid", ("t", 2)),),
                            targets=(Target("spell"),)), RepeatCost(energy=2))

# Switcheroo [Hidden][Action]: two chosen units at one battlefield trade Might this turn.
card("SFD-145", SpellEffect((Custom("swap_might_this_turn", ("a", "b")),),
                            targets=(Target("unit", where="battlefield", name="a"),
                                     Target("unit", where="battlefield", name="b"))),
     SameLocation(("a", "b")), DifferentTargets(("a", "b")))

# Temptation [Repeat 2]: a chosen enemy unit moves to another place where a unit of its
# controller is (the place chosen as it is played, RUP4 355.4: choices["to"], "to@2"...).
card("SFD-129", SpellEffect((Custom("move_enemy_to_its_friends", (Target("unit", "enemy"),)),)),
     RepeatCost(energy=2), MoveDestination("t", "to", near_friends=True))
