"""Encodings of the Spiritforged (SFD) Body spells that were missing from body.py.  Ids and
our vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import Custom, SpellEffect, card

# Here to Help [Hidden][Action]: its controller may play a unit from their hand to a
# battlefield they control, 3 Energy less.
card("SFD-111", SpellEffect((Custom("may_play_unit_from_hand_to_held_battlefield", (3,)),
                             Custom("pe_finish_plays"))))
