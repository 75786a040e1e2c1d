"""Temptation (SFD-129): the chosen enemy unit moves to another location where a unit of its
controller is; the spell's controller picks the place as it resolves when there are two or
more."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


def _places(state: api.GameState, oid: str) -> list[str]:
    """The locations other than *oid*'s own where another unit of its controller is and it
    may move to (its base, or a battlefield; 144.4.b, 442.2, the "can't"s of 054)."""
    obj = state.objects[oid]
    ctrl = obj.controller
    out: list[str] = []
    candidates = [api.base_of(ctrl)] + [bf.oid for bf in state.battlefields]
    for loc in candidates:
        if loc == obj.location:
            continue
        friends = [o for o in api.board_units(state, ctrl)
                   if o != oid and state.objects[o].location == loc]
        if friends and api.destination_problem(state, ctrl, loc) is None \
                and not api.move_forbidden(state, obj, loc):
            out.append(loc)
    return out


@api.custom("move_enemy_to_its_friends")
def _move_enemy_to_its_friends(state: api.GameState, ctx: dict[str, Any],
                               log: list[api.GameAction], target: Any) -> bool | None:
    """Move the target enemy unit, if still legal, to a place from :func:`_places` (asked as
    ``{"to": place}`` when there are two or more; none: nothing happens)."""
    units = api.objects(state, ctx, target)
    if not units:
        return None
    oid = units[0]
    places = _places(state, oid)
    if not places:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if len(places) == 1:
        dest = places[0]
    elif answer is None:
        api.ask(state, ctx, "custom", {"what": f"where {oid} moves",
                                       "choices": [{"to": p} for p in places]}, "378")
        return False
    else:
        dest = answer["to"]
    api.move(state, oid, dest, log, player=ctx["controller"])
    return None
