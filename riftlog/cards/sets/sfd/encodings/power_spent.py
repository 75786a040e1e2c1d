"""Spiritforged cards that read the Power their player spent this turn (issue 24, costs lane;
the layers filter key ``min_controller_power_spent``, riftlog.rules.board.power_spent).  Ids
and our vocabulary only."""

from __future__ import annotations

from riftlog.cards.vocab import Passive, card

#: layers filter: the source's controller spent at least this much Power this turn
_SPENT_TWO = {"is_source": True, "min_controller_power_spent": 2}

# Sivir, Mercenary [Accelerate]: once her player has spent two power or more this turn, she
# has two more Might and Ganking.
card("SFD-143", Passive.of(layer="arithmetic", affects=_SPENT_TWO, might=2),
     Passive.of(layer="ability", affects=_SPENT_TWO, grant=["Ganking"]),
     keywords=("Accelerate",))
