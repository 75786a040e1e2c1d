"""Mistfall (OGN-152): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.events.decisions import Payment
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    Cost,
    GameAction,
    GameState,
    custom,
    pay,
)
from riftlog.rules.card_api import recycle_payments as power_payments


@custom("pay_exhaust_to_ready_it")
def _pay_exhaust_to_ready_it(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                             domain: str) -> bool | None:
    """The controller may pay one *domain* Power and exhaust the (ready) source to ready the
    trigger event's unit, if it is still a friendly unit on the board.  Answer ``{"pay":
    null}`` or ``{"pay": {"exhaust": [], "recycle": [runes]}}`` (one of the listed ways)."""

    me = ctx["controller"]
    src = state.objects.get(ctx.get("source") or "")
    unit = state.objects.get((ctx.get("event") or {}).get("obj") or "")
    if src is None or src.zone not in ("base", "battlefield") or src.exhausted or unit is None \
            or unit.zone not in ("base", "battlefield") or unit.controller != me:
        return None
    cost = Cost(0, {domain: 1})
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        ways = power_payments(state, me, cost)
        if not ways:
            return None
        api.ask(state, ctx, "custom", {"choices": [{"pay": None}, *({"pay": w} for w in ways)],
                                           "what": "pay and exhaust the source to ready the unit"},
                    "355.10.c.1")
        return False
    if answer.get("pay") is None:
        return None
    pay(state, me, cost, Payment(**answer["pay"]), log)
    api.exhaust(state, src.oid, log)
    api.ready(state, unit.oid, log)
    return None
