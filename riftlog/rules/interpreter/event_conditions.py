"""The conditions of :mod:`riftlog.cards.vocab_events` (issue 24): who did a trigger event,
where a move started, units in a base, a played card's printed Power cost.  Registered in
``effects.CONDITIONS`` on import (the engine's extensions list)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab_events import (
    ConqueredUncontrolled,
    EventByYou,
    EventUnitWeaker,
    FirstTimeThisTurn,
    FromBattlefield,
    NotFromHand,
    OneOnOne,
    OtherUnitsInBase,
    PowerCostAtLeast,
    YourMightyUnitHere,
)
from riftlog.rules.board import layers
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects

__all__ = ["by_you", "conquered_uncontrolled", "first_time_this_turn", "from_battlefield", "not_from_hand", "one_on_one",
           "other_units_in_base", "power_cost_at_least", "your_mighty_unit_here"]

Event = dict[str, Any] | None


def by_you(state: GameState, player: str, source: str | None, cond: Any, event: Event) -> bool:
    """:class:`EventByYou`: the event's player is the ability's controller (and its flag, if
    one is named, is set)."""
    data = event or {}
    return data.get("player") == player and (cond.flag is None or bool(data.get(cond.flag)))


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


def one_on_one(state: GameState, player: str, source: str | None, cond: Any,
               event: Event) -> bool:
    """:class:`OneOnOne`: the source is alone on its side at its battlefield, against
    exactly one unit of its controller's opponents."""
    src = state.objects.get(source or "")
    if src is None or src.zone != "battlefield" or not src.location:
        return False
    here = [state.objects[o] for o in state.battlefield(src.location).units
            if state.objects[o].attached_to is None]
    mine = [o for o in here if o.controller == src.controller]
    theirs = [o for o in here if o.controller in state.opponents(src.controller or "")]
    return len(mine) == 1 and len(theirs) == 1


def first_time_this_turn(state: GameState, player: str, source: str | None, cond: Any,
                         event: Event) -> bool:
    """:class:`FirstTimeThisTurn`: no event of this kind happened to the source earlier this
    turn (``state.extra["first_this_turn"]`` keeps the turn's "<source>#<event>")."""
    seen = state.extra.get("first_this_turn")
    if not seen or seen.get("turn") != state.turn:
        seen = state.extra["first_this_turn"] = {"turn": state.turn, "keys": []}
    key = f"{source}#{cond.event}"
    if key in seen["keys"]:
        return False
    seen["keys"].append(key)
    return True


def conquered_uncontrolled(state: GameState, player: str, source: str | None, cond: Any,
                           event: Event) -> bool:
    """:class:`ConqueredUncontrolled`: the conquest now scoring had no controller before it
    (``state.extra["conquered_from"]``, set by showdown.establish while it scores)."""
    return "conquered_from" in state.extra and state.extra["conquered_from"] is None


def event_unit_weaker(state: GameState, player: str, source: str | None, cond: Any,
                      event: Event) -> bool:
    """:class:`EventUnitWeaker`: the event's unit has less Might than *source* (layers)."""
    obj = (event or {}).get("obj")
    if source is None or obj not in state.objects or source not in state.objects:
        return False
    return layers.might_of(state, obj) < layers.might_of(state, source)


def your_mighty_unit_here(state: GameState, player: str, source: str | None, cond: Any,
                          event: Event) -> bool:
    """:class:`YourMightyUnitHere`: *player* controls a Mighty unit (layers) at the source
    battlefield now."""
    bf = next((b for b in state.battlefields if b.oid == source), None)
    return bf is not None and any(
        state.objects[o].controller == player and card_facts(state.objects[o].card).type == "Unit"
        and layers.is_mighty(state, o) for o in bf.units)


effects.CONDITIONS[EventByYou] = by_you
effects.CONDITIONS[YourMightyUnitHere] = your_mighty_unit_here
effects.CONDITIONS[EventUnitWeaker] = event_unit_weaker
effects.CONDITIONS[ConqueredUncontrolled] = conquered_uncontrolled
effects.CONDITIONS[OneOnOne] = one_on_one
effects.CONDITIONS[FirstTimeThisTurn] = first_time_this_turn
effects.CONDITIONS[NotFromHand] = not_from_hand
effects.CONDITIONS[FromBattlefield] = from_battlefield
effects.CONDITIONS[OtherUnitsInBase] = other_units_in_base
effects.CONDITIONS[PowerCostAtLeast] = power_cost_at_least
