"""Stealthy Pursuer (OGN-177): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
    destination_problem,
)


@custom("follow_mover")
def _follow_mover(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """Move the source to where the trigger event's unit moved (its ``to``), if it can."""

    src = state.objects.get(ctx.get("source") or "")
    dest = (ctx.get("event") or {}).get("to")
    if src is None or src.zone not in ("base", "battlefield") or not dest or src.location == dest:
        return None
    if destination_problem(state, src.controller or ctx["controller"], dest) is None:
        api.move(state, src.oid, dest, log, player=ctx["controller"])
    return None
