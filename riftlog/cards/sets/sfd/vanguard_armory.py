"""Vanguard Armory (SFD-168): its controller plays Recruit tokens, each to a place of their
choice among the places they may play a unit to (their base, battlefields they control)."""

from __future__ import annotations

import itertools
from typing import Any

from riftlog.rules import card_api as api

#: the Recruit unit token (1 Might), printed in Origins
RECRUIT = "OGN-271"


@api.custom("recruits_where_you_choose")
def _recruits_where_you_choose(state: api.GameState, ctx: dict[str, Any],
                               log: list[api.GameAction], n: int) -> bool | None:
    """*n* Recruit tokens, to places the controller picks at once: answer ``{"to": [place,
    ...]}`` (one place per token, in any order; a place may repeat)."""
    me = ctx["controller"]
    places = api.unit_places(state, me)
    if len(places) == 1:
        chosen = places * n
    else:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            api.ask(state, ctx, "custom", {
                "what": f"a place for each of {n} Recruit tokens",
                "choices": [{"to": list(c)}
                            for c in itertools.combinations_with_replacement(places, n)]},
                "355.2.a")
            return False
        chosen = list(answer["to"])
    for where in chosen:
        api.create(state, RECRUIT, me, log, location=where)
    return None
