"""Encodings of the Spiritforged (SFD) cards that trigger when a unit becomes Mighty (the
``"becomes_mighty"`` event, 709).  Ids and our vocabulary only; the comment above each card
says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import IT, Custom, Ready, Triggered, When, card

# Fiora, Worthy: each time one of its controller's units becomes Mighty, they may pay one
# Order power (as the ability goes on the chain) to ready that unit.
card("SFD-180", Triggered(When("becomes_mighty", "your_unit"), (Ready(IT),),
                          finalize_cost=(Custom("pe_pay_power", ("Order", 1)),)))
