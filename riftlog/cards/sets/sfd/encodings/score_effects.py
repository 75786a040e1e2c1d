"""Encodings of Spiritforged (SFD) cards that change how score effects trigger.  Ids and our
vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.vocab import Cost, card, equip
from riftlog.cards.vocab_score_effects import HoldAndConquerEffectsAlike

# Skyfall of Areion: Equip for one Energy and one Fury power; the wearer's hold effects
# trigger on its conquers as well, and its conquer effects on its holds (effect text).
card("SFD-030", equip(Cost(energy=1, power=(("Fury", 1),))), HoldAndConquerEffectsAlike(),
     might_bonus=MIGHT_BONUS["SFD-030"], effect_text=(1,))
