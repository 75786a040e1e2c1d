"""Sudden Storm (SFD-017): damage to the chosen unit, more when it is attacking."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("more_damage_to_an_attacker")
def _more_damage_to_an_attacker(state: api.GameState, ctx: dict[str, Any],
                                log: list[api.GameAction], name: str, n: int,
                                attacking: int) -> None:
    """Deal *n* to the target *name* if still legal, or *attacking* instead when it is an
    attacker as the spell resolves (its designation, 454); Bonus Damage is added (714)."""
    me = ctx["controller"]
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        amount = attacking if state.objects[oid].designation == "attacker" else n
        bonus = (api.bonus_damage(state, oid, amount) + api.controller_deal_bonus(state, me, amount)
                 + api.spell_bonus_damage(state, ctx))
        api.deal(state, oid, amount + bonus, log, source=ctx["source"], player=me)
