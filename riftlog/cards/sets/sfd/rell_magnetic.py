"""Rell, Magnetic (SFD-024): as it attacks, its controller may play an Equipment of Energy
cost 2 or less from their hand, ignoring its cost (356.1.b.1, a play as an effect, 419.3);
once played (gear enters the board, 359.2.d) it is attached to Rell (434)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import _begin_once, _data, _pick
from riftlog.rules import card_api as api

_BOARD = ("base", "battlefield")


@api.custom("may_play_cheap_equipment_from_hand")
def _may_play_cheap_equipment_from_hand(state: api.GameState, ctx: dict[str, Any],
                                        log: list[api.GameAction], energy: int) -> bool | None:
    """The controller picks an Equipment of their hand with Energy cost at most *energy*,
    or none; the picked one is played ignoring its cost (finished by ``pe_finish_plays``)."""
    me = ctx["controller"]
    data = _data(ctx)
    if "pick:" + me not in data:
        data["gear"] = [o for o in state.players[me].hand
                        if api.printed_type(state.objects[o].card) == "Gear"
                        and "Equipment" in api.card_facts(state.objects[o].card).tags
                        and (api.card_facts(state.objects[o].card).energy or 0) <= energy]
    done, picked = _pick(state, ctx, data, me, data["gear"], optional=True, rule="419.3",
                         what=f"an Equipment costing {energy} Energy or less to play free, or none")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        api.begin_play(state, ctx, log, api.permit_play(picked, me, "hand", ignore="cost"))
    return None


@api.custom("attach_played_to_me")
def _attach_played_to_me(state: api.GameState, ctx: dict[str, Any],
                         log: list[api.GameAction]) -> None:
    """Attach the card this effect played (if it was played and is on the board) to the
    source, when the source is still on the board."""
    source = state.objects.get(str(ctx.get("source")))
    if source is None or source.zone not in _BOARD:
        return
    for p in ctx.get("pe_plays") or []:
        obj = state.objects.get(p["card"])
        if obj is not None and obj.zone in _BOARD and obj.controller == ctx["controller"]:
            api.attach_equipment(state, obj.oid, source.oid, log, ctx["controller"])
