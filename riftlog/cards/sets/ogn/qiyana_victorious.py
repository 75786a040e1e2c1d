"""Qiyana, Victorious (OGN-155): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("draw_or_channel")
def _draw_or_channel(state: GameState, ctx: dict[str, Any],
                     log: list[GameAction]) -> bool | None:
    """The controller picks: draw 1, or channel 1 rune exhausted (a ChoiceMade)."""

    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {"choices": [{"do": "draw"}, {"do": "channel"}]}, "378")
        return False
    if answer["do"] == "draw":
        api.draw(state, ctx["controller"], log, 1)
    else:
        api.channel(state, ctx["controller"], log, 1, exhausted=True)
    return None
