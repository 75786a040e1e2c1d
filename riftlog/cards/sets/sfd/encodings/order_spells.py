"""Encodings of the Spiritforged (SFD) Order spells that were missing from order.py.  Ids
and our vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    IT,
    Buff,
    CostReduction,
    Delay,
    Draw,
    IsEnemy,
    Kill,
    Not,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
)
from riftlog.cards.vocab_origin import PlayedFrom

# Rally the Troops [Action]: for the rest of the turn, each unit its controller plays is
# buffed (a delayed ability, every time); then draw one.
card("SFD-166", SpellEffect((Delay(1, every=True), Draw(1))),
     Triggered(When("played", "delayed", card_type="Unit"), (Buff(IT),),
               condition=Not(IsEnemy(IT))))

# Drag Under [Action]: 2 Energy less when played from anywhere but its owner's hand; kill a
# chosen unit at a battlefield.
card("SFD-164", SpellEffect((Kill(Target("unit", where="battlefield")),)),
     CostReduction(2, condition=Not(PlayedFrom("hand"))))
