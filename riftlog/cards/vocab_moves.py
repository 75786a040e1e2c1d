"""Vocabulary for limits on moves a permanent puts on every unit (issue 24).

An ability-level node of an :class:`riftlog.cards.vocab.Encoding`, interpreted by
:mod:`riftlog.rules.playing.move_limits` (a card restriction of moves, RUP4 054 "can't").
Pure frozen data; our own words only.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["NoUnitMovesToBase"]


@dataclass(frozen=True, slots=True)
class NoUnitMovesToBase:
    """While the source is on the board, no unit (anyone's, anywhere) may move to a base; a
    recall is not a move and is not stopped."""
