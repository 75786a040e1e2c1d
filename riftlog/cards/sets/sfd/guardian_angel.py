"""Guardian Angel (SFD-051): its Effect Text replaces its wearer's death; the first of its
instructions kills the Equipment itself ("this", RUP4 136.2.d), named by the replacement's
event as ``equipment``."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("kill_this_equipment")
def _kill_this_equipment(state: api.GameState, ctx: dict[str, Any],
                         log: list[api.GameAction]) -> None:
    """Kill the Equipment whose Effect Text is resolving, if it is still on the board."""
    gear = (ctx.get("event") or {}).get("equipment")
    obj = state.objects.get(gear or "")
    if obj is not None and obj.zone in ("base", "battlefield"):
        api.kill(state, [obj.oid], log, attribution=[obj.oid], player=ctx["controller"])
