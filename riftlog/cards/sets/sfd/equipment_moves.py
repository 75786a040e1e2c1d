"""Attaching and detaching Equipment as an effect (RUP4 434, 435, 818.2.a): Veiled Temple
(SFD-221, may detach the friendly gear it readied), Grandmaster at Arms (SFD-193) and Forge
of the Fluft (SFD-208) (attach a chosen Equipment its controller controls to a chosen unit
of theirs), Angle Shot (SFD-011, attach or detach) and Strike Down (SFD-107, detach one after
the hit)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api

_BOARD = ("base", "battlefield")


def _is_equipment(state: api.GameState, oid: str) -> bool:
    return "Equipment" in api.characteristics(state, oid).tags


@api.custom("may_detach_chosen")
def _may_detach_chosen(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                       gear_name: str) -> bool | None:
    """Veiled Temple (SFD-221), as it resolves: the gear chosen as target *gear_name* (when
    the ability was finalized, 355.5), if it is still a legal target and an attached
    Equipment, may be detached (a "you may" later in the effect is decided on resolution,
    RUP4 383.3.a.3).  Answer ``{"detach": bool}``."""
    legal = [o for spec in api.targets_of(ctx["card"], ctx["ability"]) if spec.name == gear_name
             for o in api.still_legal(state, ctx, spec)]
    if not legal or not _is_equipment(state, legal[0]) or state.objects[legal[0]].attached_to is None:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {"what": f"detach {legal[0]} from its unit, or not",
                                       "choices": [{"detach": True}, {"detach": False}]}, "435.1")
        return False
    if answer.get("detach"):
        api.detach(state, legal[0], log, player=ctx["controller"])  # 435
    return None


@api.custom("attach_chosen_equipment")
def _attach_chosen_equipment(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                             gear_name: str, unit_name: str) -> bool | None:
    """Attach the Equipment chosen as target *gear_name* to the unit chosen as target
    *unit_name* (434; an attached one moves from its unit, 434.1.f).  Both were chosen as the
    ability was activated (RUP4/v1.3 355.5, 355.10) and nothing happens unless both are still
    legal targets as it resolves (359.3.e: still on the board, controlled by the ability's
    controller, an Equipment attached or not as the ability asks)."""
    legal = {spec.name: api.still_legal(state, ctx, spec)
             for spec in api.targets_of(ctx["card"], ctx["ability"])}
    gear, unit = legal.get(gear_name, []), legal.get(unit_name, [])
    if gear and unit:
        api.attach_equipment(state, gear[0], unit[0], log, ctx["controller"])
    return None


def _chosen(state: api.GameState, ctx: dict[str, Any], name: str) -> str | None:
    """The object chosen for target *name*, if it is still on the board."""
    oid = next(iter(ctx["targets"].get(name, ())), None)
    if oid is None or oid not in state.objects or state.objects[oid].zone not in _BOARD:
        return None
    return str(oid)


@api.custom("attach_or_detach")
def _attach_or_detach(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                      unit_name: str, gear_name: str) -> bool | None:
    """Angle Shot (SFD-011): the controller attaches the chosen Equipment to the chosen unit
    or detaches it from that unit (434, 435).  Answer ``{"do": "attach" | "detach"}``;
    nothing happens when either left the board or their controllers differ."""
    unit, gear = _chosen(state, ctx, unit_name), _chosen(state, ctx, gear_name)
    if unit is None or gear is None or \
            state.objects[unit].controller != state.objects[gear].controller:
        return None
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {"what": f"attach {gear} to {unit}, or detach it from it",
                                       "choices": [{"do": "attach"}, {"do": "detach"}]}, "434.1")
        return False
    if answer.get("do") == "attach":
        api.attach_equipment(state, gear, unit, log, ctx["controller"])
    elif state.objects[gear].attached_to == unit:  # 435.1.a.1: only from that unit
        api.detach(state, gear, log, player=ctx["controller"])
    return None


@api.custom("detach_an_equipment")
def _detach_an_equipment(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                         unit_name: str) -> bool | None:
    """Strike Down (SFD-107): detach one Equipment from the chosen unit (435), asked when it
    has several: answer ``{"gear": oid}``."""
    unit = _chosen(state, ctx, unit_name)
    if unit is None:
        return None
    worn = [o for lst in api.board_lists(state) for o in lst
            if state.objects[o].attached_to == unit and _is_equipment(state, o)]
    if not worn:
        return None
    gear = worn[0]
    if len(worn) > 1:
        answer = ctx["answers"].get(str(ctx["pc"]))
        if answer is None:
            api.ask(state, ctx, "custom", {"what": f"an Equipment to detach from {unit}",
                                           "choices": [{"gear": g} for g in worn]}, "435.1")
            return False
        gear = answer["gear"]
    api.detach(state, gear, log, player=ctx["controller"])
    return None
