"""Vocabulary for what a card does as it is revealed from its owner's Main Deck (issue 24).

An ability-level node of an :class:`riftlog.cards.vocab.Encoding`, interpreted by
:mod:`riftlog.rules.interpreter.reveal_additions` through the reveal hook of
:func:`riftlog.rules.game_actions.actions.reveal`.  Pure frozen data; our own words only.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["AsRevealedAdd"]


@dataclass(frozen=True, slots=True)
class AsRevealedAdd:
    """As the card is revealed from its owner's Main Deck, its owner adds *energy* Energy to
    their Rune Pool: the reveal is replaced by the reveal plus the add (RUP4 369.1,
    370.1.b.1)."""

    energy: int
