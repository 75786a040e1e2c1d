"""Switcheroo (SFD-145): two chosen units at one battlefield swap their Might this turn."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("swap_might_this_turn")
def _swap_might_this_turn(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                          first: str, second: str) -> None:
    """When both targets are still legal, each unit's Might is set to the other's Might as it
    was when this resolved, until the end of the turn (a set effect in the trait layer, so
    later modifiers still count)."""
    specs = {t.name: t for t in api.targets_of(ctx["card"], ctx["ability"])}
    a = api.still_legal(state, ctx, specs[first])
    b = api.still_legal(state, ctx, specs[second])
    if not a or not b or a[0] == b[0]:
        return
    ma, mb = api.might_of(state, a[0]), api.might_of(state, b[0])
    for oid, might in ((a[0], mb), (b[0], ma)):
        api.add_effect(state, {"source": ctx.get("source"), "layer": "trait",
                               "affects": {"oids": [oid]}, "set_might": might,
                               "until": "end_of_turn"})
    log.append(api.GameAction("swap_might", ctx["controller"], (a[0], b[0]),
                              {"might": [mb, ma], "until": "end_of_turn"}, "public", "471",
                              ctx["controller"]))
