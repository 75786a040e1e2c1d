"""Encodings of the Spiritforged (SFD) Mind cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    AdditionalCost,
    Draw,
    GiveMight,
    PaidAdditional,
    RepeatCost,
    SpellEffect,
    Target,
    card,
    on_play,
)

# Frigid Touch [Reaction][Repeat 2]: a chosen unit gets -2 Might this turn.
card("SFD-066", SpellEffect((GiveMight(-2, Target("unit")),)), RepeatCost(energy=2))

# Frostcoat Cub: one Mind power more as it is played, optionally; if paid, a chosen unit
# gets -2 Might this turn.
card("SFD-067", AdditionalCost(power=(("Mind", 1),)),
     on_play(GiveMight(-2, Target("unit")), condition=PaidAdditional()))

# Premonition [Reaction]: draw three.
card("SFD-087", SpellEffect((Draw(3),)))
