"""Resources that may only be spent to play spells (v1.3 165, 429; mechanics helper).

An Add whose resources are restricted to playing spells (vocab ``AddResource(...,
spells_only=True)``) puts them in ``state.extra["spell_pool"][player]`` =
``{"energy": n, "power": {domain | "Any": n}}`` instead of the Rune Pool.  They empty with
the Rune Pool (166, turn.empty_pools).  When the player plays a spell, that spell's cost
is paid from them first (energy; then each domain's power from the same domain, then from
universal power; then [A] from any power left) and the rest as usual (runes, Rune Pool).
Spending the restricted resources first never costs the player anything, as they can pay
for nothing else; the payment recorded in the decision covers only the rest.
"""

from __future__ import annotations

from typing import Any

from riftlog.rules.board import power_spent
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState

__all__ = [
    "KEY",
    "add_restricted",
    "add_spells_only",
    "rest_of_cost",
    "rest_of_restricted",
    "restricted_pool",
    "spell_pool",
    "use_for_spell",
    "use_restricted",
]

#: the ``state.extra`` key
KEY = "spell_pool"


def restricted_pool(state: GameState, key: str, player: str) -> dict[str, Any]:
    """The player's resources kept under ``state.extra[key]`` (spell-only, gear-only, ...)."""
    entry = state.extra.get(key, {}).get(player) or {}
    return {"energy": int(entry.get("energy", 0)), "power": dict(entry.get("power", {}))}


def add_restricted(state: GameState, key: str, flag: str, player: str,
                   log: list[GameAction], *, energy: int = 0,
                   power: dict[str, int] | None = None, source: str | None = None) -> None:
    """Add restricted Energy / Power for *player* under ``state.extra[key]`` (429); the
    logged Add carries *flag* (``"spells_only"``, ``"gear_only"``)."""
    pools = state.extra.setdefault(key, {})
    entry = pools.setdefault(player, {"energy": 0, "power": {}})
    entry["energy"] += energy
    for domain, n in (power or {}).items():
        entry["power"][domain] = entry["power"].get(domain, 0) + n
    log.append(GameAction("add", player, (source,) if source else (),
                          {"energy": energy, "power": dict(power or {}), flag: True},
                          "public", "429", player))


def rest_of_restricted(state: GameState, key: str, player: str, cost: Cost) -> Cost:
    """What is left of *cost* once the player's resources under *key* are spent."""
    if not state.extra.get(key):  # replay-perf: nobody has any
        return cost
    pool = restricted_pool(state, key, player)
    if not pool["energy"] and not pool["power"]:
        return cost
    return _split(pool, cost)[0]


def use_restricted(state: GameState, key: str, flag: str, player: str, cost: Cost,
                   log: list[GameAction]) -> Cost:
    """Spend the player's resources under *key* on *cost* (165); returns the rest to pay."""
    if not state.extra.get(key):
        return cost
    pool = restricted_pool(state, key, player)
    if not pool["energy"] and not pool["power"]:
        return cost
    rest, used = _split(pool, cost)
    if not used["energy"] and not used["power"]:
        return cost
    entry = state.extra[key][player]
    entry["energy"] -= used["energy"]
    for d, n in used["power"].items():
        entry["power"][d] -= n
        if not entry["power"][d]:
            del entry["power"][d]
    log.append(GameAction("spend", player, (), {"energy": used["energy"], "power": used["power"],
                                               flag: True}, "public", "165", player))
    power_spent.note(state, player, used["power"])  # issue 24: where a card reads it
    return rest


def spell_pool(state: GameState, player: str) -> dict[str, Any]:
    """The player's spell-only resources (empty dict values when none)."""
    return restricted_pool(state, KEY, player)


def add_spells_only(state: GameState, player: str, log: list[GameAction], *, energy: int = 0,
                    power: dict[str, int] | None = None, source: str | None = None) -> None:
    """Add spell-only Energy / Power for *player* (429, restricted to spells)."""
    add_restricted(state, KEY, "spells_only", player, log, energy=energy, power=power,
                   source=source)


def _split(pool: dict[str, Any], cost: Cost) -> tuple[Cost, dict[str, Any]]:
    """(the rest of *cost*, what the spell pool pays) without changing anything."""
    avail = dict(pool["power"])
    use_e = min(cost.energy, pool["energy"])
    used: dict[str, int] = {}
    rest_power: dict[str, int] = {}
    for domain, n in cost.power.items():
        if domain == "Any":
            continue
        take = min(n, avail.get(domain, 0))
        avail[domain] = avail.get(domain, 0) - take
        any_take = min(n - take, avail.get("Any", 0))
        avail["Any"] = avail.get("Any", 0) - any_take
        for d, t in ((domain, take), ("Any", any_take)):
            if t:
                used[d] = used.get(d, 0) + t
        if n - take - any_take:
            rest_power[domain] = n - take - any_take
    need_any = cost.power.get("Any", 0)
    for d in sorted(avail, key=lambda k: k == "Any"):  # named domains first, universal last
        take = min(need_any, avail[d])
        if take:
            used[d] = used.get(d, 0) + take
            need_any -= take
    if need_any:
        rest_power["Any"] = need_any
    return Cost(cost.energy - use_e, rest_power), {"energy": use_e, "power": used}


def rest_of_cost(state: GameState, player: str, cost: Cost) -> Cost:
    """What is left of a spell's *cost* once the player's spell-only resources are spent."""
    return rest_of_restricted(state, KEY, player, cost)


def use_for_spell(state: GameState, player: str, cost: Cost, log: list[GameAction]) -> Cost:
    """Spend the spell-only resources on a spell's *cost*; returns the rest to pay."""
    return use_restricted(state, KEY, "spells_only", player, cost, log)


def empty(state: GameState) -> None:
    """166: the spell-only resources empty with the Rune Pools."""
    state.extra.pop(KEY, None)
