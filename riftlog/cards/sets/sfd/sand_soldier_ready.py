"""A Sand Soldier token its controller may pay to ready (Guards!, SFD-154): its custom effect."""

from __future__ import annotations

from typing import Any

from riftlog.events.decisions import Payment
from riftlog.rules import card_api as api
from riftlog.rules.card_api import Cost, GameAction, GameState, base_of, custom, pay
from riftlog.rules.card_api import recycle_payments as power_payments


@custom("token_then_may_pay_to_ready_it")
def _token_then_may_pay_to_ready_it(state: GameState, ctx: dict[str, Any],
                                    log: list[GameAction], token: str,
                                    domain: str) -> bool | None:
    """Play unit token *token* to the controller's base; then the controller may pay one
    *domain* Power to ready that token, if it is still on the board.  Answer ``{"pay":
    null}`` or ``{"pay": {"exhaust": [], "recycle": [runes]}}`` (one of the listed ways)."""
    me = ctx["controller"]
    data: dict[str, Any] = ctx.setdefault(f"pe{ctx['pc']}", {})
    if "token" not in data:  # the token is played once, before the question
        data["token"] = api.create(state, token, me, log, location=base_of(me))
    unit = state.objects.get(data["token"])
    if unit is None or unit.zone not in ("base", "battlefield") or not unit.exhausted:
        return None
    cost = Cost(0, {domain: 1})
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        ways = power_payments(state, me, cost)
        if not ways:
            return None
        api.ask(state, ctx, "custom", {"choices": [{"pay": None}, *({"pay": w} for w in ways)],
                                       "what": "pay to ready the token"}, "355.10.c.1")
        return False
    if answer.get("pay") is None:
        return None
    pay(state, me, cost, Payment(**answer["pay"]), log)
    api.ready(state, unit.oid, log)
    return None
