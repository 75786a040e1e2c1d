"""Invert Timelines (OGN-201): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
    order_from,
)


@custom("discard_hands_then_draw")
def _discard_hands_then_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                             n: int) -> None:
    """Every player discards their whole hand, then every player draws *n*."""

    order = order_from(state, state.turn_player or ctx["controller"])
    for pid in order:
        hand = list(state.players[pid].hand)
        if not hand:
            continue
        api.discard(state, hand, log)
        for oid in hand:
            api.fire(state, "discarded", obj=oid, player=pid)
        api.fire(state, "discards", player=pid)
    for pid in order:
        api.draw(state, pid, log, n)
