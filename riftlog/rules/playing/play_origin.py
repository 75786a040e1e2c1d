"""The condition :class:`riftlog.cards.vocab_origin.PlayedFrom` (the zone a card is played
from, read as its cost is worked out, v1.3 356.4): registered in ``effects.CONDITIONS`` on
import (an engine extension loaded by ``engine.load_extensions``)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab_origin import PlayedFrom
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects

__all__ = ["played_from"]


def played_from(state: GameState, player: str, source: str | None, cond: Any,
                event: dict[str, Any] | None = None) -> bool:
    """Whether the card *source* (being played) is in zone ``cond.zone`` now."""
    obj = state.objects.get(source or "")
    return obj is not None and obj.zone == cond.zone


effects.CONDITIONS[PlayedFrom] = played_from
