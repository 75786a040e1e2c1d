"""Flame Chompers (OGN-006): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.events.decisions import Payment
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    Cost,
    GameAction,
    GameState,
    change_zone,
    custom,
    pay,
    unit_places,
)
from riftlog.rules.card_api import recycle_payments as power_payments


@custom("ogn_may_pay_play_me_from_trash")
def _ogn_may_pay_play_me_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                    power: tuple[tuple[str, int], ...]) -> bool | None:
    """Flame Chompers: its controller may pay *power* (instead of its cost) to play the
    source from the trash, to their base or a battlefield they control (355.2.a), entering
    exhausted.  Answer ``{"play": None}`` or ``{"play": {"to": place, "payment": {...}}}``
    (one of the listed ways to pay)."""

    me = ctx["controller"]
    obj = state.objects.get(ctx.get("source") or "")
    if obj is None or obj.zone != "trash" or obj.owner != me:
        return None
    cost = Cost(0, dict(power))
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
        ways = power_payments(state, me, cost)
        choices: list[dict[str, Any]] = [{"play": None}]
        choices += [{"play": {"to": t, "payment": w}} for w in ways for t in places]
        api.ask(state, ctx, "custom", {"what": "pay to play it from the trash",
                                           "choices": choices}, "378")
        return False
    chosen = answer.get("play")
    if chosen is None:
        return None
    pay(state, me, cost, Payment(**chosen["payment"]), log)
    dest = chosen["to"]
    change_zone(state, obj, "base" if dest.startswith("base:") else "battlefield", dest, controller=me)
    obj.exhausted = True  # 143.4
    log.append(GameAction("play", me, (obj.oid,), {"card": obj.card, "from": "trash", "to": dest,
                                                    "cost": cost.to_json()}, "public", "419.1", me))
    api.after_play(state, obj.oid, me, log)
    return None
