"""Overt Operation (OGN-153): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    board_units,
    custom,
    spend_buff,
)


@custom("overt_operation")
def _overt_operation(state: GameState, ctx: dict[str, Any],
                     log: list[GameAction]) -> bool | None:
    """Each buffed friendly unit in turn: the controller may spend its buff to ready it (a
    "may" ChoiceMade per unit); then every friendly unit gets a buff.  Friendly: the
    controller's and, in team modes, their teammates' (RUP4 489.8.e)."""

    me = ctx["controller"]
    data = ctx.setdefault("ogn151_oo", {"units": [o for o in _friendly_units(state, me)
                                                  if state.objects[o].buffed],
                                        "spend": [], "i": 0})
    answer = ctx["answers"].pop(str(ctx["pc"]), None)
    if answer is not None:
        if answer.get("use"):
            data["spend"].append(data["units"][data["i"]])
        data["i"] += 1
    if data["i"] < len(data["units"]):
        oid = data["units"][data["i"]]
        api.ask(state, ctx, "may", {"use": [True, False], "unit": oid,
                                        "what": "spend its buff to ready it"}, "702.2.b")
        return False
    for oid in data["spend"]:
        obj = state.objects[oid]
        if obj.zone in ("base", "battlefield") and api.friendly(state, me, obj.controller) \
                and obj.buffed:
            spend_buff(state, oid)  # issue #5 (K1): one buff (702.2.b)
            log.append(GameAction("spend_buff", me, (oid,), {}, "public", "702.2.b", me))
            api.ready(state, oid, log)
    for oid in _friendly_units(state, me):
        api.buff(state, oid, log, player=me)
    return None


def _friendly_units(state: GameState, me: str) -> list[str]:
    """The units on the board friendly to *me* (theirs first, then their teammates')."""
    return [o for pid in api.teammates(state, me) for o in board_units(state, pid)]
