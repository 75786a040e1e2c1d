"""Gold tokens that add more (issue 24: Chem-Baroness; vocab_costs.GoldAddsMore).

A Gold gear token (v1.3 184.5) adds resources through its own Add ability (429).  While a
legend of its controller has :class:`~riftlog.cards.vocab_costs.GoldAddsMore` and that
player's score is within the ability's reach of the Victory Score (v1.3 466.1, RUP4 467),
each Add step of such a Gold adds that much more Energy.  Done by wrapping the Add step
(``effects.STEPS[AddResource]``): nothing changes where no such legend is in play.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.vocab_costs import GoldAddsMore
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.seats import points_of
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects

__all__ = ["GOLD", "gold_bonus"]

#: the name of the Gold gear token (v1.3 184.5)
GOLD = "Gold"


def _gives(enc: V.Encoding) -> tuple[GoldAddsMore, ...]:
    return tuple(a for a in enc.abilities if isinstance(a, GoldAddsMore))


def gold_bonus(state: GameState, player: str) -> int:
    """The Energy more that *player*'s Gold adds now (their legends' GoldAddsMore)."""
    p = state.players.get(player)
    if p is None:
        return 0
    more = 0
    for oid in p.legend:
        obj = state.objects[oid]
        if obj.controller != player:
            continue
        none: tuple[GoldAddsMore, ...] = ()
        for ab in effects.encoding_fact(obj.card, _gives, none):
            if points_of(state, player) >= state.victory_score - ab.within:
                more += ab.energy
    return more


_plain_add = effects.STEPS[V.AddResource]


def _add_then_gold_bonus(state: GameState, ctx: dict[str, Any], node: V.AddResource,
                         log: list[GameAction]) -> Any:
    """The Add step, then a Gold's bonus Energy."""
    result = _plain_add(state, ctx, node, log)
    src = state.objects.get(ctx.get("source") or "")
    if src is not None and card_facts(src.card).name == GOLD:
        more = gold_bonus(state, ctx["controller"])
        if more:
            actions.add(state, ctx["controller"], log, energy=more)
    return result


if effects.STEPS[V.AddResource] is not _add_then_gold_bonus:
    effects.STEPS[V.AddResource] = _add_then_gold_bonus
