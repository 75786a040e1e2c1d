"""Add abilities with a pay instruction of any amount (issue 24: Hextech Anomaly, Ancient
Henge; vocab_costs.PayToAdd).

RUP4 204.3.b: a cost within the instructions of an activated ability is paid as it
resolves; an ability made only of Add steps resolves as soon as it is finalized (429.2),
and while a Pay instruction is carried out its player may still use Add abilities such as
their runes' (RUP4 444.2.c, 429.3).  So the amount X (``AbilityActivated.choices[key]``)
is paid with the activation's payment, after the ability's own cost, and the ability then
adds X of the other resource.  Paying X is optional (RUP4 444.2): X may be 0.

A payment that falls short only because of X is refused citing the pay instruction
(v1.3 742.1, RUP4 740.4.a: a cost within instructions), not the pool rule (issue 19).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.vocab_costs import PayToAdd
from riftlog.events.abilities import AbilityActivated
from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.board.resources import Cost, find_payment
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects

__all__ = ["amount", "blame_amount", "cost_with_amount", "pay_to_add_steps", "violations"]

#: at most this many amounts are offered per ability to the bot and `riftlog moves`
MAX_OFFERED = 4


def pay_to_add_steps(ab: V.Activated) -> tuple[PayToAdd, ...]:
    """The PayToAdd steps of *ab* (usually none)."""
    return tuple(s for s in ab.effect if isinstance(s, PayToAdd))


def amount(step: PayToAdd, choices: Mapping[str, Any] | None) -> int:
    """The X chosen for *step* (0 when not given or not a whole number >= 0)."""
    x = (choices or {}).get(step.key, 0)
    return x if isinstance(x, int) and not isinstance(x, bool) and x > 0 else 0


def cost_with_amount(ab: V.Activated, cost: Cost, choices: Mapping[str, Any] | None) -> Cost:
    """*cost* plus the X of each PayToAdd step of *ab* (Energy, or universal power)."""
    steps = pay_to_add_steps(ab)
    if not steps:
        return cost
    energy, power = cost.energy, dict(cost.power)
    for step in steps:
        x = amount(step, choices)
        if step.pay == "energy":
            energy += x
        elif x:
            power["Any"] = power.get("Any", 0) + x
    return Cost(energy, power)


def violations(state: GameState, d: AbilityActivated, ab: V.Activated) -> list[Violation]:
    """X must be a whole number, 0 or more (v1.3 742.1)."""
    out: list[Violation] = []
    for step in pay_to_add_steps(ab):
        x = d.choices.get(step.key, 0)
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            out.append(Violation("742.1", f'{d.source}: answer "{step.key}" with the amount of '
                                 f"{_what(step.pay)} to pay, a whole number of 0 or more, not "
                                 f"{x!r}", state.edition))
    return out


def blame_amount(state: GameState, d: AbilityActivated, ab: V.Activated,
                 paying: list[Violation], pays_without: bool) -> list[Violation]:
    """*paying* with a pool refusal (165.2) replaced by the pay instruction's rule when the
    activation would be paid with X = 0 (*pays_without*)."""
    steps = pay_to_add_steps(ab)
    if not steps or not pays_without or len(paying) != 1 or paying[0].rule != "165.2":
        return paying
    asked = ", ".join(f"{amount(s, d.choices)} {_what(s.pay)}" for s in steps)
    return [Violation("742.1", f"{paying[0].message}: the amount its pay instruction names "
                      f"({asked}) is not paid", state.edition)]


def _what(pay: str) -> str:
    return "Energy" if pay == "energy" else "universal Power"


@effects.step(PayToAdd)
def _pay_to_add(state: GameState, ctx: dict[str, Any], node: PayToAdd,
                log: list[GameAction]) -> None:
    """Add X of the other resource (X was paid with the activation)."""
    x = amount(node, ctx.get("choices"))
    if not x:
        return
    if node.pay == "energy":
        actions.add(state, ctx["controller"], log, power={"Any": x})
    else:
        actions.add(state, ctx["controller"], log, energy=x)


@hooks.candidates
def candidates(state: GameState, player: str) -> list[Any]:
    """Activations of a ready permanent's PayToAdd ability with X = 1, 2, ... as far as the
    player can pay (the plain candidates offer X = 0)."""
    p = state.players.get(player)
    if p is None:
        return []
    out: list[Any] = []
    pool = [*p.legend, *p.base] + [o for bf in state.battlefields for o in (*bf.units, *bf.gear)]
    for oid in pool:
        obj = state.objects[oid]
        enc = effects.encoding(obj.card)
        if enc is None or obj.controller != player:
            continue
        for i, ab in enumerate(enc.abilities):
            if not isinstance(ab, V.Activated) or not pay_to_add_steps(ab) or \
                    (ab.cost.exhaust and obj.exhausted):
                continue
            for x in range(1, MAX_OFFERED + 1):
                choices = {s.key: x for s in pay_to_add_steps(ab)}
                base = Cost(ab.cost.energy, dict(ab.cost.power))
                payment = find_payment(state, player, cost_with_amount(ab, base, choices))
                if payment is None:
                    break
                out.append(AbilityActivated(player=player, source=oid, ability=i,
                                            payment=payment, choices=choices))
    return out
