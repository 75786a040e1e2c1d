"""Stormbringer (OGN-250): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    controller_deal_bonus,
    custom,
)


@custom("deal_its_might_to_enemies_at")
def _deal_its_might_to_enemies_at(state: GameState, ctx: dict[str, Any],
                                  log: list[GameAction], unit: str, bf: str) -> None:
    """Deal the chosen unit's Might to every enemy unit at the chosen battlefield."""

    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == unit)
    mine = api.still_legal(state, ctx, spec)
    if not mine:
        return
    n = max(0, api.might_of(state, mine[0]))
    for oid in api.objects(state, ctx, V.All("unit", "enemy", at=V.Chosen(bf))):
        api.deal(state, oid, n + controller_deal_bonus(state, ctx["controller"], n), log,
                 source=ctx.get("source"), player=ctx["controller"])
