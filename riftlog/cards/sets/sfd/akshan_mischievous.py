"""Akshan, Mischievous (SFD-109): as he is played with his optional additional cost paid, his
controller moves a chosen enemy gear to their base and controls it until Akshan leaves the
board (``card_api.take_control_until_leaves``); an Equipment is then attached to him."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api

_BOARD = ("base", "battlefield")


@api.custom("akshan_takes_gear")
def _akshan_takes_gear(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                       name: str) -> None:
    """Move the chosen gear *name* (if still a legal target) to the controller's base; control
    it while the source is on the board (none if he already left, RUP4 359.3.e.16); attach
    it to him if it is an Equipment."""
    me, akshan = ctx["controller"], ctx["source"]
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        gear = state.objects[oid]
        if gear.attached_to is not None:
            api.detach(state, oid, log, player=me)
        dest = api.base_of(me)
        if gear.location != dest:
            api.change_zone(state, gear, "base", dest)
            log.append(api.GameAction("moved_to_base", me, (oid,), {"to": dest}, "public",
                                      "186", me))
        if not api.take_control_until_leaves(state, oid, akshan, me, log):
            continue  # he is gone: no control, not attached
        holder = state.objects[akshan]
        if "Equipment" in api.card_facts(gear.card).tags and holder.zone in _BOARD:
            api.attach_equipment(state, oid, akshan, log, me)
