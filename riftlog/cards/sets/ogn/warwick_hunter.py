"""Warwick, Hunter (OGN-159): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    board_units,
    custom,
)


@custom("kill_damaged_enemies_here")
def _kill_damaged_enemies_here(state: GameState, ctx: dict[str, Any],
                               log: list[GameAction]) -> None:
    """Kill every enemy unit with damage marked at the source's location."""

    src = state.objects.get(ctx.get("source") or "")
    where = src.location if src is not None and src.zone in ("base", "battlefield") else \
        (ctx.get("event") or {}).get("battlefield")
    if where is None:
        return None
    opponents = state.opponents(ctx["controller"])
    doomed = [o for o in board_units(state) if state.objects[o].location == where
              and state.objects[o].controller in opponents and state.objects[o].damage > 0]
    if doomed:
        api.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                 player=ctx["controller"])
    return None
