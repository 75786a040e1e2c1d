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

from riftlog.rules.board import power_spent
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.spell_pool import _split
from riftlog.rules.board.state import GameState

__all__ = ["KEY", "add_gear_only", "gear_pool", "rest_of_cost", "use_for_gear"]

#: the ``state.extra`` key
KEY = "gear_pool"


def gear_pool(state: GameState, player: str) -> dict[str, Any]:
    """The player's gear-only resources (empty dict values when none)."""
    entry = state.extra.get(KEY, {}).get(player) or {}
    return {"energy": int(entry.get("energy", 0)), "power": dict(entry.get("power", {}))}


def add_gear_only(state: GameState, player: str, log: list[GameAction], *, energy: int = 0,
                  power: dict[str, int] | None = None, source: str | None = None) -> None:
    """Add gear-only Energy / Power for *player* (429, restricted to gear)."""
    pools = state.extra.setdefault(KEY, {})
    entry = pools.setdefault(player, {"energy": 0, "power": {}})
    entry["energy"] += energy
    for domain, n in (power or {}).items():
        entry["power"][domain] = entry["power"].get(domain, 0) + n
    log.append(GameAction("add", player, (source,) if source else (),
                          {"energy": energy, "power": dict(power or {}), "gear_only": True},
                          "public", "429", player))


def rest_of_cost(state: GameState, player: str, cost: Cost) -> Cost:
    """What is left of a gear's (or a gear ability's) *cost* once the player's gear-only
    resources are spent."""
    if not state.extra.get(KEY):  # replay-perf: nobody has any
        return cost
    pool = gear_pool(state, player)
    if not pool["energy"] and not pool["power"]:
        return cost
    return _split(pool, cost)[0]


def use_for_gear(state: GameState, player: str, cost: Cost, log: list[GameAction]) -> Cost:
    """Spend the gear-only resources on a gear's (or gear ability's) *cost*; returns the rest
    to pay."""
    if not state.extra.get(KEY):
        return cost
    pool = gear_pool(state, player)
    if not pool["energy"] and not pool["power"]:
        return cost
    rest, used = _split(pool, cost)
    if not used["energy"] and not used["power"]:
        return cost
    entry = state.extra[KEY][player]
    entry["energy"] -= used["energy"]
    for d, n in used["power"].items():
        entry["power"][d] -= n
        if not entry["power"][d]:
            del entry["power"][d]
    log.append(GameAction("spend", player, (), {"energy": used["energy"], "power": used["power"],
                                               "gear_only": True}, "public", "165", player))
    power_spent.note(state, player, used["power"])
    return rest
