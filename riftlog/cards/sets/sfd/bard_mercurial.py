"""Bard, Mercurial (SFD-079): if his legend was exhausted as he was played, his controller
moves any number of their units together to one open battlefield (no unit there and no
controller, 169.10.c)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("move_units_to_an_open_battlefield")
def _move_units_to_an_open_battlefield(state: api.GameState, ctx: dict[str, Any],
                                       log: list[api.GameAction]) -> bool | None:
    """The controller picks an open battlefield (``{"to": battlefield}``, asked when there
    are two or more), then any number of their units on the board that may go there
    (``{"cards": [oids]}``, none allowed); they move there together."""
    me = ctx["controller"]
    memo = ctx.setdefault("bard_move", {})
    if "to" not in memo:
        places = [bf.oid for bf in state.battlefields if bf.controller is None and not bf.units]
        if not places:
            return None
        place = api.pick_place(state, ctx, places, "an open battlefield to move to", "378")
        if place is None:
            return False
        memo["to"] = place
        ctx["answers"].pop(str(ctx["pc"]), None)
    dest = memo["to"]
    options = [o for o in api.board_units(state, me) if state.objects[o].location != dest
               and state.objects[o].attached_to is None
               and not api.move_forbidden(state, state.objects[o], dest)]
    if not options:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None or "cards" not in answer:
        api.ask(state, ctx, "cards", {"from": options, "count": len(options), "up_to": True},
                "378")
        return False
    picked = [o for o in answer["cards"] if o in options]
    if picked:
        api.move(state, picked, dest, log, player=me)
    return None
