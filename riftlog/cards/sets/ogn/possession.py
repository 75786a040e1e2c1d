"""Possession (OGN-203): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("take_control_and_recall")
def _take_control_and_recall(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                             name: str) -> None:
    """The controller gains control of the chosen unit and recalls it to their base."""

    me = ctx["controller"]
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        obj = state.objects[oid]
        log.append(GameAction("take_control", me, (oid,), {"from": obj.controller},
                              "public", "186", me))
        obj.controller = me
        api.recall(state, oid, log, responsible=me)
