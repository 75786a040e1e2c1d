"""Baited Hook (OGN-242): its custom effects (see its encoding)."""

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
from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, card_facts, custom


@custom("pe_baited_hook")
def _pe_baited_hook(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                    victim: Any) -> bool | None:
    """Baited Hook (OGN-242): kill the chosen friendly unit, look at the top 5; the
    controller may banish a unit among them whose Might is at most the killed unit's plus
    one, and play it ignoring its cost; recycle the others.  A chosen unit no longer legal
    is not killed and its Might is null: no unit can be picked (359.3.e.12); the Might is
    the unit's as it was on the board (359.3.e.13)."""
    me = ctx["controller"]
    data = _data(ctx)
    if "top" not in data:
        chosen = api.objects(state, ctx, victim)
        limit = None
        if chosen:
            limit = api.might_of(state, chosen[0]) + 1
            api.kill(state, [chosen[0]], log, player=me)
        data["limit"] = limit
        data["top"] = _look(state, me, 5, log)
    top = _seen(state, ctx, log, data["top"], [me])
    if top is None:
        return False
    limit = data["limit"]
    units = [] if limit is None else [
        o for o in top if _printed_type(state.objects[o].card) == "Unit"
        and (card_facts(state.objects[o].card).might or 0) <= limit]
    done, picked = _pick(state, ctx, data, me, units, optional=True, rule="419.3",
                         what="a unit to banish and play, or none")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        _banish_and_begin(state, ctx, log, picked, me, ignore="cost")
    return None if _rest_to_bottom(state, ctx, log, data, [(me, top)]) else False
