"""The conditions of :mod:`riftlog.cards.vocab_events` (issue 24): who did a trigger event,
where a move started, units in a base, a played card's printed Power cost.  Registered in
``effects.CONDITIONS`` on import (the engine's extensions list)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab_events import (
    EventByYou,
    FromBattlefield,
    NotFromHand,
    OtherUnitsInBase,
    PowerCostAtLeast,
)
from riftlog.rules.board import layers
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects

__all__ = ["by_you", "from_battlefield", "not_from_hand", "other_units_in_base",
           "power_cost_at_least"]

Event = dict[str, Any] | None


def by_you(state: GameState, player: str, source: str | None, cond: Any, event: Event) -> bool:
    """:class:`EventByYou`: the event's player is the ability's controller."""
    return (event or {}).get("player") == player


def from_battlefield(state: GameState, player: str, source: str | None, cond: Any,
                     event: Event) -> bool:
    """:class:`FromBattlefield`: the move's origin (the event's ``battlefield``) is one."""
    origin = (event or {}).get("battlefield")
    return origin is not None and any(bf.oid == origin for bf in state.battlefields)


def other_units_in_base(state: GameState, player: str, source: str | None, cond: Any,
                        event: Event) -> bool:
    """:class:`OtherUnitsInBase`: *n*+ units of the controller in their base, not the source."""
    base = state.players[player].base
    n = sum(1 for o in base if o != source and state.objects[o].controller == player
            and layers.printed_type(state.objects[o].card) == "Unit"
            and state.objects[o].attached_to is None)
    return n >= int(cond.n)


def power_cost_at_least(state: GameState, player: str, source: str | None, cond: Any,
                        event: Event) -> bool:
    """:class:`PowerCostAtLeast`: the event's object has *n*+ printed Power symbols."""
    obj = state.objects.get((event or {}).get("obj") or "")
    return obj is not None and (card_facts(obj.card).power or 0) >= int(cond.n)


def not_from_hand(state: GameState, player: str, source: str | None, cond: Any,
                  event: Event) -> bool:
    """:class:`NotFromHand`: the source card is not in a hand (it is played from elsewhere)."""
    obj = state.objects.get(source or "")
    return obj is not None and obj.zone != "hand"


effects.CONDITIONS[EventByYou] = by_you
effects.CONDITIONS[NotFromHand] = not_from_hand
effects.CONDITIONS[FromBattlefield] = from_battlefield
effects.CONDITIONS[OtherUnitsInBase] = other_units_in_base
effects.CONDITIONS[PowerCostAtLeast] = power_cost_at_least
