"""Ekko, Recurrent (OGN-110): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, custom


@custom("recycle_me_from_trash")
def _recycle_me_from_trash(state: GameState, ctx: dict[str, Any],
                           log: list[GameAction]) -> bool | None:
    """A cost (742.1.b): recycle the source card from its owner's trash; False when it is
    not there any more (not paid)."""

    src = state.objects.get(ctx.get("source") or "")
    if src is None or src.zone != "trash":
        return False
    api.recycle(state, src.oid, log, player=ctx["controller"])
    return None


@custom("ready_all_runes")
def _ready_all_runes(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """Ready every rune the controller has on the board."""

    for oid in list(state.players[ctx["controller"]].base):
        obj = state.objects[oid]
        if obj.exhausted and api.printed_type(obj.card) == "Rune":
            api.ready(state, oid, log)
    return None
