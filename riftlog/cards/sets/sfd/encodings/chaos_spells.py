"""Encodings of the Spiritforged (SFD) Chaos spells that were missing from chaos.py.  Ids
and our vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import Custom, RepeatCost, SpellEffect, card

# Called Shot [Action][Repeat one Chaos power]: its controller looks at their top two cards,
# draws the one they pick and recycles the other.
card("SFD-122", SpellEffect((Custom("look_draw_one_recycle_rest", (2,)),)),
     RepeatCost(power=(("Chaos", 1),)))
