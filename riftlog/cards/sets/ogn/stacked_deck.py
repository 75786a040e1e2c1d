"""Stacked Deck (OGN-183): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _rest_to_bottom
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    change_zone,
    custom,
)


@custom("look_keep_one")
def _look_keep_one(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                   n: int) -> bool | None:
    """Look at the top *n* of the controller's Main Deck (privately), put the one they pick
    into their hand and recycle the others (their order at the bottom is a recorded random
    outcome, 416.5)."""

    pid = ctx["controller"]
    p = state.players[pid]
    key = str(ctx["pc"])
    answer = ctx["answers"].get(key)
    data = ctx.setdefault(f"ogn151_look{key}", {})
    if "top" not in data:
        data["top"] = list(p.main_deck[:n])
        if not data["top"]:
            return None
        log.append(GameAction("look", pid, tuple(data["top"]),
                              {"cards": [state.objects[o].card for o in data["top"]],
                               "count": len(data["top"]), "zone": "main_deck"},
                              f"private:{pid}", "378", pid))

    if not api.offer_seen_card(state, ctx, pid, data["top"], log):
        return False
    top = api.still_in_deck(state, data["top"]) if "kept" not in data else data["top"]
    if not top:
        return None
    if "kept" not in data:
        if len(top) == 1:
            data["kept"] = top[0]
        elif answer is None or "cards" not in answer:
            api.ask(state, ctx, "cards", {"from": top, "count": 1}, "378")
            return False
        else:
            data["kept"] = answer["cards"][0]
        kept = state.objects[data["kept"]]
        change_zone(state, kept, "hand")
        log.append(GameAction("put_in_hand", pid, (kept.oid,), {"card": kept.card, "count": 1,
                              "zone": "main_deck"}, f"private:{pid}", "378", pid))
    rest = [o for o in top if o != data["kept"]]
    return _rest_to_bottom(state, ctx, log, pid, rest, answer)
