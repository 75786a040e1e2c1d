"""Replay-perf: ``combat_damage.Slot``, ``CombatOutcome`` and ``kills.Credit`` are built
through their slots by hand-written constructors; they must give what the dataclass
constructors give (same fields, equal, hashable, still frozen)."""

from __future__ import annotations

import dataclasses

import pytest

from riftlog.rules import combat_damage, kills


def test_fast_constructors_match_the_dataclasses() -> None:
    slot = ("u1", "Unit One", 2, frozenset({0, 2}), True, "assigned last")
    outcome = ("bf1", "p1", "p2", ("u1",), ("u2",), ("u3",), {"p1": (), "p2": ("u2",)},
               None, None, True, "p2", None, None)
    credit = (("p1",), ("s1", "s2"), ("spell",), ("p1",))
    for fast, cls, values in ((combat_damage._new_slot, combat_damage.Slot, slot),
                              (combat_damage._new_outcome, combat_damage.CombatOutcome, outcome),
                              (kills._new_credit, kills.Credit, credit)):
        made = fast(*values)
        assert made == cls(*values)
        assert dataclasses.astuple(made) == dataclasses.astuple(cls(*values))
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.__setattr__(dataclasses.fields(cls)[0].name, None)
    assert hash(combat_damage._new_slot(*slot)) == hash(combat_damage.Slot(*slot))
    assert hash(kills._new_credit(*credit)) == hash(kills.Credit(*credit))
