"""Power spent this turn (issue 24: Sivir, Mercenary - "if you've spent at least two power
this turn").

Paying a cost spends the Power it takes from the Rune Pool (v1.3 165, 404; RUP4 444.1);
:func:`note` is called by ``resources.pay`` and ``spell_pool.use_for_spell`` with the Power
of each cost paid, and keeps the player's total for the turn in
``turn_marks["power_spent"]`` (with ``"power_spent_turn"``), only in a game where a card
reads it (a layers effect filtering on ``min_controller_power_spent``), so no other game's
state changes.  :func:`spent` reads it (layers: the ``affects`` key
``min_controller_power_spent``).
"""

from __future__ import annotations

from collections.abc import Mapping

from riftlog.cards import vocab as V
from riftlog.rules.board import game_cards
from riftlog.rules.board.state import GameState

__all__ = ["KEY", "note", "spent"]

#: the layers filter key that reads the total
KEY = "min_controller_power_spent"


def _reads_total(enc: V.Encoding | object) -> bool:
    """Whether the encoding *enc* reads the total (a Passive filtering on :data:`KEY`)."""
    found = False
    for ab in getattr(enc, "abilities", ()):
        effect = dict(getattr(ab, "effect", ()) or ()) if type(ab).__name__ == "Passive" else {}
        affects = effect.get("affects")
        if isinstance(affects, Mapping) and KEY in affects:
            found = True
    return found


def note(state: GameState, player: str, power: Mapping[str, int]) -> None:
    """*player* spent *power* (by domain) paying a cost: add it to this turn's total (only
    in games with a card that reads it)."""
    n = sum(v for v in power.values() if v > 0)
    if n <= 0 or player not in state.players or \
            not game_cards.game_has(state, _reads_total):  # issue 26: each card once
        return
    marks = state.players[player].turn_marks
    if marks.get("power_spent_turn") != state.turn:
        marks["power_spent_turn"] = state.turn
        marks["power_spent"] = 0
    marks["power_spent"] += n


def spent(state: GameState, player: str | None) -> int:
    """The Power *player* spent paying costs this turn (0 in games where no card reads it)."""
    p = state.players.get(player or "")
    if p is None or p.turn_marks.get("power_spent_turn") != state.turn:
        return 0
    return int(p.turn_marks.get("power_spent", 0))
