"""Vocabulary for what changes a player's reveals from a deck (issue 24; Void Hatchling).

An ability-level node of an :class:`riftlog.cards.vocab.Encoding`, interpreted by
:mod:`riftlog.rules.playing.deck_reveal_first`.  Pure frozen data; our own words only.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LookFirstBeforeDeckReveal"]


@dataclass(frozen=True, slots=True)
class LookFirstBeforeDeckReveal:
    """While the source is on the board, each time its controller would reveal cards from a
    deck, they first look at that deck's top card and may recycle it; then the reveal goes
    on (a replacement effect, RUP4 369-370)."""
