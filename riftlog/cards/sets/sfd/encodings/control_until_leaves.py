"""Encodings of the Spiritforged (SFD) cards that take control of a permanent until they
leave the board (``rules/interpreter/control_until_leaves.py``).  Ids and our vocabulary
only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import (
    AdditionalCost,
    Custom,
    PaidAdditional,
    Target,
    Triggered,
    When,
    card,
)

_PAID: Any = PaidAdditional()

# Akshan, Mischievous [Weaponmaster]: an optional additional cost of two Body power; if it was
# paid, as he is played a chosen enemy gear goes to his controller's base, under their
# control while Akshan stays on the board, and is attached to him when it is an Equipment.
card("SFD-109", AdditionalCost(power=(("Body", 2),)),
     Triggered(When("played", "me"), (Custom("akshan_takes_gear", ("g",)),), condition=_PAID,
               targets=(Target("gear", "enemy", name="g"),)),
     keywords=("Weaponmaster",))
