"""Convergent Mutation (OGN-108): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _each
from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, custom


@custom("raise_might_to")
def _raise_might_to(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                    who: Any) -> None:
    """Of the two units chosen (in order), the first gets +X Might this turn, X being what
    it lacks to equal the second's Might (nothing if it already has as much)."""

    picked = _each(state, ctx, who)
    if len(picked) != 2:
        return None
    first, second = picked
    diff = api.might_of(state, second) - api.might_of(state, first)
    if diff <= 0:
        return None
    api.add_effect(state, {"source": ctx.get("source"), "layer": "arithmetic",
                              "affects": {"oids": [first]}, "might": diff,
                              "until": "end_of_turn"})
    log.append(GameAction("give_might", ctx["controller"], (first,),
                          {"might": diff, "until": "end_of_turn"}, "public", "471",
                          ctx["controller"]))
    return None
