"""Encodings of Spiritforged (SFD) cards that change reveals from a deck.  Ids and our
vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import card
from riftlog.cards.vocab_deck_reveals import LookFirstBeforeDeckReveal

# Void Hatchling: before its controller reveals from a deck, they look at that deck's top
# card and may send it to the bottom; then the reveal goes ahead.
card("SFD-018", LookFirstBeforeDeckReveal())
