"""Party Favors (OGN-071): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("ogn_cards_or_runes")
def _ogn_cards_or_runes(state: GameState, ctx: dict[str, Any],
                        log: list[GameAction]) -> bool | None:
    """Party Favors: each other player (turn order from the controller) picks "cards" or
    "runes" (a ChoiceMade by that player); then, per player, both draw 1 or both channel 1
    exhausted rune."""

    me = ctx["controller"]
    picks: dict[str, str] = ctx.setdefault("favors", {})
    key = str(ctx["pc"])
    order = state.turn_order
    start = order.index(me) if me in order else 0
    others = [p for p in order[start:] + order[:start]
              if p != me and not state.players[p].eliminated]
    asked = ctx.get("favors_asking")
    answer = ctx["answers"].pop(key, None)
    if asked is not None and answer is not None:
        picks[asked] = answer["pick"]
        ctx.pop("favors_asking", None)
    for pid in others:
        if pid not in picks:
            ctx["favors_asking"] = pid
            state.queue.append(api.await_entry(
                "choice", pid, ["ChoiceMade"], "378",
                {"kind": "custom", "card": ctx["card"], "source": ctx.get("source"),
                 "choices": [{"pick": "cards"}, {"pick": "runes"}]},
                then={"kind": "effects", "ctx": ctx}))
            return False
    for pid in others:
        for who in (me, pid):
            if picks[pid] == "cards":
                api.draw(state, who, log, 1)
            else:
                api.channel(state, who, log, 1, exhausted=True)
    return None
