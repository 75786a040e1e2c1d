"""Teemo, Strategist (OGN-121): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _each
from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, card_facts, custom


@custom("reveal_hidden_damage")
def _reveal_hidden_damage(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                          who: Any, n: int) -> bool | None:
    """Reveal the top *n* of the controller's Main Deck (424); deal 1 to the chosen unit per
    revealed card with Hidden; recycle the revealed cards (their order at the bottom is a
    recorded random outcome, 416.5)."""

    pid = ctx["controller"]
    deck = state.players[pid].main_deck
    key = str(ctx["pc"])
    if "revealed" not in (ctx["answers"].get(key) or {}) and \
            not api.look_first(state, ctx, pid, pid, log):
        return False  # Void Hatchling (370): a look at the top card first
    answer = ctx["answers"].get(key)
    if answer is None:
        top = list(deck[:n])
        if not top:
            return None
        api.reveal(state, top, log, player=pid)
        hits = sum(1 for o in top if "Hidden" in card_facts(state.objects[o].card).keyword_names)
        for oid in _each(state, ctx, who):
            api.deal(state, oid, hits, log, source=ctx.get("source"), player=pid)
        answer = ctx["answers"][key] = {"revealed": top}

    if not api.offer_seen_card(state, ctx, pid, list(answer["revealed"]), log):
        return False
    rest = api.still_in_deck(state, list(answer["revealed"]))
    if "order" not in answer:
        if len(rest) <= 1:
            answer["order"] = rest
        else:
            return api.await_deck_order(state, ctx, pid, [o for o in deck if o not in rest],
                                        rest)
    order = [o for o in answer["order"] if o in rest]
    if not order:
        return None
    p = state.players[pid]
    p.main_deck = [o for o in p.main_deck if o not in order] + order
    log.append(GameAction("recycle", pid, tuple(sorted(order)), {"count": len(order),
                          "zone": "main_deck"}, "public", "416.1", pid))
    return None
