"""Time Warp (OGN-122): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, custom


@custom("additional_turn_banish_self")
def _additional_turn_banish_self(state: GameState, ctx: dict[str, Any],
                                 log: list[GameAction]) -> None:
    """The controller takes a turn right after this one (735; queued before earlier queued
    additional turns, 738), then the resolving spell card is banished instead of going to
    the trash."""

    pid = ctx["controller"]
    queued = state.extra.setdefault("additional_turns", [])
    queued.insert(0, pid)
    log.append(GameAction("additional_turn", pid, (), {"queued": list(queued)}, "public", "735", pid))
    src = state.objects.get(ctx.get("source") or "")
    if src is not None and src.zone == "chain":
        api.banish(state, src.oid, log, player=pid)
    return None
