"""Apprentice Smith (SFD-041): each time it moves, its controller reveals their Main Deck's
top card; a gear is drawn, anything else is recycled."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("reveal_top_gear_to_hand")
def _reveal_top_gear_to_hand(state: api.GameState, ctx: dict[str, Any],
                             log: list[api.GameAction]) -> bool | None:
    """Reveal the top card (424), offer what a revealed card may do (deck_seen), then draw it
    if it is a gear, else recycle it (one card: no order to choose)."""
    pid = ctx["controller"]
    key = str(ctx["pc"])
    memo = ctx.setdefault("smith_revealed", {})
    if key not in memo:
        if not api.look_first(state, ctx, pid, pid, log):  # Void Hatchling (370)
            return False
        deck = state.players[pid].main_deck
        if not deck:
            return None
        top = deck[0]
        api.reveal(state, [top], log, player=pid)
        memo[key] = top
    top = memo[key]
    if not api.offer_seen_card(state, ctx, pid, [top], log):
        return False
    if not api.still_in_deck(state, [top]):
        return None
    if api.card_type(state.objects[top].card) == "Gear":
        api.draw(state, pid, log)
    else:  # from the top to the bottom of its deck (416.1; one card, no order)
        p = state.players[pid]
        p.main_deck = [o for o in p.main_deck if o != top] + [top]
        log.append(api.GameAction("recycle", pid, (top,), {"count": 1, "zone": "main_deck"},
                                  "public", "416.1", pid))
    return None
