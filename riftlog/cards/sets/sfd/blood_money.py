"""Blood Money (SFD-162): kill the chosen unit; Gold tokens by whose unit it was."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api

#: the Gold gear token (v1.3 184.5)
GOLD = "SFD-T03"


@api.custom("blood_money")
def _blood_money(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                 name: str) -> None:
    """Kill the target *name* if it is still legal; its controller's side decides how many
    Gold tokens the spell's controller plays exhausted: one for an enemy's, two for a friendly
    one (their own or, in team modes, a teammate's: RUP4 489.8.e)."""
    me = ctx["controller"]
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        was_friendly = api.friendly(state, me, state.objects[oid].controller)
        api.kill(state, [oid], log, attribution=[ctx["source"]], player=me)
        for _ in range(2 if was_friendly else 1):
            api.create(state, GOLD, me, log, exhausted=True)
