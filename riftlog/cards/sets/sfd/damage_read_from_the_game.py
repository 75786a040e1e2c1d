"""Damage of an amount read from the game, through the vocabulary's Deal: Lucian, Gunslinger
(SFD-028) deals his Assault value (its summed instances, RUP4 807.2) to a chosen enemy unit
where he is; Sivir, Ambitious (SFD-120) deals the excess combat damage just assigned."""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.rules import card_api as api


@api.custom("deal_my_assault")
def _deal_my_assault(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                     to: V.Target) -> None:
    """The vocabulary's Deal of the source's current Assault value (0 off the board or
    without Assault: nothing is dealt, 417.1.e) to the target *to*."""
    src = state.objects.get(ctx["source"])
    n = 0
    if src is not None and src.zone in ("base", "battlefield"):
        n = api.characteristics(state, src.oid).value("Assault")
    api.STEPS[V.Deal](state, ctx, V.Deal(n, to), log)


@api.custom("deal_combat_excess")
def _deal_combat_excess(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                        to: V.Target) -> None:
    """The vocabulary's Deal of the excess combat damage the controller assigned in the
    combat the source attacked in at the trigger event's battlefield (460.2.c), to *to*
    (Sivir, Ambitious, SFD-120)."""
    where = (ctx.get("event") or {}).get("battlefield")
    n = api.excess_of(state, ctx["controller"], where, ctx["source"])
    api.STEPS[V.Deal](state, ctx, V.Deal(n, to), log)
