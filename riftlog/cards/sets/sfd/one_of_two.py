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
    """Ready or exhaust the legend chosen as the ability went on the chain (its target ``t``,
    RUP4 355.10.a), if it is still in a Legend Zone; which of the two is decided as it
    resolves (355.17: answer ``{"do": "ready" | "exhaust"}``)."""
    legend = next(iter(ctx["targets"].get("t", ())), None)
    obj = state.objects.get(legend or "")
    if obj is None or obj.zone != "legend":
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {"what": f"ready or exhaust {legend}",
                                       "choices": [{"do": "ready"}, {"do": "exhaust"}]}, "355.17")
        return False
    if answer["do"] == "ready":
        api.ready(state, obj.oid, log)
    else:
        api.exhaust(state, obj.oid, log)
    return None
