"""Solari Chief (OGN-225): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("kill_if_stunned_else_stun")
def _kill_if_stunned_else_stun(state: GameState, ctx: dict[str, Any],
                               log: list[GameAction], name: str) -> None:

    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        if state.objects[oid].stunned:
            api.kill(state, [oid], log,
                     attribution=[ctx["source"]] if ctx.get("source") else [],
                     player=ctx["controller"])
        else:
            api.stun(state, oid, log, player=ctx["controller"])
