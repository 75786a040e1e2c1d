"""The custom effect channel or draw, shared by OGN-134, OGN-138."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, custom


@custom("channel_or_draw")
def _channel_or_draw(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                     n: int, draw: int) -> None:
    """Channel *n* runes exhausted; if fewer than *n* could be channeled, draw *draw*."""

    done = api.channel(state, ctx["controller"], log, n, exhausted=True)
    if len(done) < n:
        api.draw(state, ctx["controller"], log, draw)
    return None
