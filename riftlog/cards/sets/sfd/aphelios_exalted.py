"""Aphelios, Exalted (SFD-049): each time an Equipment is attached to it, its controller
picks one of three rewards not yet picked for it this turn (ready two runes, channel one
rune exhausted, buff a friendly unit)."""

from __future__ import annotations

import itertools
from typing import Any

from riftlog.rules import card_api as api

_KEY = "aphelios_modes"  # state.extra: source oid -> [turn, [modes picked that turn]]
_MODES = ("ready_runes", "channel", "buff")


def _picked(state: api.GameState, source: str) -> list[str]:
    entry = state.extra.get(_KEY, {}).get(source)
    return list(entry[1]) if entry and entry[0] == state.turn else []


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
        units = [o for lst in api.board_lists(state) for o in lst
                 if state.objects[o].controller == pid and state.objects[o].attached_to is None
                 and api.printed_type(state.objects[o].card) == "Unit"]
        out += [{"mode": "buff", "unit": u} for u in units]
    return out


@api.custom("aphelios_exalted")
def _aphelios_exalted(state: api.GameState, ctx: dict[str, Any],
                      log: list[api.GameAction]) -> bool | None:
    """Ask for one reward among those not picked this turn for this Aphelios (answer one
    of the listed ``{"mode": ...}`` choices), then give it."""
    me, source = ctx["controller"], str(ctx["source"])
    picked = _picked(state, source)
    if len(picked) == len(_MODES):
        return None  # all three were picked this turn
    answer = ctx["answers"].get(str(ctx["pc"]))
    if answer is None:
        api.ask(state, ctx, "custom", {"what": "a reward not yet picked this turn",
                                       "choices": _choices(state, me, picked)}, "355.3")
        return False
    mode = answer["mode"]
    if mode == "ready_runes":
        for oid in answer.get("runes", []):
            api.ready(state, oid, log)
    elif mode == "channel":
        api.channel(state, me, log, 1, exhausted=True)
    else:
        api.buff(state, answer["unit"], log, player=me)
    state.extra.setdefault(_KEY, {})[source] = [state.turn, [*picked, mode]]
    return None
