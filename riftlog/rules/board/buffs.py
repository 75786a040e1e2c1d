"""Buff counters beyond one (issue #5, K1): units allowed any number of buffs.

v1.3 426.1.b.1 and 702.3 allow one buff on a unit; a unit whose encoding carries the flag
``"any_number_of_buffs"`` (Lee Sin, Ascetic, OGN-078) overrides that for itself only.
``GameObject.buffed`` stays the "has at least one buff" truth every other rule reads
(conditions, targets, 808.1.d.3); the number of buffs of a unit holding two or more is
kept in ``state.extra["buff_counts"]`` = {oid: n}.  An entry is only read while the
object is buffed, and is dropped when it gains its first buff again, so a unit that left
the board (zones.change_zone clears ``buffed``) never keeps stale buffs (110).

* :func:`count` - the buffs on a unit now (0, 1 or more); layers add +1 per buff (703).
* :func:`add` - one more buff; ``False`` when the unit has one and may not have more.
* :func:`spend` - remove exactly one buff (702.2.b), refused without one (702.2.b.1).
"""

from __future__ import annotations

from riftlog.errors import ImpossibleDecision
from riftlog.rules.board import hooks, layers
from riftlog.rules.board.state import GameObject, GameState

__all__ = ["ANY_NUMBER", "add", "count", "may_have_many", "spend"]

#: The encoding flag of a unit that may have any number of buffs.
ANY_NUMBER = "any_number_of_buffs"


def count(state: GameState, obj: GameObject) -> int:
    """How many buffs *obj* has now (703: each gives +1 Might)."""
    if not obj.buffed:
        return 0
    counts = state.extra.get("buff_counts")
    if not counts:
        return 1
    return max(1, int(counts.get(obj.oid, 1)))


def may_have_many(state: GameState, obj: GameObject) -> bool:
    """Whether *obj* may hold more than one buff (its current characteristics carry the
    flag, so an effect removing its abilities takes the permission away)."""

    return layers.has_flag(state, obj, ANY_NUMBER)


def add(state: GameState, obj: GameObject) -> bool:
    """Place one buff on *obj* (426.1.b); False when nothing is placed (426.1.b.1, 702.3.a:
    it has one already and may not have more).  Does not log (actions.buff does)."""
    counts = state.extra.get("buff_counts")
    if not obj.buffed:
        obj.buffed = True
        if counts and obj.oid in counts:  # stale: from before it last lost its buffs
            del counts[obj.oid]
            if not counts:
                state.extra.pop("buff_counts", None)
        return True
    if not may_have_many(state, obj):
        return False
    state.extra.setdefault("buff_counts", {})[obj.oid] = count(state, obj) + 1
    return True


def spend(state: GameState, obj: GameObject) -> int:
    """Spend one buff of *obj* (702.2.b: removes a single buff counter); returns how many
    are left.  Raises ImpossibleDecision citing 702.2.b.1 when it has none."""
    if not obj.buffed:
        raise ImpossibleDecision(f"{state.edition} 702.2.b.1: {obj.oid} has no buff to spend")
    left = count(state, obj) - 1
    counts = state.extra.get("buff_counts")
    if left >= 2:
        assert counts is not None
        counts[obj.oid] = left
    else:
        if counts and obj.oid in counts:
            del counts[obj.oid]
            if not counts:
                state.extra.pop("buff_counts", None)
        obj.buffed = left == 1
    # issue 24: trigger event "spends_buff" (the unit's controller spends it, 702.2.b)
    hooks.fire_event(state, "spends_buff", obj=obj.oid, player=obj.controller)
    return left
