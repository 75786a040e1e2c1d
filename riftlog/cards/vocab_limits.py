"""Vocabulary for how often an ability is performed (RUP4 383.3.e, v1.3 383.3.f).

A condition outside the :data:`riftlog.cards.vocab.Condition` union (annotate where used);
interpreted by :mod:`riftlog.rules.interpreter.once_each_turn` (through
``effects.CONDITIONS``).  Pure frozen data; our own words only, no card text.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["OnceEachTurn"]


@dataclass(frozen=True, slots=True)
class OnceEachTurn:
    """A triggered ability performed at most *times* times each turn ("once each turn",
    "N times each turn").  Under RUP4 (383.3.e.1, 383.3.e.2.b) a use is counted as the
    ability is performed (it resolves): declining a "you may" on finalization, or an
    ability that never resolves, leaves it unused.  Under v1.3 (383.3.f) a use is counted as
    the ability is put on the chain.  Counted per source object: one such ability per card."""

    times: int = 1
