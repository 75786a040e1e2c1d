"""Ride the Wind (OGN-173): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    base_of,
    custom,
    destination_problem,
)


@custom("move_anywhere")
def _move_anywhere(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                   name: str) -> bool | None:
    """Move the unit chosen as target *name* to a location the controller picks on
    resolution (its base or another battlefield it may move to, 444)."""

    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    units = api.still_legal(state, ctx, spec)
    if not units:
        return None
    obj = state.objects[units[0]]
    places = [base_of(obj.controller)] + [bf.oid for bf in state.battlefields]
    options = [p for p in places if p != obj.location
               and destination_problem(state, obj.controller, p) is None]
    if not options:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {"choices": [{"to": p} for p in options]}, "444.1")
        return False
    if not api.move_forbidden(state, obj, answer["to"]):  # a "can't" makes it impossible:
        api.move(state, obj.oid, answer["to"], log, player=ctx["controller"])  # ignored (359.3.e.6)
    return None
