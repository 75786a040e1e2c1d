"""Charm (OGN-043): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _ogn_target
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    base_of,
    custom,
    destination_problem,
    pick_place,
)


@custom("ogn_move_enemy_unit")
def _ogn_move_enemy_unit(state: GameState, ctx: dict[str, Any],
                         log: list[GameAction]) -> bool | None:
    """Charm: move the target to a destination its caster chooses as the spell resolves
    (444.1: no restriction but 444.2/442.2; a ChoiceMade ``{"to": location}``)."""

    target = _ogn_target(state, ctx)
    if target is None:
        return None
    unit = state.objects[target]
    places = [base_of(unit.controller or ""), *(bf.oid for bf in state.battlefields)]
    legal = [p for p in places if p != unit.location
             and destination_problem(state, unit.controller or "", p) is None]
    if not legal:
        return None
    dest = pick_place(state, ctx, legal, "destination", "444.1")
    if dest is None:
        return False
    api.move(state, target, dest, log, player=ctx["controller"])
    return None
