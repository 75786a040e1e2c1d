"""Forge of the Future (OGN-212): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("recycle_up_to_from_trashes")
def _recycle_up_to_from_trashes(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                n: int) -> bool | None:
    """Recycle up to *n* cards chosen among every player's trash.  Two or more going to one
    Main Deck land in a recorded random order (416.5: a DeckOrderRecorded per such deck)."""

    pool = [o for p in state.turn_order for o in state.players[p].trash]
    if not pool:
        return None
    key = str(ctx["pc"])
    answer = ctx["answers"].get(key)
    if answer is None:
        api.ask(state, ctx, "cards", {"from": pool, "count": min(n, len(pool)),
                                          "up_to": True}, "416.1")
        return False
    orders: dict[str, list[str]] = ctx.setdefault("b201_orders", {})
    if "order" in answer:
        orders[ctx.pop("b201_order_for")] = list(answer.pop("order"))
    picked = [o for o in answer["cards"] if state.objects[o].zone == "trash"]
    owners = [p for p in state.turn_order if p not in orders
              and sum(1 for o in picked if state.objects[o].owner == p) >= 2]
    if owners:
        pid = owners[0]
        ctx["b201_order_for"] = pid
        mine = [o for o in picked if state.objects[o].owner == pid]
        return api.await_deck_order(state, ctx, pid, list(state.players[pid].main_deck),
                                    mine)
    for pid in state.turn_order:
        mine = orders.get(pid) or [o for o in picked if state.objects[o].owner == pid]
        if mine:
            api.recycle(state, mine, log, player=ctx["controller"])
    return None
