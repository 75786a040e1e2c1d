"""Draven, Audacious (SFD-148): as he dies in combat, his controller chooses an opponent, who
gains points (not a Score, v1.3 466.1.a.1)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("chosen_opponent_gains_points")
def _chosen_opponent_gains_points(state: api.GameState, ctx: dict[str, Any],
                                  log: list[api.GameAction], n: int) -> bool | None:
    """The controller chooses one of their opponents (asked only when there are two or
    more: answer ``{"player": pid}``); that player gains *n* points unless they can't (054)."""
    opponents = sorted(state.opponents(ctx["controller"]))
    if not opponents:
        return None
    if len(opponents) == 1:
        chosen = opponents[0]
    else:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            api.ask(state, ctx, "custom", {"what": "choose an opponent to gain the points",
                                           "choices": [{"player": p} for p in opponents]},
                    "355.5")
            return False
        chosen = answer["player"]
    why = api.gain_refused(state, chosen)
    if why is not None:
        log.append(api.GameAction("gain_prevented", chosen, (), {"points": n, "why": why},
                                  "public", "054", ctx["controller"]))
        return None
    player = state.players[chosen]
    player.points += n
    log.append(api.GameAction("gain_points", chosen, (), {"points": n, "total": player.points,
                                                          "reason": ctx["card"]},
                              "public", "466.1.a.1", ctx["controller"]))
    return None
