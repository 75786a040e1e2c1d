"""Kog'Maw, Caustic (OGN-190): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    board_units,
    controller_deal_bonus,
    custom,
)


@custom("deal_all_where_died")
def _deal_all_where_died(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                         n: int) -> None:
    """Deal *n* to every unit at the battlefield where the source died (808: its location
    as it died; nothing if that was a base)."""

    where = (ctx.get("event") or {}).get("battlefield")
    if where not in {bf.oid for bf in state.battlefields}:
        return None
    for oid in [o for o in board_units(state) if state.objects[o].location == where]:
        api.deal(state, oid, n + controller_deal_bonus(state, ctx["controller"], n), log,
                 source=ctx.get("source"), player=ctx["controller"])
    return None
