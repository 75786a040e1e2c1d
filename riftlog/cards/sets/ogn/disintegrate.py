"""Disintegrate (OGN-005): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _ogn_target
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("ogn_deal_then_if_it_dies")
def _ogn_deal_then_if_it_dies(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                              n: int, ability: int) -> bool | None:
    """Disintegrate: deal *n* to the target; if that kills it (the kill happens at the
    cleanup right after, 323.5), the card's ability #*ability* (a "dies"/"delayed" trigger)
    triggers, reflexively (387).  A delayed entry watching that unit is removed again by
    the task ``ogn_expire_watch`` after that cleanup."""

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    n += api.bonus_damage(state, target, n) + api.spell_bonus_damage(state, ctx) + \
        api.controller_bonus_damage(state, ctx["controller"])  # 713-715
    api.deal(state, target, n, log, source=ctx.get("source"), player=ctx["controller"])
    watch = {"card": ctx["card"], "source": ctx.get("source"), "ability": ability,
             "controller": ctx["controller"], "turn": state.turn, "objects": [target]}
    state.extra.setdefault("delayed", []).append(watch)
    state.queue.append({"kind": "ogn_expire_watch", "watch": watch})
    return None
