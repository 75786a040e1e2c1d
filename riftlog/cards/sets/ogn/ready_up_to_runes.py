"""The custom effect ready up to runes, shared by OGN-289, OGS-017."""

from __future__ import annotations

import itertools
from typing import Any

from riftlog.cards.sets.ogn.common import _pick, _runes
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("ready_up_to_runes")
def _ready_up_to_runes(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                       n: int = 2) -> bool | None:
    """The controller readies up to *n* of their exhausted runes (their pick)."""
    tired = _runes(state, ctx["controller"], exhausted=True)
    if not tired:
        return None
    options = [list(c) for k in range(min(n, len(tired)), -1, -1)
               for c in itertools.combinations(tired, k)]
    done, picked = _pick(state, ctx, "runes", options, "415")
    if not done:
        return False
    for oid in picked:
        api.ready(state, oid, log)
    return None
