"""Encodings of the Spiritforged (SFD) token cards.  Ids and our vocabulary only."""

from __future__ import annotations

from riftlog.cards.vocab import Activated, AddResource, Cost, card

#: the Gold gear token (v1.3 184.5), which many SFD cards play exhausted
GOLD = "SFD-T03"

# Gold (gear token): kill it and exhaust it, with Reaction timing: add one power of any domain
# (an Add ability resolves at once, 429.2).
card(GOLD, Activated(Cost(exhaust=True, kill_self=True), (AddResource(power=(("Any", 1),)),),
                     timing="reaction"))
