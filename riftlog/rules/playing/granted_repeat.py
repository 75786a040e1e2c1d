"""Repeat given to the next spell a player plays this turn (issue 24: Temporal Portal;
``ForTurn("next_spell_repeat")``).

RUP4 / v1.3 820: Repeat is an optional additional cost paid as the spell is played, and the
spell's instructions run once more per Repeat paid.  A ForTurn effect of kind
``"next_spell_repeat"`` gives the next spell its player plays this turn one more Repeat
instance whose cost is that spell's own cost (its printed Energy and Power, 820.1.c;
131.4).  The granted instance comes after the card's printed ones: with no printed Repeat it
is instance 0 of ``CardPlayed.choices["repeat"]``.  The effect is used up by the next spell
its player plays, whether or not they pay the Repeat (``abilities_after_play``).
"""

from __future__ import annotations

from riftlog.cards import vocab as V
from riftlog.rules.board import layers
from riftlog.rules.board.resources import card_cost
from riftlog.rules.board.state import GameState

__all__ = ["KIND", "granted", "use_up"]

#: the ForTurn kind
KIND = "next_spell_repeat"


def _live(state: GameState, player: str) -> list[dict[str, object]]:
    live = state.extra.get("turn_effects")
    if not live:
        return []
    return [e for e in live if e["turn"] == state.turn and e["kind"] == KIND
            and e["player"] == player]


def granted(state: GameState, player: str, oid: str) -> list[V.RepeatCost]:
    """The Repeat instances *player*'s spell *oid* is given as it is played (usually none)."""
    mine = _live(state, player)
    if not mine:
        return []
    obj = state.objects.get(oid)
    if obj is None or obj.zone == "chain" or layers.printed_type(obj.card) != "Spell":
        return []
    cost = card_cost(obj.card, state.edition)
    one = V.RepeatCost(energy=cost.energy, power=tuple(sorted(cost.power.items())))
    return [one for _ in mine]


def use_up(state: GameState, player: str) -> None:
    """*player* played a spell: their "next spell" Repeat effects are used up."""
    mine = _live(state, player)
    if mine:
        state.extra["turn_effects"] = [e for e in state.extra["turn_effects"] if e not in mine]
