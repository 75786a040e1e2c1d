"""The custom effect mutual damage, shared by OGN-128, OGN-149, OGS-008."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _each
from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, custom


@custom("mutual_damage")
def _mutual_damage(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                   one: Any, other: Any) -> None:
    """A fight: each of the two units hits the other for as much as its own Might, both at
    once; each unit is the source of what it deals (417.6.b.3).  Nothing if one is gone."""

    a = _each(state, ctx, one)
    b = _each(state, ctx, other)
    if not a or not b:
        return None
    x, y = a[0], b[0]
    might_x, might_y = max(0, api.might_of(state, x)), max(0, api.might_of(state, y))
    api.deal(state, y, might_x, log, source=x, player=ctx["controller"])
    api.deal(state, x, might_y, log, source=y, player=ctx["controller"])
    return None
