"""Positions: a readable text for one moment of a game (the judge's FEN).

* :func:`print_position` -- any :class:`~riftlog.rules.board.state.GameState` as text;
* :func:`parse_position` -- the state a text describes, or :class:`PositionError` saying
  what is inconsistent and where; ``parse_position(print_position(s)) == s``;
* :func:`check_decision`, :func:`legal_moves` -- what the rules engine says about a
  decision in a position, and the legal decisions it can list.

The format, its grammar and examples: ``docs/positions.md``.
"""

from __future__ import annotations

from riftlog.positions.judging import Verdict, check_decision, legal_moves, read_position
from riftlog.positions.parser import PositionError, parse_position, position_problems
from riftlog.positions.printer import print_position

__all__ = [
    "PositionError",
    "Verdict",
    "check_decision",
    "legal_moves",
    "parse_position",
    "position_problems",
    "print_position",
    "read_position",
]
