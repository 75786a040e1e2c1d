"""Dragon's Rage (OGN-258): its custom effects (see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.ogn.common import _pick
from riftlog.cards.sets.ogn.last_breath import _might_damage  # the same exchange of damage
from riftlog.rules import card_api as api
from riftlog.rules.card_api import (
    GameAction,
    GameState,
    base_of,
    custom,
    destination_problem,
)


@custom("move_then_duel")
def _move_then_duel(state: GameState, ctx: dict[str, Any], log: list[GameAction]) -> bool | None:
    """Move the chosen enemy unit to a place its controller's units may go (the player
    picks), then pick a second enemy unit at that place; each of the two hits the other
    for its own Might."""

    answers = ctx["answers"].setdefault("b251", {})
    oid = next(iter(ctx["targets"].get("t", [])), None)
    if oid is None or state.objects[oid].zone not in ("base", "battlefield"):
        return None
    obj = state.objects[oid]
    if "to" not in answers:
        places = [base_of(obj.controller), *(bf.oid for bf in state.battlefields)]
        places = [p for p in places if p != obj.location
                  and destination_problem(state, obj.controller, p) is None
                  and not api.move_forbidden(state, obj, p)]
        if not places:
            answers["to"] = None
        else:
            done, dest = _pick(state, ctx, "to", places, "420.1")
            if not done:
                return False
            answers["to"] = dest
            ctx["answers"].pop(str(ctx["pc"]), None)
            api.move(state, oid, dest, log, player=ctx["controller"])
    if answers.get("to") is None or state.objects[oid].zone not in ("base", "battlefield"):
        return None
    where = state.objects[oid].location
    others = [o for lst in ([*state.players[obj.controller].base],
                            *([*b.units] for b in state.battlefields)) for o in lst
              if o != oid and state.objects[o].location == where
              and state.objects[o].controller in state.opponents(ctx["controller"])]
    if not others:
        return None
    done, other = _pick(state, ctx, "unit", others, "359.3")
    if not done:
        return False
    ctx["targets"]["b251_other"] = [other]
    _might_damage(state, ctx, log, "t", "b251_other", True)
    return None
