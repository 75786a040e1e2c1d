"""Vocabulary for linked instructions that read whether an earlier one was performed
("if you do", RUP4 359.3.e.14-359.3.e.14.c, v1.3 359.3.e.14).

:class:`Performed` wraps an effect step and remembers, for the rest of that resolution,
whether its game action was performed and on which objects; :class:`IfDone` is a condition
(for :class:`riftlog.cards.vocab.If`, outside the ``Condition`` union: annotate where used)
that holds when it was.  Interpreted by :mod:`riftlog.rules.interpreter.linked_steps`.
Pure frozen data; our own words only, no card text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["IfDone", "Performed"]


@dataclass(frozen=True, slots=True)
class Performed:
    """Do *step* (a Deal, Kill, Banish, Stun or Move) and remember under *key* whether its
    game action was performed on at least one object: damage partly prevented was dealt,
    damage wholly prevented was not (437.4); a death replaced by another event is not a
    kill (RUP4 359.3.e.14.b)."""

    step: Any
    key: str = "done"


@dataclass(frozen=True, slots=True)
class IfDone:
    """The :class:`Performed` step *key* of this resolution performed its game action.  Only
    that the action was performed counts, not how (RUP4 359.3.e.14.c)."""

    key: str = "done"
