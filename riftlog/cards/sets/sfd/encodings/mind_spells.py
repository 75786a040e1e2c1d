"""Encodings of the Spiritforged (SFD) Mind spells that were missing from mind.py.  Ids and
our vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import Deal, Kill, RepeatCost, SameLocation, SpellEffect, Target, card

# Bellows Breath [Action][Repeat 1 + one Mind power]: 1 damage to each of up to three chosen
# units, all at one location.
card("SFD-080", SpellEffect((Deal(1, Target("unit", count=3, up_to=True)),)),
     SameLocation(("t",)), RepeatCost(energy=1, power=(("Mind", 1),)))

# Rocket Barrage [Repeat 4 + one Mind power]: one of two modes - 4 damage to a chosen unit in a
# base, or kill a chosen gear; a Repeat run may take the other mode (choices["repeat_modes"]).
card("SFD-077", SpellEffect((Deal(4, Target("unit", where="base")),)),
     SpellEffect((Kill(Target("gear")),)), RepeatCost(energy=4, power=(("Mind", 1),)))
