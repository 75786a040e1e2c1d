"""Detonate (SFD-005): kill the chosen gear; the player who controlled it draws."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("detonate")
def _detonate(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
              name: str, n: int) -> None:
    """Kill the target *name* if it is still legal; whoever controlled it draws *n*."""
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):           # re-checked as it resolves
        controller = state.objects[oid].controller
        api.kill(state, [oid], log, attribution=[ctx["source"]], player=ctx["controller"])
        api.draw(state, controller, log, n)
