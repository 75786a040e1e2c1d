"""Whirlwind (OGN-187): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _to_hand
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    ask_player,
    board_units,
    custom,
    order_from,
)


@custom("whirlwind")
def _whirlwind(state: GameState, ctx: dict[str, Any],
               log: list[GameAction]) -> bool | None:
    """From the player after the controller, round the table, each player may return a
    unit on the board to its owner's hand (a ChoiceMade each: a unit or none)."""
    me = ctx["controller"]
    order = order_from(state, me)
    order = order[1:] + order[:1]
    i = ctx.setdefault("ogn151_ww", 0)
    answer = ctx["answers"].pop(str(ctx["pc"]), None)
    if answer is not None:
        oid = answer.get("unit")
        if oid is not None and state.objects[oid].zone in ("base", "battlefield"):
            _to_hand(state, oid, order[i], log)
        i += 1
        ctx["ogn151_ww"] = i
    while i < len(order):
        units = board_units(state)
        if units:
            ask_player(state, ctx, order[i], {"kind": "custom", "choices": [
                {"unit": None}, *({"unit": o} for o in units)]}, "378")
            return False
        i += 1
        ctx["ogn151_ww"] = i
    return None
