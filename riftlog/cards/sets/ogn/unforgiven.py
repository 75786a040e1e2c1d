"""Unforgiven (OGN-259): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _pick
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    base_of,
    custom,
    destination_problem,
)


@custom("move_to_or_from_base")
def _move_to_or_from_base(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          unit: str = "t") -> bool | None:
    """Move the chosen unit to its base if it is at a battlefield, else from its base to a
    battlefield its controller's units may go to (the controller's pick as it resolves)."""

    oid = next(iter(ctx["targets"].get(unit, [])), None)
    if oid is None or state.objects[oid].zone not in ("base", "battlefield"):
        return None
    obj = state.objects[oid]
    if obj.zone == "battlefield":
        dest = base_of(obj.controller)
    else:
        places = [b.oid for b in state.battlefields
                  if destination_problem(state, obj.controller, b.oid) is None
                  and not api.move_forbidden(state, obj, b.oid)]
        if not places:
            return None
        done, dest = _pick(state, ctx, "to", places, "420.1")
        if not done:
            return False
    if not api.move_forbidden(state, obj, dest):
        api.move(state, oid, dest, log, player=ctx["controller"])
    return None
