"""The Zero Drive (SFD-090): its Effect Text gives the wearer a Deathknell that banishes the
dead unit, and its own activated ability plays the units banished that way - and only those
(linked abilities, RUP4 395 / 397: ``rules/playing/linked_abilities.py``)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import _begin_once, _data
from riftlog.rules import card_api as api


@api.custom("banish_me_linked_to_the_equipment")
def _banish_me(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction]) -> None:
    """The wearer's Deathknell (808): the dead unit (still in its owner's trash) is banished
    (427), linked to the Equipment whose Effect Text gave the ability (395)."""
    unit = state.objects.get(ctx["source"] or "")
    gear = (ctx.get("event") or {}).get("equipment")
    if unit is None or gear is None or unit.zone != "trash":
        return
    api.banish(state, unit.oid, log, player=ctx["controller"])
    if state.objects[unit.oid].zone == "banishment":
        api.link(state, gear, unit.oid)


@api.custom("play_units_banished_with_this")
def _play_linked(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction]) -> None:
    """The ability's controller begins playing, ignoring their costs (356.1.b.1), each unit
    still in banishment that this Equipment's Deathknell banished (397); the plays are
    finished by ``pe_finish_plays``."""
    data = _data(ctx)
    if not _begin_once(data):
        return
    source = str(ctx["source"])
    units = [o for o in api.linked(state, source) if state.objects[o].zone == "banishment"
             and api.printed_type(state.objects[o].card) == "Unit"]
    api.unlink(state, source, api.linked(state, source))
    for oid in units:
        api.begin_play(state, ctx, log, api.permit_play(oid, ctx["controller"], "banishment",
                                                        ignore="cost"))
