"""Vocabulary for cards revealed from the top of a Main Deck and sent, each, to one of two
destinations (RUP4 424.4.a, v1.3 424.4.a).  Interpreted by
:mod:`riftlog.rules.interpreter.reveal_split`.  Pure frozen data; our own words only.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RevealSplit"]


@dataclass(frozen=True, slots=True)
class RevealSplit:
    """The controller reveals the top *n* cards of their Main Deck; while they are revealed
    they pick *to_hand* of them, which go to their hand; the others are recycled (to the
    bottom, in a recorded random order when two or more)."""

    n: int = 2
    to_hand: int = 1
