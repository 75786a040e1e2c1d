"""Encodings of the Spiritforged (SFD) gear of two domains (see ``fury_gear.py`` for
``might_bonus=`` and ``effect_text=``).  Ids and our vocabulary only; the comment above each
card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.vocab import All, Cost, Deal, Triggered, When, card, equip

# Spinning Axe [Quick-Draw][Temporary]: Equip for one power of any domain; its Temporary is
# rules text, so it does nothing while the axe is attached (722.2).
card("SFD-186", equip(Cost(power=(("Any", 1),))), might_bonus=MIGHT_BONUS["SFD-186"])

# Forgefire Cape [Unique]: Equip for one power of any domain; whenever the wearer attacks,
# and whenever it defends, it deals 2 to each enemy unit at its battlefield.
card("SFD-190", equip(Cost(power=(("Any", 1),))),
     Triggered(When("attacks", "me"), (Deal(2, All("unit", "enemy", at="here")),)),
     Triggered(When("defends", "me"), (Deal(2, All("unit", "enemy", at="here")),)),
     might_bonus=MIGHT_BONUS["SFD-190"], effect_text=(1, 2))
