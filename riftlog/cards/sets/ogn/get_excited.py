"""Get Excited! (OGN-008): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _ogn_target
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    card_facts,
    controller_deal_bonus,
    custom,
)


@custom("ogn_discard_then_deal_energy")
def _ogn_discard_then_deal_energy(state: GameState, ctx: dict[str, Any],
                                  log: list[GameAction]) -> bool | None:
    """Get Excited!: discard 1 (a choice when 2+ cards), then deal the discarded card's
    printed Energy cost (131.4; its Power is ignored) to the target."""

    hand = state.players[ctx["controller"]].hand
    if not hand:
        return None
    if len(hand) == 1:
        picked = hand[0]
    else:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            api.ask(state, ctx, "cards", {"from": list(hand), "count": 1}, "422.1")
            return False
        picked = answer["cards"][0]
    card_id = state.objects[picked].card
    api.discard(state, [picked], log)
    api.fire(state, "discarded", obj=picked, player=ctx["controller"])
    api.fire(state, "discards", player=ctx["controller"])  # once per discard
    n = card_facts(card_id).energy or 0
    target = _ogn_target(state, ctx)
    if target is not None and n > 0:
        n += api.spell_bonus_damage(state, ctx)  # Ravenborn Tome (713)
        api.deal(state, target, n + controller_deal_bonus(state, ctx["controller"], n), log,  # 714
                 source=ctx.get("source"), player=ctx["controller"])
    return None
