"""Encodings of the Spiritforged (SFD) Mind gear (see ``fury_gear.py`` for ``might_bonus=``
and ``effect_text=``).  Ids and our vocabulary only; the comment above each card says what it
does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.vocab import Cost, CreateToken, Passive, Triggered, When, card, equip

# Cloth Armor [Quick-Draw]: Equip for one Mind power; the wearer has Shield 2 (effect text).
card("SFD-064", equip(Cost(power=(("Mind", 1),))), might_bonus=MIGHT_BONUS["SFD-064"])

# World Atlas: Equip for one Mind power; each time the wearer holds, its controller plays two
# Gold tokens exhausted.
card("SFD-086", equip(Cost(power=(("Mind", 1),))),
     Triggered(When("holds", "me"), (CreateToken(GOLD, 2, exhausted=True),)),
     might_bonus=MIGHT_BONUS["SFD-086"], effect_text=(1,))

# Experimental Hexplate: Equip for one Mind power; the wearer is a Mech (an effect-text trait).
card("SFD-073", equip(Cost(power=(("Mind", 1),))),
     Passive.of(layer="trait", affects={"is_source": True}, tags=["Mech"]),
     might_bonus=MIGHT_BONUS["SFD-073"], effect_text=(1,))
