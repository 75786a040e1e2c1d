"""Guerilla Warfare (OGN-264): its custom effects (see its encoding)."""

from __future__ import annotations

import itertools
from typing import Any

from riftlog.cards.sets.ogn.common import _pick
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    card_facts,
    change_zone,
    custom,
)


@custom("hidden_cards_from_trash")
def _hidden_cards_from_trash(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                             most: int = 2) -> bool | None:
    """The controller returns up to *most* cards with Hidden from their trash to their hand
    (their pick)."""


    pid = ctx["controller"]
    found = [o for o in state.players[pid].trash
             if "Hidden" in card_facts(state.objects[o].card).keyword_names]
    if not found:
        return None
    options = [list(c) for k in range(min(most, len(found)), -1, -1)
               for c in itertools.combinations(found, k)]
    done, picked = _pick(state, ctx, "cards", options, "420")
    if not done:
        return False
    for oid in picked:
        change_zone(state, state.objects[oid], "hand")
    if picked:
        log.append(GameAction("return_to_hand", pid, tuple(picked),
                              {"cards": [state.objects[o].card for o in picked], "from": "trash"},
                              "public", "420", pid))
    return None


@custom("free_hiding_this_turn")
def _free_hiding_this_turn(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> None:
    """For the rest of this turn the controller hides cards without paying (see
    rules.abilities.hide_cost)."""
    pid = ctx["controller"]
    state.extra.setdefault("hide_free", {})[pid] = state.turn
    log.append(GameAction("free_hiding", pid, (), {"turn": state.turn}, "public", "811.1.b", pid))
