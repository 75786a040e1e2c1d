"""Dazzling Aurora (OGN-160): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _rest_to_bottom
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    card_facts,
    change_zone,
    custom,
    unit_places,
)


@custom("reveal_until_unit_and_play")
def _reveal_until_unit_and_play(state: GameState, ctx: dict[str, Any],
                                log: list[GameAction]) -> bool | None:
    """Reveal the controller's Main Deck from the top until a unit card is revealed; banish
    that unit and play it ignoring its cost (to their base or a battlefield they control:
    answer ``{"to": place}`` when there is a choice); then recycle the other revealed cards
    (a recorded random order when 2+, 416.5)."""

    me = ctx["controller"]
    p = state.players[me]
    key = str(ctx["pc"])
    data = ctx.setdefault(f"ogn151_aurora{key}", {})
    if "revealed" not in data and not api.look_first(state, ctx, me, me, log):
        return False  # Void Hatchling (370): a look at the top card first
    answer = ctx["answers"].get(key) or {}
    if "revealed" not in data:
        revealed: list[str] = []
        unit = None
        for oid in p.main_deck:
            revealed.append(oid)
            if api.card_type(state.objects[oid].card) == "Unit":
                unit = oid
                break
        data["revealed"], data["unit"] = revealed, unit
        if revealed:
            api.reveal(state, revealed, log, player=me)
    if "banished" not in data:
        if not api.offer_seen_card(state, ctx, me, data["revealed"], log):
            return False
        data["banished"] = True
        if data["unit"] is not None and state.objects[data["unit"]].zone != "main_deck":
            data["unit"] = None  # it left the deck as it was revealed: nothing to banish/play
        if data["unit"] is not None:
            api.banish(state, data["unit"], log, player=me)
    unit = data["unit"]
    if unit is not None and not data.get("played"):
        obj = state.objects[unit]
        if obj.zone == "banishment":
            card_facts(obj.card).require_supported()
            places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
            if len(places) > 1 and "to" not in answer:
                api.ask(state, ctx, "custom", {"choices": [{"to": t} for t in places],
                                                   "what": "where to play the unit"}, "355.2")
                return False
            dest = answer.get("to", places[0])
            change_zone(state, obj, "base" if dest.startswith("base:") else "battlefield", dest,
                        controller=me)
            obj.exhausted = True  # 143.4
            log.append(GameAction("play", me, (unit,), {"card": obj.card, "from": "banishment",
                                                         "to": dest, "cost": "ignored"},
                                  "public", "419.1", me))
            data["played"] = True
            api.after_play(state, unit, me, log)
        data["played"] = True
    rest = [o for o in data["revealed"] if o != unit and state.objects[o].zone == "main_deck"]
    return _rest_to_bottom(state, ctx, log, me, rest, answer)
