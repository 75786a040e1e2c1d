"""Deathgrip (SFD-163, as the Spiritforged errata has it): kill a chosen friendly unit; only if
it died, another chosen friendly unit gets its Might this turn."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


def _target(state: api.GameState, ctx: dict[str, Any], name: str) -> list[str]:
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    return list(api.still_legal(state, ctx, spec))


@api.custom("deathgrip")
def _deathgrip(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
               victim: str, other: str) -> None:
    """Kill the target *victim* (if still legal), reading its Might just before; if it left
    the board by dying (not saved by a replacement), the target *other* gets +that Might
    until the end of the turn."""
    me = ctx["controller"]
    for oid in _target(state, ctx, victim):
        might = max(0, api.might_of(state, oid))
        api.kill(state, [oid], log, attribution=[ctx["source"]], player=me)
        after = state.objects.get(oid)  # a token that died is gone (439)
        if (after is not None and after.zone in ("base", "battlefield")) or might == 0:
            continue  # "if you do": a replacement kept it on the board (or nothing to give)
        for buddy in _target(state, ctx, other):
            api.add_effect(state, {"source": ctx["source"], "layer": "arithmetic",
                                   "affects": {"oids": [buddy]}, "might": might,
                                   "until": "end_of_turn"})
            log.append(api.GameAction("give_might", me, (buddy,),
                                      {"might": might, "until": "end_of_turn"}, "public",
                                      "471", me))
