"""Monastery of Hirana (OGN-282): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _pick
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
    spend_buff,
)


@custom("spend_buff_to_draw")
def _spend_buff_to_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                        n: int = 1) -> bool | None:
    """The controller may spend a buff of one of their units (702.2.b) to draw *n*."""

    pid = ctx["controller"]
    buffed = [o for bf in state.battlefields for o in bf.units] + list(state.players[pid].base)
    buffed = [o for o in buffed if state.objects[o].controller == pid and state.objects[o].buffed
              and api.printed_type(state.objects[o].card) == "Unit"]
    if not buffed:
        return None
    done, unit = _pick(state, ctx, "unit", [*buffed, None], "702.2.b")
    if not done:
        return False
    if unit is not None:
        spend_buff(state, unit)  # issue #5 (K1): one buff (702.2.b)
        log.append(GameAction("spend_buff", pid, (unit,), {}, "public", "702.2.b", pid))
        api.draw(state, pid, log, n)
    return None
