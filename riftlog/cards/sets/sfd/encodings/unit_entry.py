"""Encodings of Spiritforged (SFD) units whose text says how or where they enter the board.
Ids and our vocabulary only; the comment above each card says what it does in our words."""

from __future__ import annotations

from riftlog.cards.vocab import EntersReady, card
from riftlog.cards.vocab_turn_limits import PlayOnlyToConqueredThisTurn

# Eager Drakehound: enters the board ready.
card("SFD-006", EntersReady())

# Perched Grimwyrm: may be played only to a battlefield its player conquered this turn.
card("SFD-015", PlayOnlyToConqueredThisTurn())
