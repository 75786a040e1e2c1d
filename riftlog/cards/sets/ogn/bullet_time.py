"""Bullet Time (OGN-268): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("deal_paid_to_enemies_at")
def _deal_paid_to_enemies_at(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                             key: str = "x", where: str = "bf") -> None:
    """Deal the amount paid as ``choices[key]`` to every enemy unit at the chosen
    battlefield *where* (with its Bonus Damage)."""

    n = int(ctx.get("choices", {}).get(key, 0) or 0)
    bf = next(iter(ctx["targets"].get(where, [])), None)
    if n < 1 or bf is None:
        return
    opponents = state.opponents(ctx["controller"])
    for b in state.battlefields:
        if b.oid != bf:
            continue
        for oid in list(b.units):
            obj = state.objects[oid]
            if obj.controller in opponents and api.printed_type(obj.card) == "Unit":
                api.deal(state, oid, n + api.bonus_damage(state, oid, n), log,
                         source=ctx.get("source"), player=ctx["controller"])
