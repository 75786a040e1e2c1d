"""Zenith Blade (OGN-262): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _pick
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
    destination_problem,
)


@custom("may_move_friendly_to_its_bf")
def _may_move_friendly_to_its_bf(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                 name: str = "t") -> bool | None:
    """The controller may move a friendly unit (theirs or, in team modes, a teammate's: RUP4
    489.8.e) to the battlefield where the unit chosen as *name* is."""

    foe = next(iter(ctx["targets"].get(name, [])), None)
    if foe is None or state.objects[foe].zone != "battlefield":
        return None
    dest = state.objects[foe].location or ""
    pid = ctx["controller"]
    if destination_problem(state, pid, dest) is not None:
        return None
    bases = [o for p in api.teammates(state, pid) for o in state.players[p].base]
    mine = [o for o in [*bases, *(u for b in state.battlefields for u in b.units)]
            if api.friendly(state, pid, state.objects[o].controller)
            and state.objects[o].location != dest
            and api.printed_type(state.objects[o].card) == "Unit"
            and not api.move_forbidden(state, state.objects[o], dest)]
    if not mine:
        return None
    done, unit = _pick(state, ctx, "unit", [*mine, None], "420.1")
    if not done:
        return False
    if unit is not None:
        api.move(state, unit, dest, log, player=pid)
    return None
