"""Acceptable Losses (OGN-179): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    ask_player,
    board_units,
    custom,
    order_from,
)


@custom("each_kills_gear")
def _each_kills_gear(state: GameState, ctx: dict[str, Any],
                     log: list[GameAction]) -> bool | None:
    """Each player, in turn order from the turn player, picks one gear they control (a
    ChoiceMade when they have several); the picked gear are killed together."""

    picks: dict[str, str | None] = ctx.setdefault("ogn151_gear", {})
    answer = ctx["answers"].pop(str(ctx["pc"]), None)
    waiting = ctx.pop("ogn151_gear_waiting", None)
    if answer is not None and waiting is not None:
        picks[waiting] = answer["cards"][0]
    for pid in order_from(state, state.turn_player or ctx["controller"]):
        if pid in picks:
            continue
        options = board_units(state, pid, "Gear")
        if len(options) <= 1:
            picks[pid] = options[0] if options else None
            continue
        ctx["ogn151_gear_waiting"] = pid
        ask_player(state, ctx, pid, {"kind": "cards", "from": options, "count": 1}, "378")
        return False
    doomed = [o for o in picks.values() if o and state.objects[o].zone in ("base", "battlefield")]
    if doomed:
        api.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                 player=ctx["controller"])
    return None
