"""Retreat (OGN-104): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, custom


@custom("owner_channels")
def _owner_channels(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                    name: str) -> None:
    """The owner of each card chosen as *name* that is now in a hand channels 1 rune
    exhausted (after it was returned to that hand)."""

    for oid in ctx["targets"].get(name, []):
        obj = state.objects.get(oid)
        if obj is not None and obj.zone == "hand":
            api.channel(state, obj.owner, log, 1, exhausted=True)
    return None
