"""King's Edict (OGN-237): its custom effects (see its encoding)."""

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


@custom("others_pick_units_to_kill")
def _others_pick_units_to_kill(state: GameState, ctx: dict[str, Any],
                               log: list[GameAction]) -> bool | None:
    """Starting with the next player, each other player picks a unit the controller does not
    control and nobody picked yet; those units are killed."""

    me = ctx["controller"]
    players = [p for p in order_from(state, me) if p != me]
    picks = _pick_per_player(
        state, ctx, players,
        lambda pid, taken: [o for o in board_units(state)
                            if state.objects[o].controller != me and o not in taken], "378")
    if picks is None:
        return False
    doomed = [o for o in picks.values() if state.objects[o].zone in ("base", "battlefield")]
    if doomed:
        api.kill(state, doomed, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                 player=me)
    return None
