"""Arcane Shift (SFD-200): banish a chosen friendly unit, which its owner then plays ignoring
its cost (a play as an effect, 419.3, finished by ``pe_finish_plays``); the spell itself is
banished as it resolves instead of going to the trash."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import _banish_and_begin, _begin_once, _data
from riftlog.rules import card_api as api


@api.custom("banish_then_owner_plays_free")
def _banish_then_owner_plays_free(state: api.GameState, ctx: dict[str, Any],
                                  log: list[api.GameAction], target: Any) -> None:
    """Banish the target unit (427), if still legal; its owner begins playing it from the
    banishment, ignoring its cost (356.1.b.1)."""
    data = _data(ctx)
    for oid in api.objects(state, ctx, target):
        if _begin_once(data):
            _banish_and_begin(state, ctx, log, oid, state.objects[oid].owner, ignore="cost")


@api.custom("banish_this_spell")
def _banish_this_spell(state: api.GameState, ctx: dict[str, Any],
                       log: list[api.GameAction]) -> None:
    """The resolving spell card is banished (427) rather than put in the trash."""
    obj = state.objects.get(ctx["source"] or "")
    if obj is not None and obj.zone == "chain":
        api.banish(state, obj.oid, log, player=ctx["controller"])
