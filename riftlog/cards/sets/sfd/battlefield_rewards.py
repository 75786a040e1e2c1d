"""Spiritforged battlefields whose reward the vocabulary cannot say: every player channels
(The Papertree, SFD-219) and a draw per other battlefield held (Seat of Power, SFD-217)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("each_player_channels")
def _each_player_channels(state: api.GameState, ctx: dict[str, Any],
                          log: list[api.GameAction], n: int) -> None:
    """Each player, in turn order from the controller, channels *n* runes exhausted."""
    order = list(state.seating)
    start = order.index(ctx["controller"])
    for pid in order[start:] + order[:start]:
        api.channel(state, pid, log, n, exhausted=True)


@api.custom("draw_per_other_battlefield_held")
def _draw_per_other_battlefield_held(state: api.GameState, ctx: dict[str, Any],
                                     log: list[api.GameAction]) -> None:
    """The controller draws one per battlefield, other than the source, that they or a
    teammate control."""
    me = ctx["controller"]
    side = {me, *api.teammates(state, me)}
    n = sum(1 for bf in state.battlefields
            if bf.oid != ctx["source"] and bf.controller in side)
    if n:
        api.draw(state, me, log, n)
