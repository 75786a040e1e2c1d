"""The custom effect play from trash, shared by OGN-196, OGN-198."""

from __future__ import annotations

from typing import Any

from riftlog.events.decisions import Payment
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    Cost,
    GameAction,
    GameState,
    card_cost,
    card_facts,
    change_zone,
    custom,
    pay,
    unit_places,
)
from riftlog.rules.card_api import recycle_payments as power_payments


@custom("play_from_trash")
def _play_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                     optional: bool) -> bool | None:
    """The controller plays a unit card from their trash ignoring its Energy cost but paying
    its Power cost, to their base or a battlefield they control (355.2.a), entering
    exhausted.  Answer ``{"card": oid, "to": place, "payment": {"exhaust": [], "recycle":
    [rune oids]}}`` (one of the listed ways to pay), or ``{"card": None}`` when *optional*."""

    me = ctx["controller"]
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
        choices: list[dict[str, Any]] = [{"card": None}] if optional else []
        for oid in state.players[me].trash:
            if api.card_type(state.objects[oid].card) != "Unit":
                continue
            cost = Cost(0, dict(card_cost(state.objects[oid].card, state.edition).power))
            for payment in power_payments(state, me, cost):
                choices += [{"card": oid, "to": t, "payment": payment} for t in places]
        if not choices or choices == [{"card": None}]:
            return None
        api.ask(state, ctx, "custom", {"choices": choices,
                                           "what": "a unit to play from the trash"}, "355.2")
        return False
    oid = answer.get("card")
    if oid is None or state.objects[oid].zone != "trash":
        return None
    obj = state.objects[oid]
    card_facts(obj.card).require_supported()
    cost = Cost(0, dict(card_cost(obj.card, state.edition).power))
    pay(state, me, cost, Payment(**answer["payment"]), log)
    dest = answer["to"]
    change_zone(state, obj, "base" if dest.startswith("base:") else "battlefield", dest, controller=me)
    obj.exhausted = True  # 143.4: a unit enters the board exhausted
    log.append(GameAction("play", me, (oid,), {"card": obj.card, "from": "trash", "to": dest,
                                                "cost": cost.to_json()}, "public", "419.1", me))
    api.after_play(state, oid, me, log)
    return None
