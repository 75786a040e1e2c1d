"""Super Mega Death Rocket! (OGN-252): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _pick
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    change_zone,
    custom,
)


@custom("discard_to_return_me")
def _discard_to_return_me(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """The controller may discard a card; if they do, the source goes from their trash to
    their hand."""

    pid = ctx["controller"]
    me = state.objects.get(ctx.get("source") or "")
    hand = list(state.players[pid].hand)
    if me is None or me.zone != "trash" or me.owner != pid or not hand:
        return None
    done, card = _pick(state, ctx, "card", [*hand, None], "422.1")
    if not done:
        return False
    if card is None:
        return None
    api.discard(state, [card], log)
    api.fire(state, "discarded", obj=card, player=pid)
    if me.zone == "trash":
        change_zone(state, me, "hand")
        log.append(GameAction("return_to_hand", pid, (me.oid,), {"card": me.card, "from": "trash"},
                              "public", "420", pid))
    return None
