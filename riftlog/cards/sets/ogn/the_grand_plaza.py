"""The Grand Plaza (OGN-293): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
    teammates,
)


@custom("win_with_units_here")
def _win_with_units_here(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                         n: int = 7) -> None:
    """The controller wins the game if they have *n* or more units at the source."""

    pid = ctx["controller"]
    bf = next((b for b in state.battlefields if b.oid == ctx.get("source")), None)
    if bf is None or state.phase == "over":
        return
    mine = [o for o in bf.units if state.objects[o].controller == pid
            and api.printed_type(state.objects[o].card) == "Unit"]
    if len(mine) < n:
        return
    team = sorted(teammates(state, pid))
    state.winner = team
    state.end_reason = "card"
    state.phase = "over"
    for p in team:
        log.append(GameAction("win", p, (), {"reason": "card", "card": ctx["card"]},
                              "public", "467", None))
