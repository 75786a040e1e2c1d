"""Portal Rescue (OGN-102): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _each
from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, base_of, card_facts, change_zone, custom


@custom("banish_owner_plays")
def _banish_owner_plays(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                        who: Any) -> None:
    """Banish the chosen unit, then its owner plays it to their own base ignoring its cost
    (a play: it enters exhausted, 143.4, and "played" triggers fire, 383.4.a)."""

    for oid in _each(state, ctx, who):
        api.banish(state, oid, log, player=ctx["controller"])
        obj = state.objects.get(oid)
        if obj is None or obj.zone != "banishment":  # a token ceased to exist (183.1)
            continue
        card_facts(obj.card).require_supported()
        owner = obj.owner
        change_zone(state, obj, "base", base_of(owner), controller=owner)
        obj.exhausted = True
        log.append(GameAction("play", owner, (oid,), {"card": obj.card, "from": "banishment",
                              "to": base_of(owner), "cost": None, "accelerate": False},
                              "public", "419.1", owner))
        api.after_play(state, oid, owner, log)
    return None
