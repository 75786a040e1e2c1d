"""The custom effect unit from trash, shared by OGN-165, OGN-170."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _to_hand
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("unit_from_trash")
def _unit_from_trash(state: GameState, ctx: dict[str, Any],
                     log: list[GameAction]) -> bool | None:
    """Put a unit card of the controller's trash into their hand (picked with a ChoiceMade
    when there are several)."""

    me = ctx["controller"]
    options = [o for o in state.players[me].trash if api.card_type(state.objects[o].card) == "Unit"]
    if not options:
        return None
    picked = api.pick_one(state, ctx, options)
    if picked is None:
        return False
    _to_hand(state, picked, me, log)
    return None
