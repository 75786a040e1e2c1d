"""Lucian, Gunslinger (SFD-028): as he attacks, damage equal to his Assault value (its summed
instances, RUP4 807.2) to a chosen enemy unit where he is."""

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
