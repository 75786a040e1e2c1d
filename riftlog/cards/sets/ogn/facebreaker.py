"""Facebreaker (OGN-220): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.errors import UnsupportedRule
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    custom,
)


@custom("require_same_location")
def _require_same_location(state: GameState, ctx: dict[str, Any], log: list[GameAction],
                           *names: str) -> None:
    """Targets that had to share a location (355.11.a) and no longer do: 355.11.b lets the
    controller pick a subset, a choice not modelled yet."""

    specs = [t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name in names]
    places = {state.objects[o].location for spec in specs for o in api.still_legal(state, ctx, spec)}
    if len(places) > 1:
        raise UnsupportedRule(f"{state.edition} 355.11.b: the targets are no longer at one "
                              "location; choosing a subset of them is not implemented yet")
