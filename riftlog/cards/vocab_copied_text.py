"""Vocabulary for an Equipment whose Effect Text is a copy of its wearer's text (issue 24;
Svellsongur).  An ability-level node of an :class:`riftlog.cards.vocab.Encoding`,
interpreted by :mod:`riftlog.rules.board.layers` (keywords, passives),
:mod:`riftlog.rules.interpreter.triggers` (triggered abilities) and
:mod:`riftlog.rules.playing.copied_activations` (activated abilities).  Pure frozen data; our own
words only.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CopyWearerText"]


@dataclass(frozen=True, slots=True)
class CopyWearerText:
    """As the Equipment is attached to a unit, its Effect Text becomes a copy of that unit's
    text for as long as it stays attached (RUP4 136.2, 718.3): the unit has its own text
    once more."""
