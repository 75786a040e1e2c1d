"""Encodings of the Spiritforged (SFD) Chaos units.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import ME, GiveMight, Triggered, When, card
from riftlog.cards.vocab_events import FromBattlefield

_FROM_BATTLEFIELD: Any = FromBattlefield()

# Harpoon Squad: each time it moves away from a battlefield, it gets +2 Might this turn.
card("SFD-137", Triggered(When("moves", "me"), (GiveMight(2, ME),), condition=_FROM_BATTLEFIELD))
