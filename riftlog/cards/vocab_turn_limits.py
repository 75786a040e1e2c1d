"""Vocabulary for limits that read what happened earlier in the turn or the game (issue 24):
where a unit may be played after a conquer, and from which of their own turns players may
score a battlefield.

Ability-level nodes of an :class:`riftlog.cards.vocab.Encoding`, interpreted by
:mod:`riftlog.rules.flow.turn_limits`.  Pure frozen data; our own words only.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["NoScoringBeforeOwnTurn", "PlayOnlyToConqueredThisTurn"]


@dataclass(frozen=True, slots=True)
class PlayOnlyToConqueredThisTurn:
    """A unit's passive from the zones it is played from (RUP4 366.1): it may be played only
    to a battlefield its player conquered this turn (never to a base)."""


@dataclass(frozen=True, slots=True)
class NoScoringBeforeOwnTurn:
    """A battlefield's passive: no player scores it (by conquer or hold) before their own
    *turn*-th turn of the game (a "can't", RUP4 054)."""

    turn: int = 3
