"""A choice between two effects made as the ability resolves: Buhru Captain (SFD-091) may
draw one or buff itself; Royal Entourage (SFD-039) readies or exhausts a legend."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("may_draw_or_buff_me")
def _may_draw_or_buff_me(state: api.GameState, ctx: dict[str, Any],
                         log: list[api.GameAction]) -> bool | None:
    """The controller draws one, or buffs the source, or neither (answer ``{"do": "draw"}``,
    ``{"do": "buff"}`` or ``{"do": None}``; buffing needs the source on the board)."""
    me, src = ctx["controller"], state.objects.get(ctx["source"])
    on_board = src is not None and src.zone in ("base", "battlefield")
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        choices: list[dict[str, Any]] = [{"do": None}, {"do": "draw"}]
        if on_board:
            choices.append({"do": "buff"})
        api.ask(state, ctx, "custom", {"what": "draw 1, buff me, or neither",
                                       "choices": choices}, "378")
        return False
    if answer.get("do") == "draw":
        api.draw(state, me, log)
    elif answer.get("do") == "buff" and on_board:
        api.buff(state, ctx["source"], log, player=me)
    return None


@api.custom("ready_or_exhaust_a_legend")
def _ready_or_exhaust_a_legend(state: api.GameState, ctx: dict[str, Any],
                               log: list[api.GameAction]) -> bool | None:
    """Ready or exhaust a legend of any player, picked as it resolves (answer
    ``{"legend": oid, "do": "ready" | "exhaust"}``, one of the listed choices)."""
    legends = [o for pid in state.seating for o in state.players[pid].legend]
    if not legends:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {"what": "ready or exhaust a legend",
                                       "choices": [{"legend": o, "do": d} for o in legends
                                                   for d in ("ready", "exhaust")]}, "378")
        return False
    if answer["do"] == "ready":
        api.ready(state, answer["legend"], log)
    else:
        api.exhaust(state, answer["legend"], log)
    return None
