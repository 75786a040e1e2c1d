"""Spectral Matron (OGN-226): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    card_facts,
    change_zone,
    custom,
    unit_places,
)


@custom("play_unit_from_trash")
def _play_unit_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          max_energy: int, max_power: int) -> bool | None:
    """The controller may play a unit card from their trash whose printed cost is at most
    *max_energy* Energy and *max_power* Power, ignoring its cost, to their base or a
    battlefield they control (355.2.a).  Answer ``{"card": oid, "to": place}`` or
    ``{"card": None}``."""

    me = ctx["controller"]
    cards = [o for o in state.players[me].trash
             if api.card_type(state.objects[o].card) == "Unit"
             and (card_facts(state.objects[o].card).energy or 0) <= max_energy
             and (card_facts(state.objects[o].card).power or 0) <= max_power]
    if not cards:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
        choices: list[dict[str, Any]] = [{"card": None}]
        choices += [{"card": c, "to": t} for c in cards for t in places]
        api.ask(state, ctx, "custom", {"choices": choices,
                                           "what": "a unit to play from the trash, or none"}, "355.2")
        return False
    oid = answer.get("card")
    if oid is None or state.objects[oid].zone != "trash":
        return None
    obj = state.objects[oid]
    dest = answer["to"]
    change_zone(state, obj, "base" if dest.startswith("base:") else "battlefield", dest, controller=me)
    obj.exhausted = True  # a unit enters the board exhausted
    log.append(GameAction("play", me, (oid,), {"card": obj.card, "from": "trash", "to": dest,
                                                "cost": "ignored"}, "public", "419.1", me))
    api.after_play(state, oid, me, log)
    return None
