"""Against the Odds (SFD-001): the chosen friendly unit gets Might for each enemy unit at its
battlefield, counted as the spell resolves."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("might_per_enemy_there")
def _might_per_enemy_there(state: api.GameState, ctx: dict[str, Any],
                           log: list[api.GameAction], name: str, per: int) -> None:
    """The target *name* (if still legal) gets +*per* Might this turn per enemy unit at its
    battlefield (none when there is none)."""
    me = ctx["controller"]
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        bf = state.battlefield(state.objects[oid].location or "")
        enemies = sum(1 for u in bf.units if state.objects[u].controller != me
                      and me not in api.teammates(state, state.objects[u].controller))
        if not enemies:
            continue
        api.add_effect(state, {"source": ctx["source"], "layer": "arithmetic",
                               "affects": {"oids": [oid]}, "might": per * enemies,
                               "until": "end_of_turn"})
        log.append(api.GameAction("give_might", me, (oid,),
                                  {"might": per * enemies, "until": "end_of_turn"}, "public",
                                  "471", me))
