"""Reveal the top cards of a Main Deck and send each to one of two destinations
(``vocab_deck.RevealSplit``; RUP4 424.4.a, v1.3 424.4.a: while revealed, the cards can be
accessed and their destination for when the Reveal ends chosen).

The step, resumable (its progress kept in the effect's ctx):

1. the top *n* cards are revealed (424.1; a card with an ability of its own as it is seen
   is offered it, ``hooks.offer_seen_card``);
2. the controller picks *to_hand* of the cards still revealed - a ChoiceMade of kind
   ``cards`` when it is a real choice (refused unless exactly that many of them: 424.4.a);
3. those go to the hand, the others are recycled to the bottom (416.1), two or more in a
   recorded random order (a DeckOrderRecorded, 416.5).
"""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab_deck import RevealSplit
from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.board.zones import change_zone
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects
from riftlog.rules.interpreter.effects_targets import Ctx

__all__ = ["reveal_split"]


def reveal_split(state: GameState, ctx: Ctx, node: RevealSplit, log: list[GameAction]) -> bool | None:
    """Carry out :class:`RevealSplit` (see the module docstring); False while waiting."""
    me = ctx["controller"]
    key = str(ctx["pc"])
    data: dict[str, Any] = ctx.setdefault(f"reveal_split{key}", {})
    answer = ctx["answers"].get(key) or {}
    if "revealed" not in data:
        data["revealed"] = list(state.players[me].main_deck[:max(0, node.n)])
        if data["revealed"]:
            actions.reveal(state, data["revealed"], log, player=me)
    if not data["revealed"]:
        return None
    if not hooks.offer_seen_card(state, ctx, me, data["revealed"], log):
        return False
    revealed = hooks.still_in_deck(state, data["revealed"]) if "kept" not in data \
        else data["revealed"]
    if "kept" not in data:
        count = min(node.to_hand, len(revealed))
        if count == len(revealed):
            data["kept"] = list(revealed)
        elif "cards" not in answer:
            effects.ask(state, ctx, "cards", {"from": revealed, "count": count}, "424.4.a")
            return False
        else:
            data["kept"] = list(answer["cards"])
        for oid in data["kept"]:
            obj = state.objects[oid]
            change_zone(state, obj, "hand")
            log.append(GameAction("put_in_hand", me, (oid,), {"card": obj.card, "count": 1,
                                  "zone": "main_deck"}, "public", "424.4.a", me))
        data["revealed"] = revealed
    rest = [o for o in data["revealed"] if o not in data["kept"]
            and state.objects[o].zone == "main_deck"]
    return _rest_to_bottom(state, ctx, me, rest, answer, log)


def _rest_to_bottom(state: GameState, ctx: Ctx, pid: str, rest: list[str],
                    answer: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Recycle *rest* to the bottom of *pid*'s Main Deck (416.1): two or more in a recorded
    random order (416.5), awaited as a DeckOrderRecorded (False)."""
    if not rest:
        return None
    p = state.players[pid]
    if len(rest) == 1:
        order = rest
    elif "order" not in answer:
        return effects.await_deck_order(state, ctx, pid,
                                        [o for o in p.main_deck if o not in rest], rest)
    else:
        order = list(answer["order"])
    p.main_deck = [o for o in p.main_deck if o not in order] + order
    log.append(GameAction("recycle", pid, tuple(sorted(order)), {"count": len(order),
                          "zone": "main_deck"}, "public", "416.1", pid))
    return None


effects.STEPS[RevealSplit] = reveal_split
