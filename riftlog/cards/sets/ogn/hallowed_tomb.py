"""Hallowed Tomb (OGN-281): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _pick
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    change_zone,
    custom,
)


@custom("champion_back")
def _champion_back(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """The controller may put their Chosen Champion (113) from their trash back into their
    empty Champion Zone."""

    pid = ctx["controller"]
    champ = state.objects.get(f"{pid}.champ")
    if champ is None or champ.zone != "trash" or champ.owner != pid or state.players[pid].champion:
        return None
    done, use = _pick(state, ctx, "use", [True, False], "383.3.a")
    if not done:
        return False
    if use:
        change_zone(state, champ, "champion")
        log.append(GameAction("return_champion", pid, (champ.oid,), {"card": champ.card,
                              "from": "trash", "to": "champion"}, "public", "113", pid))
    return None
