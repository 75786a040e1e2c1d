"""Encodings of Spiritforged (SFD) cards that take control of units.  Ids and our vocabulary
only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
     Chosen,
     Custom,
     Delay,
     Ready,
     SpellEffect,
     Target,
     Triggered,
     When,
     card,
)

# Hostile Takeover [Hidden]: its controller takes a chosen enemy unit at a battlefield for
# the turn and readies it (its arrival contests that battlefield: a combat, or a conquer);
# at end of turn they lose it again and it is recalled.
card("SFD-202",
     SpellEffect((Custom("take_control_this_turn", ("t",)), Ready(Chosen("t")), Delay(1, on="t")),
                 targets=(Target("unit", "enemy", where="battlefield"),)),
     Triggered(When("end_of_turn", "delayed"), (Custom("give_back_and_recall"),)))
