"""Blind Fury (OGN-025): its custom effects (see its encoding)."""

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
from riftlog.rules.card_api import GameAction, GameState, custom


@custom("pe_blind_fury")
def _pe_blind_fury(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Blind Fury (OGN-025): each opponent reveals their top card (424); the controller
    picks one, banishes it and plays it ignoring its whole cost (356.1.b.1); the other
    revealed cards are recycled."""
    me = ctx["controller"]
    data = _data(ctx)
    if "revealed" not in data:
        for opp in state.opponents(me):  # Void Hatchling (370): each revealer looks first
            if state.players[opp].main_deck and not state.players[opp].eliminated and \
                    not api.look_first(state, ctx, opp, opp, log):
                return False
        tops = [state.players[o].main_deck[0] for o in state.opponents(me)
                if state.players[o].main_deck and not state.players[o].eliminated]
        data["revealed"] = tops
        if tops:
            api.reveal(state, tops, log, player=me)
    # each owner reveals their own top card
    owners = sorted({state.objects[o].owner for o in data["revealed"]})
    revealed = _seen(state, ctx, log, data["revealed"], owners)
    if revealed is None:
        return False
    done, picked = _pick(state, ctx, data, me, revealed, optional=False, rule="419.3",
                         what="the revealed card to banish and play")
    if not done:
        return False
    if picked is not None and _begin_once(data):
        _banish_and_begin(state, ctx, log, picked, me, ignore="cost")
    groups = [(state.objects[o].owner, [o]) for o in revealed if o != picked]
    return None if _rest_to_bottom(state, ctx, log, data, groups) else False
