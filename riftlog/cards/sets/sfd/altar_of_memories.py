"""Altar of Memories (SFD-169): after its draw, its controller puts a card of their hand on
the top or the bottom of their Main Deck (their choice of card and of end)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("hand_card_to_deck_top_or_bottom")
def _hand_card_to_deck_top_or_bottom(state: api.GameState, ctx: dict[str, Any],
                                     log: list[api.GameAction]) -> bool | None:
    """The controller picks a card of their hand and an end of their Main Deck: answer
    ``{"card": oid, "to": "top" | "bottom"}``.  Nothing to do with an empty hand."""
    me = ctx["controller"]
    hand = list(state.players[me].hand)
    if not hand:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {
            "what": "a card of your hand to the top or the bottom of your Main Deck",
            "choices": [{"card": oid, "to": end} for oid in hand for end in ("top", "bottom")]},
            "378")
        return False
    obj = state.objects[answer["card"]]
    top = answer["to"] == "top"
    api.change_zone(state, obj, "main_deck", top=top)
    log.append(api.GameAction("put_in_deck", me, (obj.oid,),
                              {"card": obj.card, "to": answer["to"], "from": "hand"},
                              f"private:{me}", "416", me))
    return None
