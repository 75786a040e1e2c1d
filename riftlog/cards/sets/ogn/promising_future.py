"""Promising Future (OGN-115): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import _data, _look, _pick, _rest_to_bottom, _seen
from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, custom, order_from


@custom("pe_promising_future")
def _pe_promising_future(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Promising Future (OGN-115): each player (in turn order from the controller) looks
    at their top 5, banishes one of them and recycles the rest; then, starting with the
    next player, each plays the card they banished, ignoring its Energy cost (356.1.b.2)."""
    me = ctx["controller"]
    data = _data(ctx)
    order = order_from(state, me)
    looked: dict[str, list[str]] = data.setdefault("top", {})
    for pid in order:
        if pid not in looked:
            looked[pid] = _look(state, pid, 5, log)
        seen = _seen(state, ctx, log, looked[pid], [pid])
        if seen is None:
            return False
        done, picked = _pick(state, ctx, data, pid, seen, optional=False, rule="419.3",
                             what="the card to banish (played later)")
        if not done:
            return False
        if picked is not None and picked not in data.setdefault("banished", []):
            data["banished"].append(picked)
            api.banish(state, picked, log, player=pid)
    if not _rest_to_bottom(state, ctx, log, data, [(pid, looked[pid]) for pid in order]):
        return False
    if not data.get("begun"):
        data["begun"] = True
        for pid in order[1:] + order[:1]:  # starting with the next player
            oid = data.get(f"pick:{pid}")
            if oid is not None and state.objects[oid].zone == "banishment":
                api.begin_play(state, ctx, log, api.permit_play(
                    oid, pid, "banishment", ignore="energy"))
    return None
