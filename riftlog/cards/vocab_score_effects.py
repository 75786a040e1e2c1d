"""Vocabulary for what changes how score effects trigger (issue 24; Skyfall of Areion).

An ability-level node of an :class:`riftlog.cards.vocab.Encoding`, interpreted by
:mod:`riftlog.rules.flow.score_effects_alike`.  Pure frozen data; our own words only.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["HoldAndConquerEffectsAlike"]


@dataclass(frozen=True, slots=True)
class HoldAndConquerEffectsAlike:
    """The unit that has this (an Equipment's Effect Text: the wearer, 136.2.c) has its Hold
    Effects triggered by its Conquers too, and its Conquer Effects by its Holds (RUP4
    383.4.c / 383.4.d: the effects of "when I conquer" / "when I hold")."""
