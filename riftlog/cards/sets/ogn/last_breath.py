"""Last Breath (OGN-260): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("might_damage")
def _might_damage(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                  dealer: str = "t", taker: str = "e", mutual: bool = False) -> None:
    """The unit chosen as *dealer* deals damage equal to its Might to the one chosen as
    *taker* (and back, if *mutual*); both must still be on the board (359.3.e.12)."""

    a = next(iter(ctx["targets"].get(dealer, [])), None)
    b = next(iter(ctx["targets"].get(taker, [])), None)
    objs = state.objects
    if a is None or b is None or objs[a].zone not in ("base", "battlefield") or \
            objs[b].zone not in ("base", "battlefield"):
        return
    pairs = [(a, b, api.might_of(state, a))]
    if mutual:
        pairs.append((b, a, api.might_of(state, b)))
    for src, dst, n in pairs:
        if n > 0:
            api.deal(state, dst, n + api.bonus_damage(state, dst, n), log, source=src,
                     player=ctx["controller"])
