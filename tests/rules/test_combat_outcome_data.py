"""The queued copy of a combat outcome (replay-perf: combat._outcome_data) is exactly
``dataclasses.asdict`` of it, keys in the same order, and rebuilds the same outcome."""

from __future__ import annotations

from dataclasses import asdict

from riftlog.rules.flow.combat import _outcome_data
from riftlog.rules.flow.combat_damage import CombatOutcome


def test_outcome_data_is_asdict() -> None:
    o = CombatOutcome(
        battlefield="bf1", attacker="p1", defender="p2", killed=("u1", "u2"), healed=("u3",),
        recalled=(), remaining={"p1": ("u3",), "p2": ()}, winner="p1", loser="p2",
        restage=False, controller="p1", establishes="p1", conquered_by=None,
    )
    data = _outcome_data(o)
    assert data == asdict(o)
    assert list(data) == list(asdict(o))
    assert data["remaining"] is not o.remaining
    assert CombatOutcome(**data) == o
