"""Combat decisions: how a player assigns combat damage (v1.3 460.2.c).

The rules engine judges these with :func:`riftlog.rules.flow.combat_damage.check_assignment`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from riftlog.events.decisions import Decision
from riftlog.events.registry import event_payload

__all__ = ["CombatDamageAssigned"]


@event_payload
class CombatDamageAssigned(Decision):
    """*player* assigns their side's combat damage among the opposing units (460.2.c).

    ``assignment`` maps each opposing unit (oid) to the damage assigned to it; units left
    out get none.  ``order``, when the client recorded it, is the sequence in which the
    units were assigned damage (the rules let the player choose among units of the same
    priority, 460.2.c.6, and between Tank and "assigned last" on one unit, 460.2.c.7).
    """

    type: Literal["CombatDamageAssigned"] = "CombatDamageAssigned"
    battlefield: str
    assignment: dict[str, int] = Field(default_factory=dict)
    order: tuple[str, ...] | None = None
