"""An optional Energy payment for a reward, asked as the effect resolves (a cost within a
spell's instructions, v1.3 742.1.a, or one later in a triggered ability's effect, RUP4
383.3.b); a "you may pay ... to ..." at the start of a triggered ability is its base cost,
paid as it is finalized instead (``trigger_costs.py``: Hall of Legends, Treasure Hoard and
Jax, Unrelenting use that).  Also the reward of Hall of Legends (SFD-210): ready your legend."""

from __future__ import annotations

import itertools
from typing import Any

from riftlog.events.decisions import Payment
from riftlog.rules import card_api as api

#: the Gold gear token (v1.3 184.5)
GOLD = "SFD-T03"


def _energy_payments(state: api.GameState, pid: str, n: int) -> list[dict[str, list[str]]]:
    """The distinct ways to pay *n* Energy now: the pool as it is, else exhausting ready
    runes (runes of one card are interchangeable: one way per kind)."""
    cost = api.Cost(n)
    if not api.payment_violations(state, pid, cost, Payment()):
        return [{"exhaust": []}]
    ready = [o for o in state.players[pid].base
             if api.card_type(state.objects[o].card) == "Rune" and not state.objects[o].exhausted]
    out: list[dict[str, list[str]]] = []
    seen: set[tuple[str, ...]] = set()
    for combo in itertools.combinations(ready, n):
        sig = tuple(sorted(state.objects[o].card for o in combo))
        if sig not in seen and not api.payment_violations(state, pid, cost, Payment(exhaust=combo)):
            seen.add(sig)
            out.append({"exhaust": list(combo)})
    return out


def _reward(state: api.GameState, pid: str, what: str, log: list[api.GameAction]) -> None:
    if what == "ready_legend":
        for oid in state.players[pid].legend:
            api.ready(state, oid, log)
    elif what == "gold":
        api.create(state, GOLD, pid, log, exhausted=True)
    elif what == "draw":
        api.draw(state, pid, log)
    else:
        raise ValueError(f"may_pay_energy_to: unknown reward {what!r}")


@api.custom("may_pay_energy_to")
def _may_pay_energy_to(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                       energy: int, what: str) -> bool | None:
    """The controller may pay *energy* for the reward *what* ("ready_legend": ready their
    legend; "gold": play a Gold token exhausted; "draw": draw one).  Answer ``{"pay": None}`` (decline) or
    ``{"pay": {"exhaust": [rune oids]}}`` (one of the listed ways to pay)."""
    me = ctx["controller"]
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        ways = _energy_payments(state, me, energy)
        api.ask(state, ctx, "custom", {"what": f"pay {energy} Energy for {what}",
                                       "choices": [{"pay": None}] + [{"pay": w} for w in ways]},
                "378")
        return False
    if answer.get("pay") is None:
        return None
    api.pay(state, me, api.Cost(energy), Payment(exhaust=tuple(answer["pay"]["exhaust"])), log)
    _reward(state, me, what, log)
    return None


@api.custom("ready_your_legend")
def _ready_your_legend(state: api.GameState, ctx: dict[str, Any],
                       log: list[api.GameAction]) -> bool | None:
    """Ready the controller's legend (Hall of Legends, SFD-210; not a target: one legend,
    RUP4 355.10.d)."""
    _reward(state, ctx["controller"], "ready_legend", log)
    return None
