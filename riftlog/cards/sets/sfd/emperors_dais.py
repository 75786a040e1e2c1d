"""Emperor's Dais (SFD-207): as its conquer trigger resolves, its controller may pay Energy
and return one of their units there to its owner's hand for a unit token there."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.sfd.pay_energy_to import _energy_payments
from riftlog.events.decisions import Payment
from riftlog.rules import card_api as api


def _units_here(state: api.GameState, pid: str, here: str) -> list[str]:
    return [o for o in api.board_units(state, pid)
            if state.objects[o].zone == "battlefield" and state.objects[o].location == here]


@api.custom("may_pay_and_return_a_unit_here_for_token")
def _may_pay_and_return_a_unit_here_for_token(state: api.GameState, ctx: dict[str, Any],
                                              log: list[api.GameAction], energy: int,
                                              token: str) -> bool | None:
    """The controller may pay *energy* and return a unit they control at this battlefield to
    its owner's hand; if they do, unit token *token* is played here.  Answer ``{"pay": None}``
    (decline) or ``{"pay": {"exhaust": [rune oids]}, "unit": oid}`` (one of the listed)."""
    me = ctx["controller"]
    src = state.objects.get(ctx.get("source") or "")
    if src is None or src.zone != "battlefield_card":
        return None
    here = src.oid
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        units, ways = _units_here(state, me, here), _energy_payments(state, me, energy)
        if not units or not ways:
            return None  # the cost cannot be paid: nothing is asked
        api.ask(state, ctx, "custom", {
            "what": f"pay {energy} Energy and return a unit here to hand for a token",
            "choices": [{"pay": None}] + [{"pay": w, "unit": u} for w in ways for u in units]},
            "355.10.c.1")  # a cost within an instruction
        return False
    if answer.get("pay") is None:
        return None
    api.pay(state, me, api.Cost(energy), Payment(exhaust=tuple(answer["pay"]["exhaust"])), log)
    unit = state.objects[answer["unit"]]
    origin = unit.location
    api.change_zone(state, unit, "hand")
    log.append(api.GameAction("return_to_hand", me, (unit.oid,), {"card": unit.card, "from": origin},
                              "public", "420", me))
    api.create(state, token, me, log, location=here)
    return None
