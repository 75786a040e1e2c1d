"""Last Rites (SFD-150): the wearer's controller may play a unit from their trash, paying
its costs (a play as an effect, 419.3; finished by ``pe_finish_plays``)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import _begin_once, _data, _pick, _printed_type
from riftlog.rules import card_api as api


@api.custom("may_play_a_unit_from_trash")
def _may_play_a_unit_from_trash(state: api.GameState, ctx: dict[str, Any],
                                log: list[api.GameAction]) -> bool | None:
    """The controller picks a unit of their trash, or none; the picked one is played with
    its costs paid as usual (no cost ignored), to a place of their choice."""
    me = ctx["controller"]
    data = _data(ctx)
    if "pick:" + me not in data:
        data["units"] = [o for o in state.players[me].trash
                         if _printed_type(state.objects[o].card) == "Unit"]
    done, picked = _pick(state, ctx, data, me, data["units"], optional=True, rule="419.3",
                         what="a unit to play from the trash, paying its costs, or none")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        api.begin_play(state, ctx, log, api.permit_play(picked, me, "trash"))
    return None
