"""When a player may play a card or activate an ability: the turn states (308-312)."""

from __future__ import annotations

from riftlog.rules.board.core import Violation
from riftlog.rules.board.state import GameState

__all__ = ["timing_violations"]


def timing_violations(state: GameState, player: str, keywords: frozenset[str]) -> list[Violation]:
    """Whether *player* may play a card with *keywords* now (v1.3 358.3).

    Closed State (a chain exists): only with Reaction (309.1.a, 813.1.c.1).  Showdown
    State: only with Action or Reaction (308.1.a, 806.1.c.1).  Neutral Open: in the
    player's own Main Phase (310.1.a).  Always: the player must have priority (312.1).
    """
    ed = state.edition
    out: list[Violation] = []
    if state.chain:
        if "Reaction" not in keywords:
            out.append(Violation("309.1.a", "only cards with Reaction can be played while the "
                                 "chain has items (a Closed State)", ed))
    elif state.showdown is not None:
        if not keywords & {"Action", "Reaction"}:
            out.append(Violation("308.1.a", "only cards with Action or Reaction can be played "
                                 f"during a showdown (at {state.showdown.battlefield})", ed))
    elif state.phase != "main" or state.turn_player != player:
        out.append(Violation("310.1.a", f"{player} may play cards only in their own Main Phase "
                             f"(it is {state.turn_player}'s {state.phase} phase)", ed))
    if not out and state.priority != player:
        out.append(Violation("312.1", f"{player} does not have priority", ed))
    return out
