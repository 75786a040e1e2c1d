"""Spiritforged gear whose Add ability pays any amount first (issue 24, costs lane;
vocab_costs.PayToAdd, interpreted by riftlog.rules.playing.pay_to_add).  Ids and our
vocabulary only."""

from __future__ import annotations

from riftlog.cards.vocab import Activated, Cost, card
from riftlog.cards.vocab_costs import PayToAdd

# Hextech Anomaly: exhaust it, with Reaction timing: pay as much universal Power as you like,
# and add that much Energy.
card("SFD-083", Activated(Cost(exhaust=True), (PayToAdd(pay="power"),), timing="reaction"))

# Ancient Henge: exhaust it, with Reaction timing: pay as much Energy as you like, and add that
# much universal Power.
card("SFD-117", Activated(Cost(exhaust=True), (PayToAdd(pay="energy"),), timing="reaction"))
