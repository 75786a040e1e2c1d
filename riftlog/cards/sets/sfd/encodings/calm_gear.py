"""Encodings of the Spiritforged (SFD) Calm gear (see ``fury_gear.py`` for ``might_bonus=``
and ``effect_text=``).  Ids and our vocabulary only; the comment above each card says what it
does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.vocab import (
    ME,
    Cost,
    Custom,
    Exhaust,
    Heal,
    Passive,
    Recall,
    Replacement,
    card,
    equip,
)

# Doran's Shield: Equip for one Calm power; the wearer has Tank (an effect-text keyword).
card("SFD-033", equip(Cost(power=(("Calm", 1),))), might_bonus=MIGHT_BONUS["SFD-033"])

# Sterak's Gage [Quick-Draw]: Equip for one Calm power.
card("SFD-056", equip(Cost(power=(("Calm", 1),))), might_bonus=MIGHT_BONUS["SFD-056"])

# Brutalizer: Equip for one Calm power; the wearer has 2 more Might during a turn this gear
# was attached to it (effect text; RUP4 136.2.d's Example).
card("SFD-042", equip(Cost(power=(("Calm", 1),))),
     Passive.of(layer="arithmetic", affects={"is_source": True, "attached_this_turn": True},
                might=2),
     might_bonus=MIGHT_BONUS["SFD-042"], effect_text=(1,))

# Guardian Angel: Equip for one Calm power; while worn, the wearer does not die: the Angel
# dies in its place, and the wearer is healed, exhausted and recalled (effect text, 367).
card("SFD-051", equip(Cost(power=(("Calm", 1),))),
     Replacement("the Equipment dies in its wearer's place; the wearer is healed, exhausted "
                 "and recalled", event="die", who="me",
                 effect=(Custom("kill_this_equipment"), Heal(ME), Exhaust(ME), Recall(ME))),
     might_bonus=MIGHT_BONUS["SFD-051"], effect_text=(1,))
