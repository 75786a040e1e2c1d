"""Encodings of the Spiritforged (SFD) Chaos gear (see ``fury_gear.py`` for ``might_bonus=``
and ``effect_text=``).  Ids and our vocabulary only; the comment above each card says what it
does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.vocab import Cost, CreateToken, Discard, Draw, Triggered, When, card, equip

# Doran's Ring: Equip for one Chaos power; each time the wearer conquers, its controller
# discards one card and then draws one.
card("SFD-124", equip(Cost(power=(("Chaos", 1),))),
     Triggered(When("conquers", "me"), (Discard(1), Draw(1))),
     might_bonus=MIGHT_BONUS["SFD-124"], effect_text=(1,))

# Boots of Swiftness: Equip for one Chaos power; the wearer has Ganking (effect text).
card("SFD-133", equip(Cost(power=(("Chaos", 1),))), might_bonus=MIGHT_BONUS["SFD-133"])

# Cull: Equip for one Chaos power; each time the wearer conquers, a Gold token is played
# exhausted.
card("SFD-134", equip(Cost(power=(("Chaos", 1),))),
     Triggered(When("conquers", "me"), (CreateToken(GOLD, exhausted=True),)),
     might_bonus=MIGHT_BONUS["SFD-134"], effect_text=(1,))
