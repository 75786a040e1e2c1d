"""Encodings of the Spiritforged (SFD) Order gear (see ``fury_gear.py`` for ``might_bonus=``
and ``effect_text=``).  Ids and our vocabulary only; the comment above each card says what it
does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.equipment_might import MIGHT_BONUS
from riftlog.cards.sets.sfd.encodings.order import RECRUIT
from riftlog.cards.vocab import (
    Activated,
    Cost,
    CreateToken,
    Custom,
    Draw,
    Triggered,
    When,
    card,
    deathknell,
    equip,
)

# Eye of the Herald: Equip for one Order power; each time the wearer moves, a Recruit token
# is played where it arrived.
card("SFD-153", equip(Cost(power=(("Order", 1),))),
     Triggered(When("moves", "me"), (CreateToken(RECRUIT, 1, "here"),)),
     might_bonus=MIGHT_BONUS["SFD-153"], effect_text=(1,))

# B.F. Sword: Equip for one Order power.
card("SFD-161", equip(Cost(power=(("Order", 1),))), might_bonus=MIGHT_BONUS["SFD-161"])

# Sacred Shears: Equip for one Order power; when the wearer dies, its controller draws one
# (a Deathknell of the effect text).
card("SFD-172", equip(Cost(power=(("Order", 1),))), deathknell(Draw(1)),
     might_bonus=MIGHT_BONUS["SFD-172"], effect_text=(1,))

# Blade of the Ruined King: Equip for one Order power and killing another friendly unit.
card("SFD-178", equip(Cost(power=(("Order", 1),), kill_friendly=1)),
     might_bonus=MIGHT_BONUS["SFD-178"])

# Altar of Memories: each time a friendly unit (a teammate's too) dies, they may exhaust it to
# draw one, then put a card of their hand on the top or bottom of their Main Deck (the exhaust
# is the ability's base cost, paid as it is finalized: RUP4 383.3.b, v1.3 742.1.b).
card("SFD-169", Triggered(When("dies", "friendly_unit"),
                          (Draw(1), Custom("hand_card_to_deck_top_or_bottom")),
                          finalize_cost=(Custom("pay_to_finalize", (0, None, 0, True)),)))

# Vanguard Armory: exhaust it to play three Recruit tokens, each where its controller chooses
# among the places they may play a unit to.
card("SFD-168", Activated(Cost(exhaust=True), (Custom("recruits_where_you_choose", (3,)),)))
