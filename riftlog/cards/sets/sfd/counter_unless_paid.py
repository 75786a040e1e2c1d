"""Counter a spell unless its controller pays Energy: Hard Bargain (SFD-136)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.sfd.pay_energy_to import _energy_payments
from riftlog.events.decisions import Payment
from riftlog.rules import card_api as api


@api.custom("counter_unless_paid")
def _counter_unless_paid(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                         name: str, energy: int) -> bool | None:
    """The chosen spell *name*, if still on the chain, is countered (425) unless its
    controller pays *energy* now.  That player answers ``{"pay": None}`` (decline) or
    ``{"pay": {"exhaust": [rune oids]}}`` (one of the listed ways to pay)."""
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    legal = api.still_legal(state, ctx, spec)
    if not legal:
        return None
    item = next(i for i in state.chain if i.id == legal[0])
    payer = item.controller
    answer = ctx["answers"].get(str(ctx["pc"]))
    ways = _energy_payments(state, payer, energy)
    if answer is None:
        if not ways:  # nothing to pay with: countered
            api.counter(state, item.id, log, player=ctx["controller"])
            return None
        api.ask_player(state, ctx, payer, {
            "kind": "custom", "what": f"pay {energy} Energy or your spell is countered",
            "choices": [{"pay": None}] + [{"pay": w} for w in ways]}, "378")
        return False
    if answer.get("pay") is None:
        api.counter(state, item.id, log, player=ctx["controller"])
        return None
    api.pay(state, payer, api.Cost(energy), Payment(exhaust=tuple(answer["pay"]["exhaust"])), log)
    return None
