"""Spiritforged cards that give Repeat to another card (issue 24, costs lane;
``ForTurn("next_spell_repeat")``, riftlog.rules.playing.granted_repeat).  Ids and our
vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import Activated, Cost, ForTurn, card

# Temporal Portal: pay one universal power and exhaust it: the next spell its player plays this
# turn gets a Repeat whose cost is that spell's own cost.
card("SFD-078", Activated(Cost(power=(("Any", 1),), exhaust=True),
                          (ForTurn("next_spell_repeat"),)),
     keywords=())
