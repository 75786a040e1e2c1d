"""Reinforce (OGN-062): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import (
    _banish_and_begin,
    _begin_once,
    _data,
    _look,
    _pick,
    _printed_type,
    _rest_to_bottom,
    _seen,
)
from riftlog.rules.card_api import GameAction, GameState, custom


@custom("pe_reinforce")
def _pe_reinforce(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Reinforce (OGN-062): look at the top 5; the controller may banish a unit among them
    and play it, its cost reduced by 5 Energy (356.4); recycle the others."""
    me = ctx["controller"]
    data = _data(ctx)
    if "top" not in data:
        data["top"] = _look(state, me, 5, log)
    top = _seen(state, ctx, log, data["top"], [me])
    if top is None:
        return False
    units = [o for o in top if _printed_type(state.objects[o].card) == "Unit"]
    done, picked = _pick(state, ctx, data, me, units, optional=True, rule="419.3",
                         what="a unit to banish and play, or none")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        _banish_and_begin(state, ctx, log, picked, me, reduce=5)
    return None if _rest_to_bottom(state, ctx, log, data, [(me, top)]) else False
