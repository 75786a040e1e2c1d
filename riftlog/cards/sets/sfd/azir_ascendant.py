"""Azir, Ascendant (SFD-050): it and a chosen unit of its controller trade places (two
moves, 420), then it may take one of that unit's Equipment (434.1.f)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api

_BOARD = ("base", "battlefield")


def _move(state: api.GameState, oid: str, to: str, log: list[api.GameAction],
          player: str) -> None:
    """Move *oid* to *to* unless it is there already or the move cannot be done (a
    destination no move may reach, or a "can't", 054)."""
    obj = state.objects[oid]
    if obj.location == to or api.destination_problem(state, player, to) is not None or \
            api.move_forbidden(state, obj, to):
        return
    api.move(state, oid, to, log, player=player)


@api.custom("azir_ascendant")
def _azir_ascendant(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                    name: str) -> bool | None:
    """Swap the source and the unit chosen as *name*; then ask whether one of that unit's
    Equipment attaches to the source (answer ``{"gear": oid | None}``)."""
    me, source = ctx["controller"], str(ctx["source"])
    other = next(iter(ctx["targets"].get(name, ())), None)
    objs = state.objects
    if other is None or other not in objs or objs[other].zone not in _BOARD or \
            source not in objs or objs[source].zone not in _BOARD:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:  # first run: the swap, then the question
        mine, theirs = objs[source].location or "", objs[other].location or ""
        if mine != theirs:
            _move(state, source, theirs, log, me)
            _move(state, other, mine, log, me)
        worn = [o for lst in api.board_lists(state) for o in lst if objs[o].attached_to == other
                and "Equipment" in api.characteristics(state, o).tags]
        if not worn:
            return None
        api.ask(state, ctx, "custom", {"what": f"an Equipment of {other} to attach to {source}",
                                       "choices": [{"gear": None}] + [{"gear": g} for g in worn]},
                "434.1")
        return False
    gear = answer.get("gear")
    if gear is not None and objs[gear].attached_to == other:
        api.attach_equipment(state, gear, source, log, me)
    return None
