"""Reveal the top cards of one's Main Deck, banish one and play it (as the Spiritforged errata
of 2026-01-14 reads), then draw or recycle the rest: Void Rush (SFD-188, drawn, 2 Energy
less) and Void Burrower (SFD-187, recycled).  The play is finished by ``pe_finish_plays``."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.look_and_play import (
    _banish_and_begin,
    _begin_once,
    _data,
    _pick,
    _rest_to_bottom,
    _seen,
)
from riftlog.rules import card_api as api


@api.custom("reveal_banish_play")
def _reveal_banish_play(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                        n: int, reduce: int, rest: str) -> bool | None:
    """The controller reveals their top *n* cards (424); they may banish one of them (427)
    and begin playing it from the banishment, *reduce* Energy less (419.3, 356.4); the
    others are drawn (*rest* ``"draw"``, 413) or recycled (``"recycle"``, 416.5: two or more
    in a recorded random order).  The pick is a ChoiceMade ``{"cards": [oid]}`` or
    ``{"cards": []}`` (none)."""
    me = ctx["controller"]
    data = _data(ctx)
    if "top" not in data:
        if not api.look_first(state, ctx, me, me, log):  # Void Hatchling (370)
            return False
        data["top"] = list(state.players[me].main_deck[:n])
        if data["top"]:
            api.reveal(state, data["top"], log, player=me)
    top = _seen(state, ctx, log, data["top"], [me])
    if top is None:
        return False
    done, picked = _pick(state, ctx, data, me, top, optional=True, rule="419.3",
                         what="a card to banish and play, or none")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        _banish_and_begin(state, ctx, log, picked, me, reduce=reduce)
    others = [o for o in top if o != picked and o in state.players[me].main_deck]
    if rest == "draw":
        if others and not data.get("drawn"):
            data["drawn"] = True
            deck = state.players[me].main_deck
            for oid in others:  # the revealed cards are the ones drawn (from the top)
                deck.remove(oid)
                deck.insert(0, oid)
            api.draw(state, me, log, len(others))
        return None
    return None if _rest_to_bottom(state, ctx, log, data, [(me, others)]) else False
