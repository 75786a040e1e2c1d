"""Encodings of the Spiritforged (SFD) Chaos gear (see ``fury_gear.py`` for ``might_bonus=``
and ``effect_text=``).  Ids and our vocabulary only; the comment above each card says what it
does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.vocab import (
    AttachMe,
    Chosen,
    Cost,
    CreateToken,
    Custom,
    Discard,
    Draw,
    EventFlag,
    Target,
    Triggered,
    When,
    card,
    equip,
)

_FROM_FACE_DOWN: Any = EventFlag("from_hidden")

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

# Edge of Night [Hidden]: played from face down, it attaches itself to a chosen unit of its
# controller's (as the errata of 2026-01-14 says, before the set's release: any such unit, not
# only one at its battlefield); Equip for one Chaos power.
card("SFD-139", Triggered(When("played", "me"), (AttachMe(Chosen("t")),),
                          condition=_FROM_FACE_DOWN, targets=(Target("unit", "yours"),)),
     equip(Cost(power=(("Chaos", 1),))), might_bonus=MIGHT_BONUS["SFD-139"])

# Last Rites: Equip for one Chaos power and recycling two cards of its controller's trash;
# each time the wearer conquers, and each time it holds, its controller may play a unit of
# their trash, paying its costs.
_PLAY_FROM_TRASH = (Custom("may_play_a_unit_from_trash"), Custom("pe_finish_plays"))
card("SFD-150", equip(Cost(power=(("Chaos", 1),), recycle_trash=2)),
     Triggered(When("conquers", "me"), _PLAY_FROM_TRASH),
     Triggered(When("holds", "me"), _PLAY_FROM_TRASH),
     might_bonus=MIGHT_BONUS["SFD-150"], effect_text=(1, 2))
