"""Dr. Mundo, Expert (OGN-109): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, custom


@custom("recycle_from_trash")
def _recycle_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                        n: int) -> bool | None:
    """Recycle *n* cards of the controller's choice from their trash, as many as there are
    (416.6); 2+ cards go to the bottom of the Main Deck in a recorded random order (416.5)."""

    pid = ctx["controller"]
    trash = state.players[pid].trash
    key = str(ctx["pc"])
    ans = ctx["answers"].get(key)
    if ans is None:
        if not trash:
            return None
        if len(trash) > n:
            api.ask(state, ctx, "cards", {"from": list(trash), "count": n}, "416.6")
            return False
        ans = ctx["answers"][key] = {"cards": list(trash)}
    picked = list(ans["cards"])
    if "order" not in ans:
        if len(picked) >= 2:
            return api.await_deck_order(state, ctx, pid,
                                        list(state.players[pid].main_deck), picked)
        ans["order"] = picked
    order = [o for o in ans["order"] if state.objects[o].zone == "trash"]
    if order:
        api.recycle(state, order, log, player=pid)
    return None
