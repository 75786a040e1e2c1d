"""Fizz, Trickster (SFD-140): as he is played, his controller may play a spell of their trash
of printed Energy cost at most 3, ignoring its Energy cost (its Power cost is paid,
356.1.b.2); the spell is recycled once it has resolved (errata 2026-07-24 words this "then
recycle it": the same effect)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import _begin_once, _data, _pick
from riftlog.rules import card_api as api


@api.custom("play_cheap_spell_from_trash")
def _play_cheap_spell_from_trash(state: api.GameState, ctx: dict[str, Any],
                                 log: list[api.GameAction], energy: int) -> bool | None:
    """The controller may pick a spell of their trash of printed Energy cost at most
    *energy*; its play begins, its Energy cost ignored, recycled after it resolves."""
    me = ctx["controller"]
    data = _data(ctx)
    if "pick:" + me not in data:
        data["spells"] = [o for o in state.players[me].trash
                          if api.printed_type(state.objects[o].card) == "Spell"
                          and (api.card_facts(state.objects[o].card).energy or 0) <= energy]
    done, picked = _pick(state, ctx, data, me, data["spells"], optional=True, rule="419.3",
                         what="a spell to play from the trash, or none")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        api.begin_play(state, ctx, log, api.permit_play(picked, me, "trash", ignore="energy",
                                                        recycle_after=True))
    return None
