"""Encodings of the Spiritforged (SFD) cards of two domains (legends' signature cards among
them).  Ids and our vocabulary only; the comment above each card says what it does in our
own words."""

from __future__ import annotations

from riftlog.cards.vocab import All, Ready, SpellEffect, card

# On the Hunt: ready every unit its controller controls.
card("SFD-204", SpellEffect((Ready(All("unit", "friendly")),)))
