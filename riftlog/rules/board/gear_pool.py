"""Resources that may only be spent on gear: to play gear or to use gear's abilities (issue
24: Fire Below the Mountain; v1.3 165, 429; the spell-only resources of
:mod:`riftlog.rules.board.spell_pool` are the model).

An Add restricted to gear (vocab_costs ``AddForGear``) puts its resources in
``state.extra["gear_pool"][player]`` = ``{"energy": n, "power": {domain | "Any": n}}``
instead of the Rune Pool.  They empty with the Rune Pool (166).  When the player plays a
gear or uses an ability of a gear, its cost is paid from them first (as spell_pool does) and
the rest as usual; spending them first never costs the player anything, as they can pay for
nothing else.  The payment recorded in the decision covers only the rest.
"""

from __future__ import annotations

from typing import Any

from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.spell_pool import (
    add_restricted,
    rest_of_restricted,
    restricted_pool,
    use_restricted,
)
from riftlog.rules.board.state import GameState

__all__ = ["KEY", "add_gear_only", "gear_pool", "rest_of_cost", "use_for_gear"]

#: the ``state.extra`` key
KEY = "gear_pool"


def gear_pool(state: GameState, player: str) -> dict[str, Any]:
    """The player's gear-only resources (empty dict values when none)."""
    return restricted_pool(state, KEY, player)


def add_gear_only(state: GameState, player: str, log: list[GameAction], *, energy: int = 0,
                  power: dict[str, int] | None = None, source: str | None = None) -> None:
    """Add gear-only Energy / Power for *player* (429, restricted to gear)."""
    add_restricted(state, KEY, "gear_only", player, log, energy=energy, power=power,
                   source=source)


def rest_of_cost(state: GameState, player: str, cost: Cost) -> Cost:
    """What is left of a gear's (or a gear ability's) *cost* once the player's gear-only
    resources are spent."""
    return rest_of_restricted(state, KEY, player, cost)


def use_for_gear(state: GameState, player: str, cost: Cost, log: list[GameAction]) -> Cost:
    """Spend the gear-only resources on a gear's (or gear ability's) *cost*; returns the rest
    to pay."""
    return use_restricted(state, KEY, "gear_only", player, cost, log)
