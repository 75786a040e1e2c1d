"""Encodings of Spiritforged (SFD) battlefields that read each player's own turns.  Ids and
our vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import card
from riftlog.cards.vocab_turn_limits import NoScoringBeforeOwnTurn

# Forgotten Monument: nobody scores this battlefield before their own third turn.
card("SFD-209", NoScoringBeforeOwnTurn(3))
