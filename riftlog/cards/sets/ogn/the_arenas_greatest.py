"""The Arena's Greatest (OGN-290): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _event_player
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
    gain_refused,
)


@custom("that_player_gains_points")
def _that_player_gains_points(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                              n: int = 1) -> None:
    """The player the event is about gains *n* points (not a score)."""
    pid = _event_player(ctx)
    player = state.players[pid]
    why = gain_refused(state, pid)  # issue 24: a "can't gain points" (054)
    if why is not None:
        log.append(GameAction("gain_prevented", pid, (), {"points": n, "why": why}, "public",
                              "054", ctx["controller"]))
        return
    player.points += n
    log.append(GameAction("gain_points", pid, (), {"points": n, "total": player.points,
                                                   "reason": ctx["card"]}, "public", "466.1.a",
                          ctx["controller"]))
