"""En Garde (OGN-046): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.sets.ogn.common import _ogn_target
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("ogn_alone_bonus")
def _ogn_alone_bonus(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                     n: int) -> bool | None:
    """En Garde: +*n* Might this turn more to the target if it is the only unit its
    caster controls at its location."""

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    where = state.objects[target].location
    mine = [o for o in api.objects(state, ctx, V.All("unit", "yours"))
            if state.objects[o].location == where]
    if mine == [target]:
        api.STEPS[V.GiveMight](state, ctx, V.GiveMight(n, V.Chosen("t")), log)
    return None
