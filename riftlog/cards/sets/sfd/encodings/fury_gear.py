"""Encodings of the Spiritforged (SFD) Fury gear.  Ids and our vocabulary only; the comment
above each card says what it does in our own words.

An Equipment's Might bonus (137) is not in the catalog: ``might_bonus=`` is our own record
of the number printed on the card (see ``equipment_might.py`` for where it comes from).
``effect_text=`` names the abilities printed in the Effect Text (136.2): they work only
while the gear is attached, as the unit's own ("me" is the unit)."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.vocab import Cost, Deal, Target, Triggered, When, card, equip

# Serrated Dirk: Equip for one Fury power; the wearer has Assault 2 (an effect-text keyword).
card("SFD-009", equip(Cost(power=(("Fury", 1),))), might_bonus=MIGHT_BONUS["SFD-009"])

# Recurve Bow: Equip for one Fury power; whenever the wearer attacks, and whenever it
# defends, it deals 2 to a chosen enemy unit at its battlefield.
card("SFD-016", equip(Cost(power=(("Fury", 1),))),
     Triggered(When("attacks", "me"), (Deal(2, Target("unit", "enemy", "here")),)),
     Triggered(When("defends", "me"), (Deal(2, Target("unit", "enemy", "here")),)),
     might_bonus=MIGHT_BONUS["SFD-016"], effect_text=(1, 2))

# Long Sword [Quick-Draw]: Equip for one Fury power.
card("SFD-022", equip(Cost(power=(("Fury", 1),))), might_bonus=MIGHT_BONUS["SFD-022"])
