"""Encodings of Spiritforged (SFD) Equipment whose Effect Text copies their wearer's text.
Ids and our vocabulary only; the comment above each card says what it does in our words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.vocab import Cost, card, equip
from riftlog.cards.vocab_copied_text import CopyWearerText

# Svellsongur: Equip for one Energy and one Calm power; while attached, its effect text is
# a copy of the wearer's text, so the wearer has its own abilities and keywords twice.
card("SFD-059", equip(Cost(energy=1, power=(("Calm", 1),))), CopyWearerText(),
     might_bonus=MIGHT_BONUS["SFD-059"])
