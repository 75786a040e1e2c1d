"""Kai'Sa, Evolutionary (OGN-112): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import _begin_once, _data, _pick, _printed_type
from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, card_facts, custom, points_of


@custom("pe_kaisa")
def _pe_kaisa(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Kai'Sa, Evolutionary (OGN-112): the controller may play a spell from their trash
    whose printed Energy cost is below their points, ignoring its Energy cost but paying
    its Power cost (356.1.b.2); it is recycled once it has resolved."""
    me = ctx["controller"]
    data = _data(ctx)

    points = points_of(state, me)  # your points: a team's total in 2v2 (478.3, 484.6)
    spells = [o for o in state.players[me].trash
              if _printed_type(state.objects[o].card) == "Spell"
              and (card_facts(state.objects[o].card).energy or 0) < points]
    if "pick:" + me not in data:
        data["spells"] = spells
    done, picked = _pick(state, ctx, data, me, data["spells"], optional=True, rule="419.3",
                         what="a spell to play from the trash, or none")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        api.begin_play(state, ctx, log, api.permit_play(
            picked, me, "trash", ignore="energy", recycle_after=True))
    return None
