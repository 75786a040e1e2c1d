"""The custom effect finish plays, shared by OGN-025, OGN-062, OGN-107, OGN-112, OGN-115, OGN-242."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, custom


@custom("pe_finish_plays")
def _pe_finish_plays(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Finish every play this effect began (355-359, in order: 337.1.b)."""
    return api.finish_plays(state, ctx, log)
