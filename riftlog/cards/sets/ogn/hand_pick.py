"""The custom effect hand pick, shared by OGN-156, OGN-192."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("hand_pick")
def _hand_pick(state: GameState, ctx: dict[str, Any], log: list[GameAction],
               name: str, mode: str) -> bool | None:
    """The chosen opponent (target *name*) reveals their hand; the controller picks one card
    of it: mode "recycle_non_unit" (a non-unit card, recycled) or "discard" (any card,
    discarded by its owner)."""

    chosen = ctx["targets"].get(name, [])
    if not chosen or chosen[0] not in state.players:
        return None
    opp = chosen[0]
    hand = list(state.players[opp].hand)
    key = str(ctx["pc"])
    if not ctx.get(f"ogn151_revealed{key}"):
        ctx[f"ogn151_revealed{key}"] = True
        api.reveal(state, hand, log, player=opp)
    if mode == "recycle_non_unit":
        options = [o for o in hand if api.card_type(state.objects[o].card) != "Unit"]
    else:
        options = hand
    if not options:
        return None
    picked = api.pick_one(state, ctx, options)
    if picked is None:
        return False
    if mode == "recycle_non_unit":
        api.recycle(state, [picked], log, player=ctx["controller"])
    else:
        api.discard(state, [picked], log, responsible=ctx["controller"])
        api.fire(state, "discarded", obj=picked, player=opp)
    return None
