"""Attaching and detaching Equipment as an effect (RUP4 434, 435, 818.2.a): Veiled Temple
(SFD-221, ready a friendly gear and maybe detach it) and Grandmaster at Arms (SFD-193,
attach an Equipment its controller controls to one of their units)."""

from __future__ import annotations

from typing import Any

from riftlog.rules import card_api as api

_BOARD = ("base", "battlefield")


def _own_gear(state: api.GameState, pid: str) -> list[str]:
    """The gear on the board *pid* controls (attached or not), in board order."""
    return [oid for lst in api.board_lists(state) for oid in lst
            if state.objects[oid].controller == pid
            and api.printed_type(state.objects[oid].card) == "Gear"]


def _is_equipment(state: api.GameState, oid: str) -> bool:
    return "Equipment" in api.characteristics(state, oid).tags


def _own_units(state: api.GameState, pid: str) -> list[str]:
    return [oid for lst in api.board_lists(state) for oid in lst
            if state.objects[oid].controller == pid and state.objects[oid].attached_to is None
            and api.printed_type(state.objects[oid].card) == "Unit"]


@api.custom("ready_gear_may_detach")
def _ready_gear_may_detach(state: api.GameState, ctx: dict[str, Any],
                           log: list[api.GameAction]) -> bool | None:
    """The controller may ready one of their gear; an attached Equipment may also be
    detached.  Answer ``{"gear": None}`` or ``{"gear": oid, "detach": bool}``."""
    me = ctx["controller"]
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        choices: list[dict[str, Any]] = [{"gear": None}]
        for oid in _own_gear(state, me):
            choices.append({"gear": oid, "detach": False})
            if _is_equipment(state, oid) and state.objects[oid].attached_to is not None:
                choices.append({"gear": oid, "detach": True})
        if len(choices) == 1:
            return None  # no gear to ready
        api.ask(state, ctx, "custom", {"what": "a gear of yours to ready (and detach?), or none",
                                       "choices": choices}, "378")
        return False
    gear = answer.get("gear")
    if gear is None or gear not in state.objects or state.objects[gear].zone not in _BOARD:
        return None
    api.ready(state, gear, log)
    if answer.get("detach"):
        api.detach(state, gear, log, player=me)  # 435
    return None


@api.custom("attach_own_equipment")
def _attach_own_equipment(state: api.GameState, ctx: dict[str, Any], log: list[api.GameAction],
                          which: str) -> bool | None:
    """Attach an Equipment the controller controls (*which*: ``"detached"`` = not attached,
    ``"attached"`` = attached to some unit) to a unit they control (434; an attached one
    moves from its unit, 434.1.f).  Answer ``{"gear": oid, "unit": oid}`` among the listed
    pairs; nothing happens when there is none."""
    me = ctx["controller"]
    pairs = [{"gear": g, "unit": u}
             for g in _own_gear(state, me) if _is_equipment(state, g)
             and (state.objects[g].attached_to is not None) == (which == "attached")
             for u in _own_units(state, me) if u != state.objects[g].attached_to]
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        if not pairs:
            return None
        api.ask(state, ctx, "custom", {"what": f"an Equipment ({which}) and a unit to attach "
                                       "it to", "choices": pairs}, "434.1")
        return False
    if answer in pairs:
        api.attach_equipment(state, answer["gear"], answer["unit"], log, me)
    return None
