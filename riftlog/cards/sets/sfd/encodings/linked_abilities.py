"""Encodings of Spiritforged (SFD) cards with linked abilities (RUP4 393-397).  Ids and our
vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.vocab import Activated, Cost, Custom, Triggered, When, card, equip

# The Zero Drive: Equip for one Energy and one Mind power.  Unattached, pay three Energy, one
# Mind power and banish it: its controller plays, for free, every unit its Effect Text
# banished.  Effect Text: when the wearer dies, the wearer is banished (linked to this gear).
card("SFD-090", equip(Cost(energy=1, power=(("Mind", 1),))),
     Activated(Cost(energy=3, power=(("Mind", 1),), banish_self=True),
               (Custom("play_units_banished_with_this"), Custom("pe_finish_plays"))),
     Triggered(When("dies", "me"), (Custom("banish_me_linked_to_the_equipment"),)),
     might_bonus=MIGHT_BONUS["SFD-090"], effect_text=(2,))
