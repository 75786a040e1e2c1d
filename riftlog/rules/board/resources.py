"""Resources: costs, the rune pool, the basic rune abilities and paying (v1.3 131, 159-167).

* :class:`Cost` - an Energy cost and Power costs by domain; ``"Any"`` is ``[A]`` (power of
  any domain, 135.2.e.5.a).
* The rune pool (:class:`~riftlog.rules.board.state.RunePool`) holds Energy and Power by domain;
  ``"Any"`` there is universal power that pays any domain (135.2.e.5.b).  It empties at the
  end of each draw phase and each turn (166, done by :mod:`riftlog.rules.flow.turn`).
* Basic rune abilities (163.2): exhaust a rune to add one Energy, recycle a rune to add one
  Power of its domain.  Both are Reaction "Add" abilities that finalize and resolve at once
  (429.2, 429.3.a), so paying activates them in place, without the chain.
* :func:`pay` - what the process of playing (404) calls: activate the runes named in a
  :class:`~riftlog.events.decisions.Payment` (exhausts first, then recycles, each in the
  listed order), then take the cost from the pool.  Leftover stays in the pool.
  :func:`payment_violations` judges a payment without changing anything; :func:`can_pay`
  says whether the player could pay at all; :func:`find_payment` builds a payment (bots).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from riftlog.cards.abilities import POWER_DOMAINS
from riftlog.cards.catalog import load_catalog
from riftlog.errors import ImpossibleDecision, UnsupportedCard
from riftlog.events.decisions import Payment
from riftlog.rules.board import hooks, power_spent
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.board.state import GameState, RunePool

if TYPE_CHECKING:
    from riftlog.cards.model import Card

#: Domains in rules order (v1.3 134.2); "Any" is universal / any-domain power.
DOMAINS: tuple[str, ...] = ("Fury", "Calm", "Mind", "Body", "Chaos", "Order")
ANY = "Any"

__all__ = [
    "ANY",
    "DOMAINS",
    "Cost",
    "Payment",
    "activate_exhaust",
    "activate_recycle",
    "can_pay",
    "card_cost",
    "card_facts",
    "find_payment",
    "one_of_domains",
    "pay",
    "payment_violations",
    "pool_covers",
    "rune_domain",
]


@functools.lru_cache(maxsize=4096)
def card_facts(card_id: str) -> Card:
    """The catalog entry of *card_id* (cached; the catalog itself is loaded once)."""

    return load_catalog().get(card_id)


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost in Energy and Power (v1.3 131.2-131.3); ``power`` maps domain (or "Any") to count."""

    energy: int = 0
    power: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, energy: int = 0, **power: int) -> Cost:
        """``Cost.of(2, Fury=1, Any=1)``: two Energy, one Fury Power, one Power of any domain."""
        return cls(energy, {k: v for k, v in power.items() if v})

    @property
    def total_power(self) -> int:
        return sum(self.power.values())

    def is_free(self) -> bool:
        return self.energy == 0 and self.total_power == 0

    def to_json(self) -> dict[str, Any]:
        return {"energy": self.energy, "power": dict(self.power)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Cost:
        return cls(int(data.get("energy", 0)), dict(data.get("power", {})))

    def __str__(self) -> str:
        parts = [f"{self.energy} Energy"] if self.energy or not self.power else []
        parts += [f"{n} {d} Power" for d, n in self.power.items() if n]
        return " + ".join(parts)


def one_of_domains(domains: tuple[str, ...] | list[str]) -> str:
    """The cost key of one Power of any of *domains* (RUP4 135.2.e.6.c: ``[C]`` on a card of
    several domains), e.g. ``"Calm/Chaos"``; the pool pays it with Power of one of them or
    universal Power."""
    return "/".join(domains)


def card_cost(card_id: str, edition: str = "v1.3") -> Cost:
    """The printed cost of a Main Deck card (v1.3 131.4).

    The Power symbols of a one-domain card are of its domain.  A card of two or more domains
    has its Power cost processed as ``[A]`` under v1.3, payable with Power of any domain
    (v1.3 135.2.e.6.b, 135.2.e.5.a; the same holds for Accelerate's Power on such a unit,
    805.1.a.2), and under RUP4 as Power of one of its domains (RUP4 135.2.e.6.c), unless
    :data:`~riftlog.cards.abilities.POWER_DOMAINS` lists its symbols one by one.
    """
    if edition == "RUP4":  # editions helper: RUP4 135.2.e.6.c
        printed = card_cost(card_id)
        domains = card_facts(card_id).domains
        if ANY in printed.power and len(domains) > 1 and POWER_DOMAINS.get(card_id) is None:
            by_choice = dict(printed.power)
            by_choice[one_of_domains(domains)] = by_choice.pop(ANY)
            return Cost(printed.energy, by_choice)
        return printed
    hit = _PRINTED_COST.get(card_id)
    if hit is not None:
        return hit
    card = card_facts(card_id)
    energy = card.energy or 0
    power = card.power or 0
    if not power:
        cost = _PRINTED_COST[card_id] = Cost(energy)
        return cost
    if len(card.domains) == 1:
        cost = _PRINTED_COST[card_id] = Cost(energy, {card.domains[0]: power})
        return cost
    symbols = POWER_DOMAINS.get(card.id)
    if symbols is None:
        return Cost(energy, {ANY: power})
    if len(symbols) != power:
        raise UnsupportedCard(str(card), f"the catalog lists {len(symbols)} power symbols for a "
                              f"Power cost of {power} (v1.3 131.3)")
    by_domain: dict[str, int] = {}
    for domain in symbols:
        by_domain[domain] = by_domain.get(domain, 0) + 1
    return Cost(energy, by_domain)


#: replay-perf: card_cost of the cards whose cost does not depend on POWER_DOMAINS (filled
#: as encodings load), from the catalog (fixed once loaded).  Callers never change a Cost's
#: power mapping (they copy it), so the shared objects are safe.
_PRINTED_COST: dict[str, Cost] = {}


def rune_domain(state: GameState, oid: str) -> str:
    """The domain of the Power a basic rune adds when recycled (v1.3 163.2.b.1)."""
    card = card_facts(state.objects[oid].card)
    if card.type != "Rune" or len(card.domains) != 1:
        raise UnsupportedCard(str(card), "only basic runes (one domain) have the 163.2 abilities")
    return card.domains[0]


# --- rune abilities -------------------------------------------------------------------


def _rune_problem(state: GameState, player: str, oid: str, edition: str) -> Violation | None:
    obj = state.objects.get(oid)
    if obj is None:
        return Violation("163.2", f"there is no object {oid!r} in this game", edition)
    if card_facts(obj.card).type != "Rune":
        return Violation("163.2", f"{oid} is not a rune", edition)
    if obj.zone != "base":
        return Violation("163.2", f"rune {oid} is not on the board (it is in {obj.zone})", edition)
    if obj.controller != player:
        return Violation("376.2", f"rune {oid} is controlled by {obj.controller}, not {player}", edition)
    return None


def activate_exhaust(state: GameState, player: str, oid: str, log: list[GameAction]) -> None:
    """Exhaust rune *oid* to add one Energy to *player*'s pool (v1.3 163.2.a)."""
    problem = _rune_problem(state, player, oid, state.edition)
    if problem is None and state.objects[oid].exhausted:
        problem = Violation("414.4", f"rune {oid} is already exhausted", state.edition)
    if problem is not None:
        raise ImpossibleDecision(str(problem), [problem])
    _exhaust_rune(state, player, oid, log)


def _exhaust_rune(state: GameState, player: str, oid: str, log: list[GameAction]) -> None:
    """activate_exhaust once the rune is known to be usable."""
    state.objects[oid].exhausted = True
    log.append(GameAction("exhaust", player, (oid,), rule="414", responsible=player))
    state.players[player].pool.energy += 1
    log.append(GameAction("add", player, (oid,), {"energy": 1}, rule="429", responsible=player))


def activate_recycle(state: GameState, player: str, oid: str, log: list[GameAction]) -> None:
    """Recycle rune *oid* to add one Power of its domain (v1.3 163.2.b, 416.1.b)."""
    problem = _rune_problem(state, player, oid, state.edition)
    if problem is not None:
        raise ImpossibleDecision(str(problem), [problem])
    _recycle_rune(state, player, oid, log)


def _recycle_rune(state: GameState, player: str, oid: str, log: list[GameAction]) -> None:
    """activate_recycle once the rune is known to be usable."""
    domain = rune_domain(state, oid)
    obj = state.objects[oid]
    state.players[obj.controller].base.remove(oid)
    owner = state.players[obj.owner]
    owner.rune_deck.append(oid)  # bottom of the owner's rune deck (416.1, 416.1.c)
    obj.zone, obj.location, obj.controller = "rune_deck", None, obj.owner
    obj.exhausted, obj.damage, obj.buffed, obj.stunned = False, 0, False, False
    obj.mods = {}
    log.append(GameAction("recycle", player, (oid,), {"to": "rune_deck"}, rule="416", responsible=player))
    pool = state.players[player].pool
    pool.power[domain] = pool.power.get(domain, 0) + 1
    log.append(GameAction("add", player, (oid,), {"power": {domain: 1}}, rule="429", responsible=player))
    hooks.fire_event(state, "recycles_rune", obj=oid, player=player)  # "when you recycle a rune"


# --- the pool -------------------------------------------------------------------------


def _spend_plan(energy: int, power: Mapping[str, int], cost: Cost) -> dict[str, int] | None:
    """How much of each pool entry paying *cost* takes, or None if the pool falls short.

    Specific domains are paid from that domain first, then universal power; ``[A]`` costs
    from any remaining domain power, then universal power.  This greedy order is optimal.
    """
    if energy < cost.energy:
        return None
    wanted = cost.power
    if not wanted:  # replay-perf: Energy only
        return {"energy": cost.energy}
    left = {k: v for k, v in power.items() if v > 0}
    take: dict[str, int] = {"energy": cost.energy}
    for domain, need in wanted.items():
        if domain == ANY or need <= 0 or "/" in domain:
            continue
        own = min(left.get(domain, 0), need)
        uni = need - own
        if uni > left.get(ANY, 0):
            return None
        for key, n in ((domain, own), (ANY, uni)):
            if n:
                left[key] -= n
                take[key] = take.get(key, 0) + n
    for choice, need in wanted.items():  # RUP4 135.2.e.6.c: Power of one of several domains
        if "/" not in choice or need <= 0:
            continue
        for key in (*choice.split("/"), ANY):
            n = min(left.get(key, 0), need)
            if n:
                left[key] -= n
                take[key] = take.get(key, 0) + n
                need -= n
        if need > 0:
            return None
    need = wanted.get(ANY, 0)
    if need <= 0:  # replay-perf: no [A] to pay
        return take
    for key in (*DOMAINS, *sorted(k for k in left if k not in DOMAINS and k != ANY), ANY):
        if need <= 0:
            break
        n = min(left.get(key, 0), need)
        if n:
            left[key] -= n
            take[key] = take.get(key, 0) + n
            need -= n
    return None if need > 0 else take


def pool_covers(pool: RunePool, cost: Cost) -> bool:
    """Whether *pool* alone can pay *cost* (v1.3 165.2)."""
    return _spend_plan(pool.energy, pool.power, cost) is not None


def _spend(state: GameState, player: str, cost: Cost, log: list[GameAction]) -> None:
    pool = state.players[player].pool
    plan = _spend_plan(pool.energy, pool.power, cost)
    if plan is None:
        v = Violation("165.2", f"{player}'s rune pool cannot pay {cost}", state.edition)
        raise ImpossibleDecision(str(v), [v])
    pool.energy -= plan.pop("energy")
    for key, n in plan.items():
        pool.power[key] -= n
        if not pool.power[key]:
            del pool.power[key]
    if not cost.is_free():
        log.append(GameAction("spend", player, (), {"cost": cost.to_json()}, rule="404", responsible=player))


# --- payments -------------------------------------------------------------------------


def payment_violations(state: GameState, player: str, cost: Cost, payment: Payment) -> list[Violation]:
    """Everything wrong with paying *cost* by *payment* (nothing is changed).

    Cites 163.2 / 414.4 / 416.3 for runes that cannot be used as named and 165.2 when the
    pool after the named abilities still cannot pay the cost.
    """
    ed = state.edition
    out: list[Violation] = []
    exhaust, recycle = payment.exhaust, payment.recycle
    if len(exhaust) > 1 and len(set(exhaust)) != len(exhaust):
        out.append(Violation("163.2", "a rune is named twice to exhaust", ed))
    if len(recycle) > 1 and len(set(recycle)) != len(recycle):
        out.append(Violation("163.2", "a rune is named twice to recycle", ed))
    pool = state.players[player].pool
    energy = pool.energy
    # replay-perf: the pool's own dict unless recycling adds to it (_spend_plan only reads it)
    power = dict(pool.power) if recycle else pool.power
    for oid in exhaust:
        problem = _rune_problem(state, player, oid, ed)
        if problem is None and state.objects[oid].exhausted:
            problem = Violation("414.4", f"rune {oid} is exhausted and cannot be exhausted to pay", ed)
        if problem is not None:
            out.append(problem)
        else:
            energy += 1
    for oid in recycle:
        problem = _rune_problem(state, player, oid, ed)
        if problem is not None:
            out.append(Violation("416.3", problem.message, ed))
            continue
        domain = rune_domain(state, oid)
        power[domain] = power.get(domain, 0) + 1
    if not out and _spend_plan(energy, power, cost) is None:
        have = f"{energy} Energy" + "".join(f", {n} {d} Power" for d, n in sorted(power.items()) if n)
        out.append(Violation("165.2", f"{player} would have {have}, which cannot pay {cost}", ed))
    return out


def pay(state: GameState, player: str, cost: Cost, payment: Payment, log: list[GameAction],
        *, checked: bool = False) -> None:
    """Activate the rune abilities of *payment*, then pay *cost* from the pool (v1.3 404).

    Mutates *state*.  Raises :class:`~riftlog.errors.ImpossibleDecision` (carrying the
    violations) when a named rune cannot be used or the cost cannot be met; nothing is
    changed in that case.  *checked*: the caller found :func:`payment_violations` of this
    cost and payment empty on this state (replay-perf: not judged again).
    """
    problems = [] if checked else payment_violations(state, player, cost, payment)
    if problems:
        raise ImpossibleDecision("; ".join(str(p) for p in problems), list[object](problems))
    # replay-perf: payment_violations found every named rune usable (distinct, on the board,
    # the player's, exhaust ones ready; exhausting leaves a rune recyclable), so the
    # activations' own checks cannot fail here and are skipped
    for oid in payment.exhaust:
        _exhaust_rune(state, player, oid, log)
    for oid in payment.recycle:
        _recycle_rune(state, player, oid, log)
    _spend(state, player, cost, log)
    if cost.power:  # issue 24: the Power spent this turn, where a card reads it
        power_spent.note(state, player, cost.power)


def _runes_of(state: GameState, player: str) -> list[str]:
    return [
        oid for oid in state.players[player].base
        if state.objects[oid].controller == player and card_facts(state.objects[oid].card).type == "Rune"
    ]


def find_payment(state: GameState, player: str, cost: Cost) -> Payment | None:
    """A payment of *cost* by *player*, or None if they cannot pay it (v1.3 163.2).

    Uses the pool first; recycles only for power the pool lacks (preferring exhausted
    runes, then runes it also exhausts), and exhausts only for missing Energy.
    """
    pool = state.players[player].pool
    runes = _runes_of(state, player)
    power = dict(pool.power)
    recycle: list[str] = []
    # Recycle for power the pool lacks: exhausted runes first (they are spent anyway).
    ordered = sorted(runes, key=lambda o: not state.objects[o].exhausted)
    while _spend_plan(10**9, power, Cost(0, cost.power)) is None:
        missing = _missing_domains(power, cost)
        pick = next((o for o in ordered if o not in recycle and rune_domain(state, o) in missing), None)
        if pick is None:
            return None
        recycle.append(pick)
        d = rune_domain(state, pick)
        power[d] = power.get(d, 0) + 1
    energy_needed = max(0, cost.energy - pool.energy)
    ready = [o for o in runes if not state.objects[o].exhausted]
    ready.sort(key=lambda o: o not in recycle)  # exhaust-then-recycle the same rune first
    if len(ready) < energy_needed:
        return None
    return Payment(exhaust=tuple(ready[:energy_needed]), recycle=tuple(recycle))


def _missing_domains(power: Mapping[str, int], cost: Cost) -> set[str]:
    """Domains whose power would help pay *cost* from *power* (all of them for [A]).

    Any domain short of its own cost helps (universal power then covers the others).
    """
    out = {d for d, need in cost.power.items()
           if d != ANY and "/" not in d and need > power.get(d, 0)}
    for choice in (d for d in cost.power if "/" in d):  # RUP4 135.2.e.6.c: one of these
        out.update(choice.split("/"))
    if not out and cost.power.get(ANY, 0):
        out.update(DOMAINS)
    return out


def can_pay(state: GameState, player: str, cost: Cost) -> bool:
    """Whether *player* could pay *cost* with their pool and runes (v1.3 163.2, 165.2)."""
    return find_payment(state, player, cost) is not None
