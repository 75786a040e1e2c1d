"""Vocabulary for where a card is played from (Drag Under, SFD-164: cheaper when played
from anywhere but its owner's hand) and what its player played this turn (Emperor of the
Sands, SFD-197: use only after playing an Equipment).  Interpreted by
:mod:`riftlog.rules.playing.play_origin` (through ``effects.CONDITIONS``)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PlayedFrom", "PlayedTagThisTurn"]


@dataclass(frozen=True, slots=True)
class PlayedFrom:
    """Condition (of a :class:`~riftlog.cards.vocab.CostReduction`): the card is being played
    from *zone* (``"hand"``, ``"trash"``, ``"main_deck"``, ``"facedown"`` ...)."""

    zone: str


@dataclass(frozen=True, slots=True)
class PlayedTagThisTurn:
    """Condition (e.g. of an :class:`~riftlog.cards.vocab.Activated` ability, RUP4/v1.3
    377.2.b): the controller has played a card with the printed tag *tag* this turn
    (``"Equipment"``: a gear card that is an Equipment)."""

    tag: str
