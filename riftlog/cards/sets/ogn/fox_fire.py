"""Fox-Fire (OGN-256): its custom effects (see its encoding)."""

from __future__ import annotations

import itertools
from typing import Any

from riftlog.cards.sets.ogn.common import _pick
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("kill_group_max_might")
def _kill_group_max_might(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          name: str = "t", most: int = 4) -> bool | None:
    """Kill the units chosen for *name* (all at one battlefield, total Might at most *most*).
    If they no longer fit together, the controller picks a subset that does (355.11.b)."""


    alive = [o for o in ctx["targets"].get(name, []) if o in state.objects
             and state.objects[o].zone == "battlefield"
             and api.printed_type(state.objects[o].card) == "Unit"]

    def fits(group: tuple[str, ...]) -> bool:
        return len({state.objects[o].location for o in group}) <= 1 and \
            sum(api.might_of(state, o) for o in group) <= most

    if fits(tuple(alive)):
        picked = alive
    else:
        options = [list(g) for k in range(len(alive), -1, -1)
                   for g in itertools.combinations(alive, k) if fits(g)]
        done, chosen = _pick(state, ctx, "units", options, "355.11.b")
        if not done:
            return False
        picked = list(chosen)
    if picked:
        api.kill(state, picked, log, attribution=[ctx["source"]] if ctx.get("source") else [],
                 player=ctx["controller"])
    return None
