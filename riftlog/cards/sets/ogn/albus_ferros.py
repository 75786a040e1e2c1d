"""Albus Ferros (OGN-230): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    board_units,
    custom,
    spend_buff,
)


@custom("spend_buffs_to_channel")
def _spend_buffs_to_channel(state: GameState, ctx: dict[str, Any],
                            log: list[GameAction]) -> bool | None:
    """Spend any number of buffs of the controller's units; channel 1 rune exhausted each."""

    me = ctx["controller"]
    buffed = [o for o in board_units(state, me) if state.objects[o].buffed]
    if not buffed:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "cards", {"from": buffed, "count": len(buffed), "up_to": True,
                                          "what": "units whose buff is spent"}, "703")
        return False
    spent = [o for o in answer["cards"] if state.objects[o].buffed]
    for oid in spent:
        spend_buff(state, oid)  # issue #5 (K1): one buff (702.2.b)
        log.append(GameAction("spend_buff", me, (oid,), {}, "public", "703", me))
    if spent:
        api.channel(state, me, log, len(spent), exhausted=True)
    return None
