"""Recruit the Vanguard (OGS-015): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import GameAction, GameState, custom, unit_places


@custom("ogs_tokens_where_you_control")
def _ogs_tokens_where_you_control(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                                  token: str, n: int) -> bool | None:
    """Play *n* tokens of *token*, each to the controller's base or to a battlefield they
    control (their pick for each: a ChoiceMade ``{"where": [location per token]}``)."""
    import itertools


    me = ctx["controller"]
    places = unit_places(state, me)  # issue #5 (K2): base + controlled bfs, unless 054.1
    if len(places) == 1:
        where = [places[0]] * n
    else:
        options = [{"where": list(c)} for c in itertools.combinations_with_replacement(places, n)]
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            api.ask(state, ctx, "custom", {"choices": options}, "184.1")
            return False
        where = list(answer["where"])
    for loc in where:
        api.create(state, token, me, log, location=loc)
    return None
