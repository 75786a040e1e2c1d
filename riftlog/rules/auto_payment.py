"""Automatic payment (issue 20): a decision that names no payment gets one.

A person recording at the table says ``play Pakaa Cub @ bf1``, not which runes paid.  The
recorder then completes the decision before it is judged and stored, so the stored event
records the runes used and a replay never guesses.  The rule, deterministic:

1. if the decision names a payment (even an empty one, in JSON), it is left alone;
2. if the rune pool already pays the cost (rune abilities activated earlier, 166), nothing
   more is paid;
3. otherwise :func:`riftlog.rules.board.resources.find_payment`: recycle runes only for
   the Power the pool lacks (exhausted runes first, then ready ones, in the order of the
   base), then exhaust ready runes for the Energy still missing (runes being recycled
   first, then in the order of the base);
4. when no payment exists, the decision is refused (:class:`IllegalDecision`, 165.2) with
   the cost and what was available.

Decisions that pay: ``CardPlayed`` (the Total Cost, 356, less what the spell-only pool
covers, 165), ``AbilityActivated`` (its cost with Deflect, 809.1.c), ``CardHidden``
(811.1.b).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from riftlog.errors import IllegalDecision, RiftlogError
from riftlog.events.abilities import AbilityActivated, CardHidden
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.events.registry import Payload
from riftlog.rules.board import gear_pool, spell_pool
from riftlog.rules.board.core import Violation
from riftlog.rules.board.resources import (
    Cost,
    card_facts,
    find_payment,
    payment_violations,
    rune_domain,
)
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import card_type
from riftlog.rules.playing import abilities
from riftlog.rules.playing.abilities_activated import activation_cost
from riftlog.rules.playing.play import total_cost

__all__ = ["complete_payment", "cost_to_pay"]

_PAYING = (CardPlayed, AbilityActivated, CardHidden)


def cost_to_pay(state: GameState, d: Payload) -> Cost | None:
    """What the runes and the pool must pay for *d* (None: *d* pays nothing, or its cost
    cannot be told because the decision is wrong in another way, which ``check`` says)."""
    try:
        if isinstance(d, CardPlayed):
            obj = state.objects[d.card]
            cost = total_cost(state, d.player, d.card, accelerate=d.accelerate,
                              choices=d.choices, targets=d.targets)
            if card_type(obj.card) == "Spell":
                cost = spell_pool.rest_of_cost(state, d.player, cost)
            if card_type(obj.card) == "Gear":  # issue 24: gear-only resources first
                cost = gear_pool.rest_of_cost(state, d.player, cost)
            return cost
        if isinstance(d, AbilityActivated):
            return activation_cost(state, d)
        if isinstance(d, CardHidden):
            return abilities.hide_cost(state, d.player)
    except (RiftlogError, KeyError, IndexError, AttributeError, TypeError):
        return None
    return None


def complete_payment(state: GameState, d: Payload) -> Payload:
    """*d* with a payment chosen by the module's rule when it names none (see above)."""
    if not isinstance(d, _PAYING) or "payment" in d.model_fields_set or not d.payment.is_empty():
        return d
    if d.player not in state.players:
        return d
    cost = cost_to_pay(state, d)
    if cost is None or not payment_violations(state, d.player, cost, Payment()):
        return d
    payment = find_payment(state, d.player, cost)
    if payment is None:
        what = _what(state, d)
        v = Violation("165.2", f"{d.player} cannot pay {cost} for {what}: "
                      f"{available(state, d.player)}", state.edition)
        raise IllegalDecision(f"{d.type} by {d.player} is refused: {v}", [v])
    return d.model_copy(update={"payment": payment})


def unless_named(d: Payload, data: Mapping[str, Any]) -> Payload:
    """*d*, parsed (strictly, defaults filled in) from *data*: when *data* names no payment,
    *d* is marked as naming none, so :func:`complete_payment` chooses one."""
    if not isinstance(d, _PAYING) or "payment" in data or "payment" not in d.model_fields_set:
        return d
    return type(d).model_validate({k: v for k, v in d.model_dump().items() if k != "payment"})


def available(state: GameState, player: str) -> str:
    """What *player* has to pay with, in words: the pool and the runes by domain."""
    pool = state.players[player].pool
    power = ", ".join(f"{n} {dom} Power" for dom, n in sorted(pool.power.items()) if n)
    ready: Counter[str] = Counter()
    spent: Counter[str] = Counter()
    for oid in state.players[player].base:
        obj = state.objects[oid]
        if card_type(obj.card) != "Rune":
            continue
        (spent if obj.exhausted else ready)[rune_domain(state, oid)] += 1

    def runes(c: Counter[str]) -> str:
        return ", ".join(f"{n} {dom}" for dom, n in sorted(c.items())) or "none"

    return (f"the pool holds {pool.energy} Energy" + (f" and {power}" if power else "")
            + f"; ready runes: {runes(ready)}; exhausted runes (recycle only): {runes(spent)}")


def _what(state: GameState, d: Payload) -> str:
    oid = getattr(d, "card", None) or getattr(d, "source", None)
    obj = state.objects.get(oid) if isinstance(oid, str) else None
    name = card_facts(obj.card).name if obj is not None else str(oid)
    if isinstance(d, CardHidden):
        return f"hiding {name}"
    if isinstance(d, AbilityActivated):
        return f"an ability of {name}"
    return name
