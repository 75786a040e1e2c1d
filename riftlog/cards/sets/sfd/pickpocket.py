"""Pickpocket (SFD-074): as it is played, its controller may kill a chosen cheap gear; only if
the gear died does a Gold token come into play for them."""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.rules import card_api as api

#: the Gold gear token (v1.3 184.5)
GOLD = "SFD-T03"


@api.custom("kill_target_then_gold")
def _kill_target_then_gold(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                           target: V.Target) -> None:
    """Kill the target *target* if still legal; if it left the board (no replacement saved
    it), the controller plays a Gold token exhausted."""
    for oid in api.still_legal(state, ctx, target):
        api.kill(state, [oid], log, attribution=[ctx["source"]], player=ctx["controller"])
        gone = state.objects.get(oid)
        if gone is None or gone.zone not in ("base", "battlefield"):  # a token ceases to be
            api.create(state, GOLD, ctx["controller"], log, exhausted=True)
