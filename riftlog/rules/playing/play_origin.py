"""The conditions of :mod:`riftlog.cards.vocab_origin`: :class:`PlayedFrom` (the zone a card
is played from, read as its cost is worked out, v1.3 356.4) and :class:`PlayedTagThisTurn`
(a card of a tag played this turn, read as an ability is used, 377.2.b): registered in
``effects.CONDITIONS`` on import (an engine extension loaded by ``engine.load_extensions``)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab_origin import PlayedFrom, PlayedTagThisTurn
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects

__all__ = ["played_from", "played_tag_this_turn"]


def played_from(state: GameState, player: str, source: str | None, cond: Any,
                event: dict[str, Any] | None = None) -> bool:
    """Whether the card *source* (being played) is in zone ``cond.zone`` now."""
    obj = state.objects.get(source or "")
    return obj is not None and obj.zone == cond.zone


def played_tag_this_turn(state: GameState, player: str, source: str | None, cond: Any,
                         event: dict[str, Any] | None = None) -> bool:
    """Whether *player* played a card with the printed tag ``cond.tag`` this turn (the cards
    noted as played, 350.1; tokens are not cards and are not noted)."""
    return any(cond.tag in card_facts(state.objects[oid].card).tags
               for oid in effects.played_this_turn(state, player) if oid in state.objects)


effects.CONDITIONS[PlayedFrom] = played_from
effects.CONDITIONS[PlayedTagThisTurn] = played_tag_this_turn
