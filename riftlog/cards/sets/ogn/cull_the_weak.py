"""Cull the Weak (OGN-209): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _pick_per_player
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    board_units,
    custom,
    order_from,
)


@custom("each_player_kills_own_unit")
def _each_player_kills_own_unit(state: GameState, ctx: dict[str, Any],
                                log: list[GameAction]) -> bool | None:
    """Each player, in turn order from the turn player, picks one unit they control; all the
    picked units are killed together."""

    players = order_from(state, state.turn_player or ctx["controller"])
    picks = _pick_per_player(state, ctx, players,
                             lambda pid, _: board_units(state, pid), "378")
    if picks is None:
        return False
    doomed = [o for o in picks.values() if state.objects[o].zone in ("base", "battlefield")]
    if doomed:
        api.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                 player=ctx["controller"])
    return None
