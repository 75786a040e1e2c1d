"""Vayne, Hunter (OGN-035): its custom effects (see its encoding)."""

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
    payment_violations,
)


def _ogn_energy_payments(state: GameState, pid: str, n: int) -> list[dict[str, list[str]]]:
    """The distinct ways to pay *n* Energy now: the pool as it is, else exhausting ready runes
    (runes of one card are interchangeable: one option per kind)."""
    import itertools


    cost = Cost(n)
    if not payment_violations(state, pid, cost, Payment()):
        return [{"exhaust": []}]
    ready = [o for o in state.players[pid].base if api.card_type(state.objects[o].card) == "Rune"
             and not state.objects[o].exhausted]
    out: list[dict[str, list[str]]] = []
    seen: set[tuple[str, ...]] = set()
    for combo in itertools.combinations(ready, n):
        sig = tuple(sorted(state.objects[o].card for o in combo))
        if sig not in seen and not payment_violations(state, pid, cost, Payment(exhaust=combo)):
            seen.add(sig)
            out.append({"exhaust": list(combo)})
    return out


@custom("ogn_may_pay_to_return_me")
def _ogn_may_pay_to_return_me(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                              energy: int) -> bool | None:
    """Vayne, Hunter: its controller may pay *energy* to return the source to its owner's
    hand.  Answer ``{"pay": None}`` (decline) or ``{"pay": {"exhaust": [rune oids]}}`` (one of
    the listed ways to pay)."""

    me = ctx["controller"]
    src = state.objects.get(ctx.get("source") or "")
    if src is None or src.zone not in ("base", "battlefield"):
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        ways = _ogn_energy_payments(state, me, energy)
        api.ask(state, ctx, "custom", {"what": f"pay {energy} Energy to return it to hand",
                                           "choices": [{"pay": None}] + [{"pay": w} for w in ways]},
                    "378")
        return False
    if answer.get("pay") is None:
        return None
    pay(state, me, Cost(energy), Payment(exhaust=tuple(answer["pay"]["exhaust"])), log)
    origin = src.location
    change_zone(state, src, "hand")
    log.append(GameAction("return_to_hand", me, (src.oid,), {"card": src.card, "from": origin},
                          "public", "420", me))
    return None
