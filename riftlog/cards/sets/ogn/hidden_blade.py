"""Hidden Blade (OGN-213): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("kill_then_its_controller_draws")
def _kill_then_its_controller_draws(state: GameState, ctx: dict[str, Any],
                                    log: list[GameAction], name: str, n: int) -> None:
    """Kill the chosen unit; the player who controlled it draws *n*."""

    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        controller = state.objects[oid].controller
        api.kill(state, [oid], log, attribution=[ctx["source"]] if ctx.get("source") else [],
                 player=ctx["controller"])
        api.draw(state, controller, log, n)
