"""Encodings of the Spiritforged (SFD) Calm spells that were missing from calm.py.  Ids and
our vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    Counter,
    Move,
    RepeatCost,
    SameLocation,
    SpellEffect,
    Stun,
    Target,
    card,
)

# Thwonk! [Action][Repeat 2]: stun a chosen unit that is attacking.
card("SFD-040", SpellEffect((Stun(Target("unit", where="attacking")),)), RepeatCost(energy=2))

# Emperor's Divide [Hidden][Action]: any number of chosen friendly units, all at one
# battlefield, move to their base.
card("SFD-043", SpellEffect((Move(Target("unit", "friendly", "battlefield", count=99, up_to=True),
                                  to="base"),)),
     SameLocation(("t",)))

# Not So Fast [Reaction]: counter a chosen enemy spell or ability on the chain that chose one of
# its controller's units or gear.
card("SFD-045", SpellEffect((Counter(Target("spell_or_ability", "enemy", "chooses_friendly")),)))
