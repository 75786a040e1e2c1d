"""Vocabulary for where a card is played from (Drag Under, SFD-164: cheaper when played
from anywhere but its owner's hand).  Interpreted by
:mod:`riftlog.rules.playing.play_origin` (through ``effects.CONDITIONS``)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PlayedFrom"]


@dataclass(frozen=True, slots=True)
class PlayedFrom:
    """Condition (of a :class:`~riftlog.cards.vocab.CostReduction`): the card is being played
    from *zone* (``"hand"``, ``"trash"``, ``"main_deck"``, ``"facedown"`` ...)."""

    zone: str
