"""Vocabulary for "can't" restrictions a permanent puts on units and players (issue 24).

Ability-level nodes of an :class:`riftlog.cards.vocab.Encoding`, interpreted by
:mod:`riftlog.rules.playing.permanent_restrictions` (RUP4 054: a "can't" beats any
instruction).
Pure frozen data; our own words only.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["NoUnitMovesToBase", "OpponentsGainNoPoints"]


@dataclass(frozen=True, slots=True)
class NoUnitMovesToBase:
    """While the source is on the board, no unit (anyone's, anywhere) may move to a base; a
    recall is not a move and is not stopped."""


@dataclass(frozen=True, slots=True)
class OpponentsGainNoPoints:
    """While the source is at a battlefield, its controller's opponents cannot gain points
    (by scoring, a burn out or an effect; a score still happens, 383.4.c.2.c)."""
