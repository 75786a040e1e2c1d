"""Obelisk of Power (OGN-284): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _event_player
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("that_player_channels")
def _that_player_channels(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          n: int = 1) -> None:
    """The player the event is about channels *n* runes (e.g. at their Beginning Phase)."""

    api.channel(state, _event_player(ctx), log, n)
