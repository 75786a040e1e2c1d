"""Glasc Mixologist (SFD-165): as it dies, its controller may play a unit from their trash of
printed cost at most 3 Energy and 1 Power, ignoring its cost (356.1.b.1; the play as an
effect of riftlog.rules.playing.play_effects, finished by ``pe_finish_plays``)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import _begin_once, _data, _pick
from riftlog.rules import card_api as api


@api.custom("play_cheap_unit_from_trash")
def _play_cheap_unit_from_trash(state: api.GameState, ctx: dict[str, Any],
                                log: list[api.GameAction], energy: int, power: int) -> bool | None:
    """The controller may pick a unit card of their trash with printed cost at most
    (*energy*, *power*) (not the source itself); its play begins, its whole cost ignored."""
    me = ctx["controller"]
    data = _data(ctx)
    if "pick:" + me not in data:
        data["units"] = [o for o in state.players[me].trash
                         if o != ctx["source"] and api.printed_type(state.objects[o].card) == "Unit"
                         and (api.card_facts(state.objects[o].card).energy or 0) <= energy
                         and (api.card_facts(state.objects[o].card).power or 0) <= power]
    done, picked = _pick(state, ctx, data, me, data["units"], optional=True, rule="419.3",
                         what="a unit to play from the trash, or none")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        api.begin_play(state, ctx, log, api.permit_play(picked, me, "trash", ignore="cost"))
    return None
