"""Adaptatron (OGN-056): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("ogn_kill_then_buff_me")
def _ogn_kill_then_buff_me(state: GameState, ctx: dict[str, Any],
                           log: list[GameAction]) -> bool | None:
    """Adaptatron: kill the chosen gear if it is still a legal target; only if it was
    killed, buff the source."""

    specs = api.targets_of(ctx["card"], ctx["ability"])
    legal = api.still_legal(state, ctx, specs[0]) if specs else []
    if not legal:
        return None
    api.kill(state, legal, log, attribution=[ctx["source"]] if ctx.get("source") else [],
             player=ctx["controller"])
    src = state.objects.get(ctx.get("source") or "")
    if src is not None and src.zone in ("base", "battlefield"):
        api.buff(state, src.oid, log, player=ctx["controller"])
    return None
