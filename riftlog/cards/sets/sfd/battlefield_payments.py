"""Spiritforged battlefields whose reward is paid for as it resolves: Sunken Temple (SFD-218,
Energy for a draw after a conquer with a Mighty unit there) and Power Nexus (SFD-214, four
Power of any domains for a point after a hold)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.sfd.pay_energy_to import _energy_payments
from riftlog.events.decisions import Payment
from riftlog.rules import card_api as api


def _mighty_friend_here(state: api.GameState, pid: str, battlefield: str) -> bool:
    """*pid* has a Mighty unit (v1.3 708) at *battlefield* now."""
    bf = next((b for b in state.battlefields if b.oid == battlefield), None)
    return bf is not None and any(
        state.objects[o].controller == pid and api.card_type(state.objects[o].card) == "Unit"
        and api.characteristics(state, o).mighty for o in bf.units)


@api.custom("mighty_here_may_pay_to_draw")
def _mighty_here_may_pay_to_draw(state: api.GameState, ctx: dict[str, Any],
                                 log: list[api.GameAction], energy: int, n: int) -> bool | None:
    """When the controller has a Mighty unit at this battlefield (looked at as the ability
    resolves), they may pay *energy* to draw *n*.  Answer ``{"pay": None}`` or ``{"pay":
    {"exhaust": [rune oids]}}`` (one of the listed ways)."""
    me = ctx["controller"]
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        if not _mighty_friend_here(state, me, ctx["source"]):
            return None
        ways = _energy_payments(state, me, energy)
        if not ways:
            return None
        api.ask(state, ctx, "custom", {"what": f"pay {energy} Energy to draw {n}",
                                       "choices": [{"pay": None}] + [{"pay": w} for w in ways]},
                "378")
        return False
    if answer.get("pay") is None:
        return None
    api.pay(state, me, api.Cost(energy), Payment(exhaust=tuple(answer["pay"]["exhaust"])), log)
    api.draw(state, me, log, n)
    return None


@api.custom("may_pay_power_for_points")
def _may_pay_power_for_points(state: api.GameState, ctx: dict[str, Any],
                              log: list[api.GameAction], power: int, points: int) -> bool | None:
    """The controller may pay *power* Power of any domains for *points* points (gained, not
    a Score: v1.3 466.1.a.1).  Answer ``{"pay": None}`` or ``{"pay": {"exhaust": [...],
    "recycle": [rune oids]}}`` (one of the listed ways)."""
    me = ctx["controller"]
    cost = api.Cost(0, {"Any": power})
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        ways = api.recycle_payments(state, me, cost)
        if not ways:
            return None
        api.ask(state, ctx, "custom", {"what": f"pay {power} Power for {points} point(s)",
                                       "choices": [{"pay": None}] + [{"pay": w} for w in ways]},
                "378")
        return False
    if answer.get("pay") is None:
        return None
    way = answer["pay"]
    api.pay(state, me, cost, Payment(exhaust=tuple(way.get("exhaust", ())),
                                     recycle=tuple(way.get("recycle", ()))), log)
    p = state.players[me]
    p.points += points  # 466.1.a.1: not a Score; the victory check is the next cleanup's (467)
    log.append(api.GameAction("gain_points", me, (), {"points": points, "total": p.points,
                                                     "reason": "effect", "card": ctx["card"]},
                              "public", "466.1.a.1", me))
    return None
