"""Relentless Pursuit (SFD-184): move the chosen friendly unit to the place chosen as the
spell is played (RUP4 355.4), then they may attach one Equipment of that unit's controller to
it (434); its conquer ability for the turn is a delayed ability of the spell (390.2, see its encoding)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api

_BOARD = ("base", "battlefield")


def _unit(state: api.GameState, ctx: dict[str, Any], name: str) -> str | None:
    oid = next(iter(ctx["targets"].get(name, ())), None)
    if oid is None or oid not in state.objects or state.objects[oid].zone not in _BOARD:
        return None
    return str(oid)


@api.custom("move_chosen_unit_anywhere")
def _move_chosen_unit_anywhere(state: api.GameState, ctx: dict[str, Any],
                               log: list[api.GameAction], name: str) -> bool | None:
    """Move the unit chosen as *name* to the place chosen for it as the spell was played
    (RUP4 355.4, ``CardPlayed.choices["to"]``: its controller's base or a battlefield), if
    that is still a valid destination (355.4.a); otherwise it does not move."""
    unit = _unit(state, ctx, name)
    if unit is None:
        return None
    dest = api.chosen_place(state, ctx, unit, "to")
    if dest is not None:
        api.move(state, unit, dest, log, player=state.objects[unit].controller or ctx["controller"])
    return None


@api.custom("may_attach_equipment_to")
def _may_attach_equipment_to(state: api.GameState, ctx: dict[str, Any],
                             log: list[api.GameAction], name: str) -> bool | None:
    """The controller may attach one Equipment of the chosen unit's controller to it
    (answer ``{"gear": oid | None}``)."""
    unit = _unit(state, ctx, name)
    if unit is None:
        return None
    owner = state.objects[unit].controller
    gear = [o for lst in api.board_lists(state) for o in lst
            if state.objects[o].controller == owner and state.objects[o].attached_to != unit
            and api.printed_type(state.objects[o].card) == "Gear"
            and "Equipment" in api.characteristics(state, o).tags]
    if not gear:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {"what": f"an Equipment to attach to {unit}, or none",
                                       "choices": [{"gear": None}] + [{"gear": g} for g in gear]},
                "434.1")
        return False
    if answer.get("gear") is not None:
        api.attach_equipment(state, answer["gear"], unit, log, ctx["controller"])
    return None
