"""Encodings of the Spiritforged (SFD) cards that replace deaths (RUP4 367-375, v1.3 367-373;
``riftlog/rules/interpreter/replacement_effects.py``).  Ids and our vocabulary only; the
comment above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import IT, AllOf, EventFromHere, Exhaust, Heal, Recall, Replacement, card
from riftlog.cards.vocab_events import EventUnitWeaker

_WEAKER_HERE: Any = AllOf((EventFromHere(), EventUnitWeaker()))

# Soraka, Wanderer: she takes combat damage after the others (assigned last); each other unit
# of her controller at her location with less Might than hers that would die is instead
# healed, exhausted and sent to base (not a move) - one application saves every such unit
# dying at once (RUP4 373.2), and it still applies as she leaves with them (RUP4 370.4).
card("SFD-173", Replacement("another weaker unit of mine here: heal, exhaust, recall it",
                            event="die", who="other_your_unit", each=True,
                            condition=_WEAKER_HERE, effect=(Heal(IT), Exhaust(IT), Recall(IT))),
     flags=("assigned_last",))
