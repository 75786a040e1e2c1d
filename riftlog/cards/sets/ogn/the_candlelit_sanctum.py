"""The Candlelit Sanctum (OGN-291): its custom effects (see its encoding)."""

from __future__ import annotations

import itertools
from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("look_two_recycle_any")
def _look_two_recycle_any(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          n: int = 2) -> bool | None:
    """Look at the top *n* of the Main Deck (privately); recycle any of them, put the rest
    back on top in any order.  Answer ``{"recycle": [oids], "top": [oids, top first]}``."""


    pid = ctx["controller"]
    deck = state.players[pid].main_deck
    key = str(ctx["pc"])
    looked = ctx.setdefault("looked", {})
    if key not in looked:
        looked[key] = deck[:n]
        if looked[key]:
            log.append(GameAction("look", pid, tuple(looked[key]), {
                "cards": [state.objects[o].card for o in looked[key]], "count": len(looked[key]),
                "zone": "main_deck"}, f"private:{pid}", "416", pid))
    if not api.offer_seen_card(state, ctx, pid, looked[key], log):
        return False
    top = api.still_in_deck(state, looked[key])
    if not top:
        return None
    answer = ctx["answers"].get(key)
    if answer is None:
        choices = []
        for k in range(len(top) + 1):
            for gone in itertools.permutations(top, k):
                rest = [o for o in top if o not in gone]
                for order in itertools.permutations(rest):
                    choices.append({"recycle": list(gone), "top": list(order)})

        api.ask(state, ctx, "custom", {"choices": choices}, "416")
        return False
    recycled, kept = list(answer["recycle"]), list(answer["top"])
    del deck[:len(top)]
    deck[0:0] = kept
    deck.extend(recycled)
    log.append(GameAction("arrange", pid, tuple(top), {"count": len(top), "recycled": len(recycled),
                          "zone": "main_deck"}, f"private:{pid}", "416", pid))
    return None
