"""Rumble, Hotheaded (SFD-026): as he conquers, his controller may recycle another friendly
unit - a cost within the triggered ability's instructions, paid as the ability is finalized
(v1.3 742.1.b, RUP4 204.3.a) - to play a Mech from their trash, its Energy cost reduced by the
recycled unit's Might (356.4; the Might as the unit last was on the board, 359.3.e.13).

The question before the cost is paid is a ``card_api.COST_CHOICES`` entry (a ChoiceMade of
kind "custom": ``{"recycle": oid}`` or ``{"recycle": null}`` to decline); the Might paid is
kept in the trigger's event (``recycled_might``), which the chain item carries to the
resolution."""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.sets.ogn.look_and_play import _begin_once, _data, _pick
from riftlog.rules import card_api as api

#: the finalize cost's Custom name
RECYCLE = "rumble_recycle_friendly_unit"


def _others(state: api.GameState, me: str, source: str | None) -> list[str]:
    """Other units on the board friendly to *me* (theirs, or a teammate's: RUP4 489.8.e)."""
    return [o for o in api.board_units(state) if o != source
            and api.friendly(state, me, state.objects[o].controller)]


def _question(state: api.GameState, t: dict[str, Any]) -> dict[str, Any] | None:
    """COST_CHOICES entry: which other friendly unit to recycle, or none."""
    ab = api.ability(t["card"], t["ability"])
    if not any(isinstance(n, V.Custom) and n.name == RECYCLE
               for n in getattr(ab, "finalize_cost", ())):
        return None
    units = _others(state, t["controller"], t["source"])
    if not units:
        return None  # nothing to recycle: the ability is not put on the chain (742.1.b)
    return {"what": "recycle another friendly unit to play a Mech from the trash",
            "choices": [{"recycle": o} for o in units] + [{"recycle": None}]}


api.COST_CHOICES.append(_question)


@api.custom(RECYCLE)
def _recycle_friendly_unit(state: api.GameState, ctx: dict[str, Any],
                           log: list[api.GameAction]) -> bool:
    """Pay the cost: recycle the chosen other friendly unit (416); False = not paid."""
    answer = ctx["answers"].get("0") or {}
    oid = answer.get("recycle")
    me = ctx["controller"]
    if not isinstance(oid, str) or oid not in _others(state, me, ctx["source"]):
        return False
    might = max(0, api.might_of(state, oid))  # looked back at before it leaves (359.3.e.13)
    api.recycle(state, [oid], log, player=me)
    ctx["event"]["recycled_might"] = might
    return True


@api.custom("rumble_play_mech_from_trash")
def _play_mech_from_trash(state: api.GameState, ctx: dict[str, Any],
                          log: list[api.GameAction]) -> bool | None:
    """The controller picks a Mech unit card of their trash; its play begins, its Energy
    cost reduced by the recycled unit's Might."""
    me = ctx["controller"]
    data = _data(ctx)
    if "pick:" + me not in data:
        data["mechs"] = [o for o in state.players[me].trash
                         if api.printed_type(state.objects[o].card) == "Unit"
                         and "Mech" in api.card_facts(state.objects[o].card).tags]
    done, picked = _pick(state, ctx, data, me, data["mechs"], optional=False, rule="419.3",
                         what="a Mech to play from the trash")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        reduce = int((ctx.get("event") or {}).get("recycled_might", 0))
        api.begin_play(state, ctx, log, api.permit_play(picked, me, "trash", reduce=reduce))
    return None
