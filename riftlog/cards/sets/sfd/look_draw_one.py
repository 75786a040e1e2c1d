"""Look at the top cards of one's Main Deck, draw the one picked and recycle the rest:
Called Shot (SFD-122)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _rest_to_bottom
from riftlog.rules import card_api as api


@api.custom("look_draw_one_recycle_rest")
def _look_draw_one_recycle_rest(state: api.GameState, ctx: dict[str, Any],
                                log: list[api.GameAction], n: int) -> bool | None:
    """The controller looks at their top *n* cards (privately), draws the one they pick
    (RUP4 413: a draw, of that card) and recycles the others (their order at the bottom is a
    recorded random outcome, 416.5)."""
    pid = ctx["controller"]
    p = state.players[pid]
    key = str(ctx["pc"])
    answer = ctx["answers"].get(key)
    data = ctx.setdefault(f"sfd_look_draw{key}", {})
    if "top" not in data:
        data["top"] = list(p.main_deck[:n])
        if not data["top"]:
            return None
        log.append(api.GameAction("look", pid, tuple(data["top"]),
                                  {"cards": [state.objects[o].card for o in data["top"]],
                                   "count": len(data["top"]), "zone": "main_deck"},
                                  f"private:{pid}", "378", pid))
    if not api.offer_seen_card(state, ctx, pid, data["top"], log):
        return False
    top = api.still_in_deck(state, data["top"]) if "kept" not in data else data["top"]
    if not top:
        return None
    if "kept" not in data:
        if len(top) == 1:
            data["kept"] = top[0]
        elif answer is None or "cards" not in answer:
            api.ask(state, ctx, "cards", {"from": top, "count": 1}, "378")
            return False
        elif len(answer["cards"]) != 1 or answer["cards"][0] not in top:
            raise ValueError(f"look_draw_one_recycle_rest: pick one of {top}, "
                             f"not {answer['cards']!r} (RUP4 378)")
        else:
            data["kept"] = answer["cards"][0]
        kept = state.objects[data["kept"]]
        api.change_zone(state, kept, "hand")
        log.append(api.GameAction("draw", pid, (kept.oid,), {"card": kept.card, "count": 1},
                                  f"private:{pid}", "413", pid))
    rest = [o for o in top if o != data["kept"]]
    return _rest_to_bottom(state, ctx, log, pid, rest, answer)
