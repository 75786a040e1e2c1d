"""Ornn, Blacksmith (SFD-058): as he is played and each time he holds, his controller looks at
their top four cards, may reveal a gear among them and draw it, and recycles the rest.  The
"may" comes after the look, so it is decided as the ability resolves (RUP4 383.3.a.3)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import _data, _look, _pick, _rest_to_bottom, _seen
from riftlog.rules import card_api as api


@api.custom("look_draw_a_gear_recycle_rest")
def _look_draw_a_gear_recycle_rest(state: api.GameState, ctx: dict[str, Any],
                                   log: list[api.GameAction], n: int) -> bool | None:
    """Look at the top *n* (privately, 128.4), offer what a seen card may do (deck_seen), let
    the controller pick up to one gear among them (answer ``{"cards": [oid]}`` or
    ``{"cards": []}``), reveal it and put it in hand (a draw of that card), then recycle the
    rest in a recorded random order (416.5)."""
    me = ctx["controller"]
    data = _data(ctx)
    if "seen" not in data:
        data["seen"] = _look(state, me, n, log)
    cards = _seen(state, ctx, log, list(data["seen"]), [me])
    if cards is None:
        return False
    gears = [o for o in cards if api.printed_type(state.objects[o].card) == "Gear"]
    done, picked = _pick(state, ctx, data, me, gears, optional=True, rule="383.3.a.3",
                         what="a gear to reveal and draw, or none")
    if not done:
        return False
    if picked is not None and not data.get("drawn"):
        if not api.look_first(state, ctx, me, me, log):  # Void Hatchling (370)
            return False
        data["drawn"] = True
        api.reveal(state, [picked], log, player=me)
        api.change_zone(state, state.objects[picked], "hand")
        log.append(api.GameAction("put_in_hand", me, (picked,),
                                  {"card": state.objects[picked].card, "count": 1,
                                   "zone": "main_deck"}, "public", "383.3.a.3", me))
    rest = [o for o in cards if o != picked]
    if not _rest_to_bottom(state, ctx, log, data, [(me, rest)]):
        return False
    return None
