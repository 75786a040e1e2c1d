"""Encodings of the Spiritforged (SFD) Fury spells that were missing from fury.py.  Ids and
our vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.vocab import CreateToken, ForTurn, SpellEffect, card

# Bushwhack [Hidden]: for the rest of the turn its controller's units enter ready; a Gold
# token is played exhausted.
card("SFD-004", SpellEffect((ForTurn("units_ready"), CreateToken(GOLD, exhausted=True))))
