"""Encodings of the Spiritforged (SFD) Calm gear (see ``fury_gear.py`` for ``might_bonus=``
and ``effect_text=``).  Ids and our vocabulary only; the comment above each card says what it
does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.vocab import Cost, card, equip

# Doran's Shield: Equip for one Calm power; the wearer has Tank (an effect-text keyword).
card("SFD-033", equip(Cost(power=(("Calm", 1),))), might_bonus=MIGHT_BONUS["SFD-033"])

# Sterak's Gage [Quick-Draw]: Equip for one Calm power.
card("SFD-056", equip(Cost(power=(("Calm", 1),))), might_bonus=MIGHT_BONUS["SFD-056"])
