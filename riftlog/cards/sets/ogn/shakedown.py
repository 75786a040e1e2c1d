"""Shakedown (OGN-033): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _ogn_target
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    controller_deal_bonus,
    custom,
)


@custom("ogn_unless_lets_draw")
def _ogn_unless_lets_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          damage: int, draw: int) -> bool | None:
    """Shakedown: the target's controller chooses (a ChoiceMade ``{"let_draw": bool}``)
    between the caster drawing *draw* and the target taking *damage*."""

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        chooser = state.objects[target].controller or ctx["controller"]
        opts = {"kind": "custom", "source": ctx.get("source"), "card": ctx["card"],
                "what": "let the caster draw instead of taking damage", "target": target,
                "choices": [{"let_draw": True}, {"let_draw": False}]}
        state.queue.append(api.await_entry("choice", chooser, ["ChoiceMade"], "378", opts,
                                           then={"kind": "effects", "ctx": ctx}))
        return False
    if answer.get("let_draw"):
        api.draw(state, ctx["controller"], log, draw)
    else:
        api.deal(state, target, damage + controller_deal_bonus(state, ctx["controller"], damage), log,
                 source=ctx.get("source"), player=ctx["controller"])
    return None
