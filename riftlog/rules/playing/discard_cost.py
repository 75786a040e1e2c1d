"""Discarding cards as the cost of an activated ability (v1.3 377.1, 422; vocab
``Cost(discard=n)``; replacement helper, issue 4 - Unlicensed Armory OGN-023).

The discarded cards are named in ``AbilityActivated.choices["discard"]``: exactly *n*
different cards of the activating player's hand.  They are discarded as the cost is paid,
before the ability goes on the chain, and the "discarded" / "discards" events fire as for
an additional cost.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.errors import ImpossibleDecision
from riftlog.events.abilities import AbilityActivated
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import triggers

__all__ = ["discard_choice", "discard_violations", "pay_discard"]


def discard_violations(state: GameState, d: AbilityActivated, ab: V.Activated) -> list[Violation]:
    """What is wrong with the cards named to pay a discard cost (none: nothing)."""
    n = ab.cost.discard
    picked = d.choices.get("discard")
    ed = state.edition
    if not n:
        return [Violation("377.1", "this ability has no discard cost", ed)] if picked is not None else []
    hand = state.players[d.player].hand
    if len(hand) < n:
        return [Violation("422.1", f"{d.player} has fewer than {n} card(s) in hand: the discard "
                          "cost cannot be paid", ed)]
    if not isinstance(picked, list) or len(picked) != n or len(set(picked)) != n or \
            any(c not in hand for c in picked):
        return [Violation("377.1", f"the cost is discarding exactly {n} card(s) of {d.player}'s "
                          'hand, named in choices["discard"]', ed)]
    return []


def pay_discard(state: GameState, d: AbilityActivated, ab: V.Activated, log: list[GameAction]) -> None:
    """Discard the named cards (422), firing "discarded" per card and "discards" once."""
    if not ab.cost.discard:
        return
    problems = discard_violations(state, d, ab)
    if problems:
        raise ImpossibleDecision(f"{state.edition} {problems[0].rule}: {problems[0].message}")

    picked = list(d.choices["discard"])
    actions.discard(state, picked, log)
    for oid in picked:
        triggers.fire(state, "discarded", obj=oid, player=d.player)
    triggers.fire(state, "discards", player=d.player)


def discard_choice(state: GameState, player: str, ab: V.Activated) -> dict[str, Any] | None:
    """The first cards of the hand a bot names for the cost; None when it cannot pay."""
    n = ab.cost.discard
    if not n:
        return {}
    hand = state.players[player].hand
    return {"discard": list(hand[:n])} if len(hand) >= n else None
