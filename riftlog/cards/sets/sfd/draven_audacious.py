"""Draven, Audacious (SFD-148): as he dies in combat, his controller chooses an opponent (a
target, chosen as the ability goes on the chain), who gains points (not a Score, v1.3
466.1.a.1)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("chosen_opponent_gains_points")
def _chosen_opponent_gains_points(state: api.GameState, ctx: dict[str, Any],
                                  log: list[api.GameAction], n: int) -> bool | None:
    """The opponent chosen as the ability went on the chain (its target ``t``: a player,
    RUP4 355.9.a, 355.10) gains *n* points unless they can't (054); nothing when that player
    is no longer a legal target as it resolves (eliminated, or no longer an opponent:
    359.3.e)."""
    chosen = next(iter(ctx["targets"].get("t", ())), None)
    if chosen not in state.opponents(ctx["controller"]) or state.players[chosen].eliminated:
        return None
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
