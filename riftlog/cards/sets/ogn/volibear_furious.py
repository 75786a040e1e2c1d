"""Volibear, Furious (OGN-041): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


def _ogn_splits(total: int, units: list[str]) -> list[dict[str, int]]:
    """Every way to divide *total* damage among *units* (each unit listed, 0 allowed)."""
    if not units:
        return []
    if len(units) == 1:
        return [{units[0]: total}]
    out = []
    for n in range(total, -1, -1):
        for rest in _ogn_splits(total - n, units[1:]):
            out.append({units[0]: n, **rest})
    return out


@custom("ogn_split_damage_here")
def _ogn_split_damage_here(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                           total: int) -> bool | None:
    """Volibear, Furious: *total* damage divided as its controller chooses among the enemy
    units at the source's location (a recorded ChoiceMade ``{"split": {oid: n}}``)."""

    enemies = api.objects(state, ctx, V.All("unit", "enemy", at="here"))
    if not enemies:
        return None
    total += api.controller_bonus_damage(state, ctx["controller"])  # 715.3
    if len(enemies) == 1:
        split = {enemies[0]: total}
    else:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            api.ask(state, ctx, "custom", {
                "what": "split damage", "total": total,
                "choices": [{"split": s} for s in _ogn_splits(total, enemies)]}, "417")
            return False
        split = dict(answer["split"])
    for oid, n in split.items():
        obj = state.objects.get(oid)
        if n > 0 and obj is not None and obj.zone in ("base", "battlefield"):
            api.deal(state, oid, n, log, source=ctx.get("source"), player=ctx["controller"])
    return None
