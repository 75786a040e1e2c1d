"""Sigil of the Storm (OGN-287): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _pick, _runes
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("recycle_a_rune")
def _recycle_a_rune(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """The controller recycles one of their runes (their pick, not a target)."""

    mine = _runes(state, ctx["controller"])
    if not mine:
        return None
    if len(mine) == 1:
        api.recycle(state, mine, log, player=ctx["controller"])
        return None
    done, rune = _pick(state, ctx, "rune", mine, "416")
    if not done:
        return False
    api.recycle(state, [rune], log, player=ctx["controller"])
    return None
