"""Tideturner (OGN-199): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
    destination_problem,
)


@custom("swap_places")
def _swap_places(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                 name: str) -> None:
    """The source moves to the location of the unit chosen as *name*, and that unit to the
    source's former location (a location it cannot go to: it is recalled, 442.2.c)."""

    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    picked = api.still_legal(state, ctx, spec)
    src = state.objects.get(ctx.get("source") or "")
    if not picked or src is None or src.zone not in ("base", "battlefield"):
        return None
    other = state.objects[picked[0]]
    mine, theirs = src.location, other.location
    assert mine is not None and theirs is not None
    for unit, dest in ((src, theirs), (other, mine)):
        if destination_problem(state, unit.controller, dest) is None:
            api.move(state, unit.oid, dest, log, player=ctx["controller"])
        else:
            api.recall(state, unit.oid, log, responsible=ctx["controller"])
    return None
