"""Spiritforged battlefields that act on the top of their controller's Main Deck: Minefield
(SFD-212, the top cards to the trash) and Ravenbloom Conservatory (SFD-215, the top card
revealed: a spell to the hand, anything else recycled)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("top_of_deck_to_trash")
def _top_of_deck_to_trash(state: api.GameState, ctx: dict[str, Any],
                          log: list[api.GameAction], n: int) -> None:
    """The top *n* cards of the controller's Main Deck go to their trash (as many as there
    are; an empty deck is not a draw, so no burn out)."""
    pid = ctx["controller"]
    top = list(state.players[pid].main_deck[:n])
    for oid in top:
        api.change_zone(state, state.objects[oid], "trash")
    if top:
        log.append(api.GameAction("put_in_trash", pid, tuple(top),
                                  {"cards": [state.objects[o].card for o in top],
                                   "count": len(top), "zone": "main_deck"},
                                  "public", "378", pid))


@api.custom("reveal_top_spell_to_hand")
def _reveal_top_spell_to_hand(state: api.GameState, ctx: dict[str, Any],
                              log: list[api.GameAction]) -> bool | None:
    """The controller reveals their top card: a spell goes to their hand, any other card is
    recycled (416.1; one card: no random order)."""
    pid = ctx["controller"]
    data = ctx.setdefault(f"sfd_reveal_top{ctx['pc']}", {})
    if "top" not in data:
        if not api.look_first(state, ctx, pid, pid, log):  # Void Hatchling (370)
            return False
        deck = state.players[pid].main_deck
        if not deck:
            return None
        data["top"] = deck[0]
        api.reveal(state, data["top"], log, player=pid)
    if not api.offer_seen_card(state, ctx, pid, [data["top"]], log):
        return False
    if not api.still_in_deck(state, [data["top"]]):
        return None
    obj = state.objects[data["top"]]
    if api.card_type(obj.card) == "Spell":
        api.change_zone(state, obj, "hand")
        log.append(api.GameAction("put_in_hand", pid, (obj.oid,), {"card": obj.card, "count": 1,
                                  "zone": "main_deck"}, "public", "378", pid))
    else:
        p = state.players[pid]  # from the top to the bottom of the same deck (416.1)
        p.main_deck = [o for o in p.main_deck if o != obj.oid] + [obj.oid]
        log.append(api.GameAction("recycle", pid, (obj.oid,), {"count": 1, "zone": "main_deck"},
                                  "public", "416.1", pid))
    return None
