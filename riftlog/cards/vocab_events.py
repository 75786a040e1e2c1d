"""Vocabulary for conditions on a trigger event and on a unit's surroundings (issue 24,
Spiritforged units).

Conditions outside the :data:`riftlog.cards.vocab.Condition` union: annotate where they are
used (``Any`` or ``# type: ignore[arg-type]``).  Interpreted by
:mod:`riftlog.rules.interpreter.event_conditions` (through ``effects.CONDITIONS``).  Pure
frozen data; our own words only, no card text.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ChoseEnemiesThisTurn", "ConqueredUncontrolled", "EventByYou", "EventUnitWeaker",
           "FirstTimeThisTurn", "FromBattlefield", "NotFromHand", "OneOnOne",
           "OtherUnitsInBase", "PowerCostAtLeast", "YourMightyUnitHere"]


@dataclass(frozen=True, slots=True)
class EventByYou:
    """The trigger event was done by the ability's controller (its ``player``), e.g. a
    "buffed" event: the player who buffed (RUP4 411.4); with *flag*, the event's data also
    has that key set (e.g. "spell" for a "chosen" event: chosen by a spell)."""

    flag: str | None = None


@dataclass(frozen=True, slots=True)
class YourMightyUnitHere:
    """The ability's controller has a Mighty unit (RUP4 709) at the source battlefield, looked
    at as the ability triggers (part of its trigger condition: RUP4 383.2.a.1)."""


@dataclass(frozen=True, slots=True)
class FromBattlefield:
    """For "moves": the move started at a battlefield (the event's origin is not a base)."""


@dataclass(frozen=True, slots=True)
class OtherUnitsInBase:
    """The controller has at least *n* units in their base other than the source."""

    n: int


@dataclass(frozen=True, slots=True)
class PowerCostAtLeast:
    """The trigger event's object (e.g. a card just played) has a printed Power cost of at
    least *n* symbols (RUP4 206: always the printed cost)."""

    n: int


@dataclass(frozen=True, slots=True)
class NotFromHand:
    """The source (a card being played, e.g. for a :class:`~riftlog.cards.vocab.CostReduction`)
    is played from somewhere other than its controller's hand (its zone as the cost is
    worked out)."""


@dataclass(frozen=True, slots=True)
class OneOnOne:
    """The source is at a battlefield with no other unit of its controller and exactly one
    unit of its controller's opponents there (attacking or defending one on one)."""


@dataclass(frozen=True, slots=True)
class FirstTimeThisTurn:
    """The trigger event (*event*, e.g. "conquers") happens to the source for the first time
    this turn ("the first time I conquer each turn").  Checking it as the ability triggers
    records the event for the turn, so a later one fails it."""

    event: str


@dataclass(frozen=True, slots=True)
class ChoseEnemiesThisTurn:
    """The controller has, at least *times* times this turn, put on the chain a spell or an
    ability of a unit that chose one or more enemy units and/or gear (each spell or ability
    counts once; Prodigal Explorer, SFD-199)."""

    times: int = 2


@dataclass(frozen=True, slots=True)
class EventUnitWeaker:
    """The event's unit (its ``obj``) has less Might than the ability's source now (Soraka,
    Wanderer, SFD-173: a death she replaces)."""


@dataclass(frozen=True, slots=True)
class ConqueredUncontrolled:
    """For "conquers": the battlefield had no controller before this conquest."""
