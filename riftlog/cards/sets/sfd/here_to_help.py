"""Here to Help (SFD-111): its controller may play a unit from their hand to a battlefield
they control, for 3 Energy less (a play as an effect, 419.3; finished by
``pe_finish_plays``)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("may_play_unit_from_hand_to_held_battlefield")
def _may_play_unit_from_hand_to_held_battlefield(state: api.GameState, ctx: dict[str, Any],
                                                 log: list[api.GameAction],
                                                 reduce: int) -> bool | None:
    """The controller may pick a unit card in their hand and a battlefield they control
    where they may play units (``unit_places``: a "can't" such as Mageseeker Warden's leaves
    none, RUP4 358.3.a: then nothing is played); the play begins with *reduce* Energy off
    (356.4).  Answer ``{"play": None}`` or ``{"play": {"card": oid, "to": battlefield}}``."""
    me = ctx["controller"]
    places = [p for p in api.unit_places(state, me) if not p.startswith("base:")]
    units = [o for o in state.players[me].hand if api.card_type(state.objects[o].card) == "Unit"]
    if not places or not units:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {
            "what": f"play a unit from your hand to a battlefield you control, {reduce} less",
            "choices": [{"play": None}] + [{"play": {"card": u, "to": p}}
                                           for u in units for p in places]}, "419.3")
        return False
    pick = answer.get("play")
    if pick is None:
        return None
    api.begin_play(state, ctx, log, api.permit_play(pick["card"], me, "hand", reduce=reduce,
                                                    to=pick["to"]))
    return None
