"""Annie, Stubborn (OGS-010): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, change_zone, custom


@custom("ogs_card_of_type_from_trash")
def _ogs_card_of_type_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                 card_type: str = "Spell") -> bool | None:
    """Return a card of *card_type* from the controller's trash to their hand (their pick,
    a ChoiceMade when there are several; nothing when there is none)."""

    me = ctx["controller"]
    options = [o for o in state.players[me].trash if api.card_type(state.objects[o].card) == card_type]
    if not options:
        return None
    picked = api.pick_one(state, ctx, options)
    if picked is None:
        return False
    obj = state.objects[picked]
    change_zone(state, obj, "hand")
    log.append(GameAction("return_to_hand", me, (picked,), {"card": obj.card, "from": "trash"},
                          "public", "420", me))
    return None
