"""Aphelios, Exalted (SFD-049): each time its controller attaches an Equipment to it, they
pick one of three rewards not yet picked for it this turn (ready two runes, channel one
rune exhausted, buff a friendly unit).

The pick is a mode, made as the triggered ability is finalized (RUP4/v1.3 355.3, 383.3), with
the runes or the unit it will act on (targets, 355.5, 355.10), not as it resolves: the
ability's finalize step ``Custom("aphelios_exalted_pick")`` asks it through
``api.COST_CHOICES`` (the question a trigger's controller answers before it goes on the
chain), notes the mode as picked this turn and puts the choice in the trigger's event and
targets; ``Custom("aphelios_exalted")`` gives the reward as it resolves, to the targets that
are still legal (359.3.e).  With all three picked this turn it is not put on the chain."""

from __future__ import annotations

import itertools
from typing import Any

from riftlog.rules import card_api as api

_KEY = "aphelios_modes"  # state.extra: source oid -> [turn, [modes picked that turn]]
_MODES = ("ready_runes", "channel", "buff")
PICK = "aphelios_exalted_pick"
_BOARD = ("base", "battlefield")


def _picked(state: api.GameState, source: str) -> list[str]:
    entry = state.extra.get(_KEY, {}).get(source)
    return list(entry[1]) if entry and entry[0] == state.turn else []


def _friendly_units(state: api.GameState, pid: str) -> list[str]:
    return [o for lst in api.board_lists(state) for o in lst
            if api.friendly(state, pid, state.objects[o].controller)
            and state.objects[o].attached_to is None
            and api.printed_type(state.objects[o].card) == "Unit"]


def _choices(state: api.GameState, pid: str, picked: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if "ready_runes" not in picked:
        tired = [o for o in state.players[pid].base if state.objects[o].exhausted
                 and api.card_type(state.objects[o].card) == "Rune"]
        for combo in itertools.combinations(tired, min(2, len(tired))):  # 415: as many as can
            out.append({"mode": "ready_runes", "runes": list(combo)})
    if "channel" not in picked:
        out.append({"mode": "channel"})
    if "buff" not in picked:
        out += [{"mode": "buff", "unit": u} for u in _friendly_units(state, pid)]
    return out


def _has_pick(t: dict[str, Any]) -> bool:
    ab = api.ability(t["card"], t["ability"])
    return any(getattr(node, "name", None) == PICK for node in getattr(ab, "finalize_cost", ()))


def _question(state: api.GameState, t: dict[str, Any]) -> dict[str, Any] | None:
    """The pick asked as the ability is finalized: a mode not picked this turn (355.3) and
    what it acts on; None (it is not put on the chain) when no mode is left."""
    if not _has_pick(t):
        return None
    choices = _choices(state, t["controller"], _picked(state, t["source"]))
    if not choices:
        return None
    return {"what": "a reward not yet picked this turn, and what it acts on",
            "choices": choices, "rule": "355.3"}


api.COST_CHOICES.append(_question)


@api.custom(PICK)
def _aphelios_exalted_pick(state: api.GameState, ctx: dict[str, Any],
                           log: list[api.GameAction]) -> bool | None:
    """Note the recorded pick (as the ability is finalized): its mode is picked this turn,
    its runes or unit become the ability's targets.  False (not put on the chain) when no
    pick was asked because none was left."""
    answer = ctx["answers"].get("0")
    if not answer or answer.get("mode") not in _MODES:
        return False
    mode, source = answer["mode"], str(ctx["source"])
    state.extra.setdefault(_KEY, {})[source] = [state.turn, [*_picked(state, source), mode]]
    ctx["event"]["aphelios_mode"] = mode
    if mode == "ready_runes":
        ctx["targets"]["runes"] = list(answer.get("runes", []))
    elif mode == "buff":
        ctx["targets"]["unit"] = [answer["unit"]]
    return None


@api.custom("aphelios_exalted")
def _aphelios_exalted(state: api.GameState, ctx: dict[str, Any],
                      log: list[api.GameAction]) -> bool | None:
    """Give the reward picked as the ability was finalized, to its targets still legal as it
    resolves (359.3.e: a rune still on the board; a unit still on the board and friendly)."""
    me = ctx["controller"]
    mode = (ctx.get("event") or {}).get("aphelios_mode")
    if mode == "ready_runes":
        for oid in ctx["targets"].get("runes", []):
            obj = state.objects.get(oid)
            if obj is not None and obj.zone == "base" and api.card_type(obj.card) == "Rune":
                api.ready(state, oid, log)
    elif mode == "channel":
        api.channel(state, me, log, 1, exhausted=True)
    elif mode == "buff":
        for oid in ctx["targets"].get("unit", []):
            if oid in _friendly_units(state, me) and state.objects[oid].zone in _BOARD:
                api.buff(state, oid, log, player=me)
    return None
