"""Encodings of the Spiritforged (SFD) cards that read how often their controller chose
enemies this turn (``vocab_events.ChoseEnemiesThisTurn``, counted by
``riftlog/rules/interpreter/enemy_choices.py``).  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import Activated, Cost, Draw, card
from riftlog.cards.vocab_events import ChoseEnemiesThisTurn

_TWICE: Any = ChoseEnemiesThisTurn(2)

# Prodigal Explorer (Ezreal legend): exhaust, with Reaction timing: draw one; usable only once
# its controller has chosen enemy units or gear with two spells or unit abilities this turn.
card("SFD-199", Activated(Cost(exhaust=True), (Draw(1),), timing="reaction", condition=_TWICE))
