"""Swift Scout (OGN-263): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _pick
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    card_facts,
    change_zone,
    custom,
)


@custom("owned_tag_unit_to_hand")
def _owned_tag_unit_to_hand(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                            tag: str = "Teemo") -> bool | None:
    """The controller puts a unit with *tag* that they own into their hand, from their
    Champion Zone or the board (their pick)."""

    pid = ctx["controller"]
    pool = [*state.players[pid].champion, *(o for p in state.players.values() for o in p.base),
            *(u for b in state.battlefields for u in b.units)]
    units = [o for o in pool if state.objects[o].owner == pid
             and api.printed_type(state.objects[o].card) == "Unit"
             and tag in (api.characteristics(state, o).tags if state.objects[o].zone != "champion"
                         else card_facts(state.objects[o].card).tags)]
    if not units:
        return None
    if len(units) == 1:
        unit = units[0]
    else:
        done, unit = _pick(state, ctx, "unit", units, "420")
        if not done:
            return False
    obj = state.objects[unit]
    origin = obj.zone
    change_zone(state, obj, "hand")
    log.append(GameAction("return_to_hand", pid, (unit,), {"card": obj.card, "from": origin},
                          "public", "420", pid))
    return None
