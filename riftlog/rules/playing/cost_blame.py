"""Which part of a card's cost a refused payment falls short on (issue 19: precise citations
for costs, in every edition).

When the rune pool cannot pay a card's Total Cost (v1.3 165.2), the refusal names the rule
of what made the cost too high, if taking that one part away makes the payment good:

* Accelerate's additional cost paid with the wrong domain or not at all (805.1.a);
* a Deflect tax for choosing an opponent's permanent with Deflect (809.1.c);
* an additional cost chosen as the card is played (356.2);
* a cost reduction taken without its condition: Legion's (812.1.c) or another's (356.4).

Otherwise the pool rule (165.2) stays.  The rules are cited by v1.3 id and re-cited under
the game's edition like every other violation.
"""

from __future__ import annotations

from collections.abc import Callable

from riftlog.cards import vocab as V
from riftlog.events.play import CardPlayed
from riftlog.rules.board.core import Violation
from riftlog.rules.board.resources import Cost, payment_violations
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects
from riftlog.rules.playing.abilities_spells import play_targets

__all__ = ["blame_cost"]

#: the Total Cost of playing the card with some options changed (accelerate, choices, targets)
CostOf = Callable[..., Cost]


#: issue 24: ``fn(state, d, cost, short) -> [Violation] | None``, other parts of a cost that
#: can make a payment fall short (riftlog.rules.playing.cost_changes), asked first
BLAMES: list[Callable[[GameState, CardPlayed, Cost, str], list[Violation] | None]] = []


def _pays(state: GameState, d: CardPlayed, cost: Cost) -> bool:
    return not payment_violations(state, d.player, Cost(max(0, cost.energy), dict(cost.power)),
                                  d.payment)


pays = _pays  # issue 24: for the BLAMES entries


def _unmet_reductions(state: GameState, d: CardPlayed) -> tuple[int, bool]:
    """(Energy of the card's own cost reductions whose condition does not hold, whether one
    of them is Legion's)."""
    card = state.objects[d.card].card
    enc = effects.encoding(card)
    if enc is None:
        return 0, False
    energy, legion = 0, False
    for ab in enc.abilities:
        if isinstance(ab, V.CostReduction) and isinstance(ab.energy, int) \
                and not effects.condition_holds(state, d.player, d.card, ab.condition):
            energy += ab.energy
            legion = legion or isinstance(ab.condition, V.Legion)
    return energy, legion


def blame_cost(state: GameState, d: CardPlayed, cost: Cost, cost_of: CostOf,
               paying: list[Violation]) -> list[Violation]:
    """*paying* (the payment's violations) with a 165.2 refusal replaced by the rule of the
    part of *cost* that made it unpayable, when one part alone did (see the module doc)."""
    if not any(v.rule == "165.2" for v in paying) or len(paying) != 1:
        return paying
    ed = state.edition
    short = paying[0].message
    for other in BLAMES:  # issue 24
        found = other(state, d, cost, short)
        if found is not None:
            return found
    if d.accelerate and _pays(state, d, cost_of(accelerate=False)):
        return [Violation("805.1.a", f"{short}: Accelerate's additional cost "
                          f"({cost_of(accelerate=True).energy - cost_of(accelerate=False).energy} "
                          "Energy and Power of the unit's domain) is not paid", ed)]
    if d.targets:
        card = state.objects[d.card].card
        tax = effects.deflect_power(state, d.player, play_targets(card, d.targets))
        if tax:
            power = dict(cost.power)
            power["Any"] = power.get("Any", 0) - tax
            if power["Any"] >= 0 and _pays(state, d, Cost(cost.energy, power)):
                return [Violation("809.1.c", f"{short}: the Deflect tax of {tax} Power for "
                                  "choosing a permanent with Deflect is not paid", ed)]
    if d.choices and _pays(state, d, cost_of(choices={})):
        return [Violation("356.2", f"{short}: the additional cost chosen "
                          f"({', '.join(sorted(d.choices))}) is not paid", ed)]
    energy, legion = _unmet_reductions(state, d)
    if energy and _pays(state, d, Cost(cost.energy - energy, dict(cost.power))):
        if legion:
            return [Violation("812.1.c", f"{short}: the Legion cost reduction was taken, but no "
                              "other card was played this turn", ed)]
        return [Violation("356.4", f"{short}: a cost reduction was taken whose condition does "
                          "not hold", ed)]
    return paying
