"""Card Sharp (SFD-081): as it is played, its controller and then each opponent (in turn
order) say whether they play a Gold token exhausted; the controller plays one more for each
opponent who did."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api

#: the Gold gear token (v1.3 184.5)
GOLD = "SFD-T03"
_CHOICES = [{"gold": True}, {"gold": False}]


@api.custom("card_sharp_gold")
def _card_sharp_gold(state: api.GameState, ctx: dict[str, Any],
                     log: list[api.GameAction]) -> bool | None:
    """Ask each player in turn order from the controller (answer ``{"gold": bool}``), then
    play the Gold tokens: one for each yes, and one more for the controller per opponent's
    yes (kept in ``ctx["gold_said"]`` between the questions)."""
    me = ctx["controller"]
    said: dict[str, bool] = ctx.setdefault("gold_said", {})
    key = str(ctx["pc"])
    answer = ctx["answers"].pop(key, None)
    players = [p for p in api.order_from(state, me) if p == me or p in state.opponents(me)]
    asking = next((p for p in players if p not in said), None)
    if answer is not None and asking is not None:
        said[asking] = answer.get("gold") is True
        asking = next((p for p in players if p not in said), None)
    if asking is not None:
        api.ask_player(state, ctx, asking, {"kind": "custom",
                                            "what": "play a Gold token exhausted?",
                                            "choices": list(_CHOICES)}, "378")
        return False
    for pid in players:
        if said.get(pid):
            api.create(state, GOLD, pid, log, exhausted=True)
    for pid in players:
        if pid != me and said.get(pid):
            api.create(state, GOLD, me, log, exhausted=True)
    return None
