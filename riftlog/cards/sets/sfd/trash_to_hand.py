"""A card of chosen types from the controller's trash to their hand, shared by Aspiring
Engineer (SFD-061, a gear) and Guardian of the Passage (SFD-035, a unit or a gear)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("card_from_trash_to_hand")
def _card_from_trash_to_hand(state: api.GameState, ctx: dict[str, Any],
                             log: list[api.GameAction], kinds: tuple[str, ...]) -> bool | None:
    """Put a card of one of *kinds* from the controller's trash into their hand (picked with
    a ChoiceMade when there are several; nothing when there is none)."""
    me = ctx["controller"]
    options = [o for o in state.players[me].trash
               if api.card_type(state.objects[o].card) in kinds]
    if not options:
        return None
    picked = api.pick_one(state, ctx, options)
    if picked is None:
        return False
    obj = state.objects[picked]
    api.change_zone(state, obj, "hand")
    log.append(api.GameAction("return_to_hand", me, (picked,), {"card": obj.card, "from": "trash"},
                              "public", "420", me))
    return None
