"""Hostile Takeover (SFD-202): take control of a chosen enemy unit at a battlefield for the
turn; at end of turn give it back and recall it (the engine mechanic is
``rules/playing/unit_control.py``, RUP4 191 / 190.3.a)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("take_control_this_turn")
def _take(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
          name: str) -> None:
    """The controller takes control of the target *name*, if it is still legal (359.3.e)."""
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        api.take_control(state, oid, ctx["controller"], log)


@api.custom("give_back_and_recall")
def _give_back(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction]) -> None:
    """The delayed part: the unit of the event goes back to its former controller's base."""
    oid = (ctx.get("event") or {}).get("obj")
    if oid:
        api.give_back(state, oid, ctx["controller"], log)
