"""Counter Strike (SFD-194): the next damage the chosen unit would be dealt this turn is
prevented (a one-shot replacement effect, riftlog.rules.interpreter.prevent_next)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api


@api.custom("prevent_next_damage_this_turn")
def _prevent_next_damage_this_turn(state: api.GameState, ctx: dict[str, Any],
                                   log: list[api.GameAction], name: str) -> None:
    """The target *name*, if still legal, has its next damage this turn prevented."""
    spec = next(t for t in api.targets_of(ctx["card"], ctx["ability"]) if t.name == name)
    for oid in api.still_legal(state, ctx, spec):
        api.prevent_next_damage_this_turn(state, oid, ctx["card"], ctx["controller"], log)
