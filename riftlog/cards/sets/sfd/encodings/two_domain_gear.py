"""Encodings of the Spiritforged (SFD) gear of two domains (see ``fury_gear.py`` for
``might_bonus=`` and ``effect_text=``).  Ids and our vocabulary only; the comment above each
card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.vocab import (
    All,
    BonusDamageYours,
    Cost,
    Deal,
    Passive,
    Ready,
    Triggered,
    When,
    card,
    equip,
    on_play,
)

# Spinning Axe [Quick-Draw][Temporary]: Equip for one power of any domain; its Temporary is
# rules text, so it does nothing while the axe is attached (722.2).
card("SFD-186", equip(Cost(power=(("Any", 1),))), might_bonus=MIGHT_BONUS["SFD-186"])

# Forgefire Cape [Unique]: Equip for one power of any domain; whenever the wearer attacks,
# and whenever it defends, it deals 2 to each enemy unit at its battlefield.
card("SFD-190", equip(Cost(power=(("Any", 1),))),
     Triggered(When("attacks", "me"), (Deal(2, All("unit", "enemy", at="here")),)),
     Triggered(When("defends", "me"), (Deal(2, All("unit", "enemy", at="here")),)),
     might_bonus=MIGHT_BONUS["SFD-190"], effect_text=(1, 2))

# Shurelya's Requiem [Unique]: Equip for one power of any domain; as it is played, its
# controller's units ready (rules text); while worn, the wearer's controller's units at the
# wearer's location have Ganking (effect text).
card("SFD-192", equip(Cost(power=(("Any", 1),))), on_play(Ready(All("unit", "yours"))),
     Passive.of(layer="ability", affects={"location": "source", "type": "Unit",
                                          "source_controller": True}, grant=["Ganking"]),
     might_bonus=MIGHT_BONUS["SFD-192"], effect_text=(2,), keywords=("Unique", "Equip"))

# Rabadon's Deathcrown [Unique]: Equip for one power of any domain; while worn, the spells and
# abilities of the wearer's controller deal 3 Bonus Damage (effect text, 714).
card("SFD-191", equip(Cost(power=(("Any", 1),))), BonusDamageYours(3),
     might_bonus=MIGHT_BONUS["SFD-191"], effect_text=(1,))
