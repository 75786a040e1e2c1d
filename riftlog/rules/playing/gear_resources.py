"""The Add step whose resources may only be spent on gear (issue 24: Fire Below the Mountain;
vocab_costs.AddForGear).  The resources go to the player's gear-only pool
(:mod:`riftlog.rules.board.gear_pool`), which pays first when they play a gear or use an
ability of a gear (``play``, ``abilities_activated``) and empties with the Rune Pool (166)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab_costs import AddForGear
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.gear_pool import add_gear_only
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects

__all__: list[str] = []


@effects.step(AddForGear)
def _add_for_gear(state: GameState, ctx: dict[str, Any], node: AddForGear,
                  log: list[GameAction]) -> None:
    add_gear_only(state, ctx["controller"], log, energy=node.energy, power=dict(node.power),
                  source=ctx.get("source"))
