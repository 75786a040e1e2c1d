"""A "you may pay [this] to [do that]" at the start of a triggered ability: the cost is the
ability's base cost, paid as the ability is finalized (RUP4 204.3.a, v1.3 742.1.b), and the
ability is not put on the chain when it is not paid.  Energy and Power are paid from a
payment the controller names; "exhaust me" exhausts the ability's source, which must be
ready.  Spirit Wheel (SFD-144) and Blade Dancer (SFD-195) use it.

``Triggered(..., finalize_cost=(Custom("pay_to_finalize", (energy, domain, power,
exhaust_me)),))``; the question is asked through ``api.COST_CHOICES`` and answered with
``{"pay": None}`` (declined) or ``{"pay": {"exhaust": [...], "recycle": [...]}}``.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from riftlog.events.decisions import Payment
from riftlog.rules import card_api as api

NAME = "pay_to_finalize"
_MAX_WAYS = 6


def _node(t: dict[str, Any]) -> Any | None:
    ab = api.ability(t["card"], t["ability"])
    for node in getattr(ab, "finalize_cost", ()):
        if getattr(node, "name", None) == NAME:
            return node
    return None


def _cost(energy: int, domain: str | None, power: int) -> api.Cost:
    return api.Cost(energy, {domain: power} if domain and power else {})


def _ways(state: api.GameState, pid: str, cost: api.Cost) -> list[dict[str, list[str]]]:
    """A few ways for *pid* to pay *cost* now (the listed answers bots pick from)."""
    ways: list[dict[str, list[str]]] = []
    if cost.power and not cost.energy:
        ways.extend(api.recycle_payments(state, pid, cost))
    found = api.find_payment(state, pid, cost)
    if found is not None:
        way = {"exhaust": list(found.exhaust), "recycle": list(found.recycle)}
        if way not in ways:
            ways.append(way)
    return ways[:_MAX_WAYS]


def _source_ready(state: api.GameState, oid: str) -> bool:
    obj = state.objects.get(oid)
    return obj is not None and not obj.exhausted


def _question(state: api.GameState, t: dict[str, Any]) -> dict[str, Any] | None:
    node = _node(t)
    if node is None:
        return None
    energy, domain, power, exhaust_me = node.args
    if exhaust_me and not _source_ready(state, t["source"]):
        return None  # "exhaust me" cannot be paid: the ability is not put on the chain
    cost = _cost(energy, domain, power)
    ways = _ways(state, t["controller"], cost)
    if not ways:
        return None  # it cannot be paid (204.3.a / 742.1.b)
    return {"validator": NAME, "cost": cost.to_json(),
            "choices": [{"pay": None}, *({"pay": w} for w in ways)],
            "what": "pay the cost to put the ability on the chain, or not"}


api.COST_CHOICES.append(_question)


def _violations(state: api.GameState, options: dict[str, Any], choice: dict[str, Any]) -> list[str]:
    if set(choice) != {"pay"}:
        return ['answer {"pay": null} or {"pay": {"exhaust": [...], "recycle": [...]}}']
    if choice["pay"] is None:
        return []
    entry = state.extra.get("answering") or (state.queue[0] if state.queue else {})
    player = entry.get("player") or ""  # who answers the request being judged
    try:
        payment = Payment(**choice["pay"])
    except (ValidationError, TypeError) as exc:
        return [f"malformed payment: {exc}"]
    cost = api.Cost.from_json(options["cost"])
    return [str(v) for v in api.payment_violations(state, player, cost, payment)]


api.ANSWER_VALIDATORS[NAME] = _violations


@api.custom(NAME)
def _pay_to_finalize(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                     energy: int, domain: str | None, power: int, exhaust_me: bool) -> bool | None:
    """Pay the cost the recorded answer names (and exhaust the source when asked); False
    when it was declined or cannot be paid: the ability is not put on the chain."""
    answer = ctx["answers"].get("0")
    if not answer or answer.get("pay") is None:
        return False
    if exhaust_me and not _source_ready(state, ctx["source"]):
        return False
    way = answer["pay"]
    api.pay(state, ctx["controller"], _cost(energy, domain, power),
            Payment(exhaust=tuple(way.get("exhaust", ())), recycle=tuple(way.get("recycle", ()))),
            log)
    if exhaust_me:
        api.exhaust(state, ctx["source"], log)
    return None
