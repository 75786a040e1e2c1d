"""Spiritforged legends about resources (issue 24, costs lane).  Ids and our vocabulary only;
the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.vocab import (
    Activated,
    Cost,
    CreateToken,
    Custom,
    Triggered,
    When,
    card,
)
from riftlog.cards.vocab_costs import AddForGear, GoldAddsMore

# Chem-Baroness (Renata Glasc): each time its controller or a teammate holds, they may exhaust
# it to play a Gold token exhausted (that exhaust is the ability's base cost, paid as it is
# finalized: RUP4 383.3.b, v1.3 742.1.b); while their score is three points or less from
# the Victory Score, their Gold adds one Energy more.
card("SFD-201",
     Triggered(When("holds", "you_or_ally"), (CreateToken(GOLD, exhausted=True),),
               finalize_cost=(Custom("pay_to_finalize", (0, None, 0, True)),)),
     GoldAddsMore(energy=1, within=3))

# Fire Below the Mountain (Ornn): exhaust it, with Reaction timing: add one universal power that
# may only pay for playing gear or using abilities of gear.
card("SFD-189", Activated(Cost(exhaust=True), (AddForGear(power=(("Any", 1),)),), timing="reaction"))
