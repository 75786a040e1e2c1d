"""The "becomes Mighty" trigger event (v1.3 709, RUP4 709): a unit becomes Mighty when its
Might goes from below 5 to 5 or more (a unit entering the board is judged against its
printed Might, 711).

Might changes in many places (effects, buffs, passives starting and ending, attachments), so
the event is found by comparison rather than at each change: :func:`watch`, called by
``engine.apply_in_place`` once a decision has been carried out and the game awaits the next
one (before any player could act on priority, so before a triggered ability would be put on
the chain, 383.3; the engine then goes on, putting the triggers on the chain), compares the
units that are Mighty now with those of the last look and fires ``"becomes_mighty"``
(``obj`` the unit, ``player`` its controller) for each that became so.  Only games with a
card listening to the event keep the record (``state.extra["mighty_seen"]``); a unit that
becomes Mighty and stops being so within one decision's processing is not seen (a limit of
this approach, stated here).
"""

from __future__ import annotations

from riftlog.rules.board import mighty
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects, triggers

__all__ = ["EVENT", "watch"]

EVENT = "becomes_mighty"


def _board_units(state: GameState) -> tuple[list[str], set[str]]:
    """The unattached units in the bases and at the battlefields, in board order, and what
    the objects there are attached to: the plain look, without the memory of
    :func:`mighty.mighty_on_board` (the tests compare the engine's look with it)."""
    return mighty._units_and_holders_of(
        state.objects, [o for lst in effects._board_lists(state) for o in lst])


def watch(state: GameState) -> int:
    """Fire ``"becomes_mighty"`` for each unit that became Mighty since the last look (see
    the module doc); returns how many.  Nothing is recorded when no card hears the event."""
    if not triggers.hears(state, EVENT):
        return 0
    # the unattached units on the board and is_mighty of each (issue 26: _board_units and
    # mighty.mighty_units, the whole look skipped when nothing it reads changed)
    board, now = mighty.mighty_on_board(state, effects._board_lists(state))
    seen = state.extra.get("mighty_seen")
    if seen is not None and seen["board"] == board and seen["mighty"] == now:
        return 0
    before_board = set(seen["board"]) if seen else set()
    before_mighty = set(seen["mighty"]) if seen else set()
    state.extra["mighty_seen"] = {"board": board, "mighty": now}
    fired = 0
    for oid in now:
        if oid in before_mighty:
            continue
        if oid not in before_board and (card_facts(state.objects[oid].card).might or 0) >= 5:
            continue  # it entered the board already Mighty by its printed Might (711)
        obj = state.objects[oid]
        triggers.fire(state, EVENT, obj=oid, player=obj.controller, battlefield=obj.location)
        fired += 1
    return fired
