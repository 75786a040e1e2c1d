"""Encodings of the Spiritforged (SFD) Body units.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import CostReduction, Count, Draw, Triggered, When, card
from riftlog.cards.vocab_events import PowerCostAtLeast

_TWO_POWER: Any = PowerCostAtLeast(2)

# Yordle Explorer: each time its controller plays a card whose printed Power cost is two
# symbols or more, they draw one.
card("SFD-100", Triggered(When("played", "you"), (Draw(1),), condition=_TWO_POWER))

# Jaull-Fish [Accelerate]: two Energy less per Mighty unit its controller has.
card("SFD-103", CostReduction(Count("mighty_units", times=2)))

# Ruin Runner: enemy spells and abilities cannot choose it (RUP4 757.1).
card("SFD-105", flags=("not_chosen_by_enemies",))
