"""Encodings of the Spiritforged (SFD) Body gear (see ``fury_gear.py`` for ``might_bonus=``
and ``effect_text=``).  Ids and our vocabulary only; the comment above each card says what it
does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.vocab import ME, Buff, Channel, Cost, GainPoints, Triggered, When, card, equip

# Doran's Blade: Equip for one Body power.
card("SFD-095", equip(Cost(power=(("Body", 1),))), might_bonus=MIGHT_BONUS["SFD-095"])

# Hexdrinker: Equip for one Body power; the wearer has Deflect (an effect-text keyword).
card("SFD-102", equip(Cost(power=(("Body", 1),))), might_bonus=MIGHT_BONUS["SFD-102"])

# Warmog's Armor: Equip for one Body power; each time the wearer conquers, it is buffed.
card("SFD-108", equip(Cost(power=(("Body", 1),))),
     Triggered(When("conquers", "me"), (Buff(ME),)),
     might_bonus=MIGHT_BONUS["SFD-108"], effect_text=(1,))

# Trinity Force: Equip for one Body power; each time the wearer holds, one more point.
card("SFD-115", equip(Cost(power=(("Body", 1),))),
     Triggered(When("holds", "me"), (GainPoints(1),)),
     might_bonus=MIGHT_BONUS["SFD-115"], effect_text=(1,))

# Boneshiver: Equip for one Energy and one Body power; each time the wearer conquers, its
# controller channels a rune exhausted.
card("SFD-118", equip(Cost(1, (("Body", 1),))),
     Triggered(When("conquers", "me"), (Channel(1, exhausted=True),)),
     might_bonus=MIGHT_BONUS["SFD-118"], effect_text=(1,))
