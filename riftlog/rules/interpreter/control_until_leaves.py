"""Control of a permanent that lasts until another object leaves the board (issue 24:
Akshan, Mischievous, SFD-109; control is v1.3 186, RUP4 189).

:func:`take` gives a player control of a permanent and records ``{"obj", "holder", "to"}``
in ``state.extra["control_until_leaves"]``.  When *holder* leaves the board (the trigger
event ``"leaves"``, which :func:`riftlog.rules.interpreter.triggers.fire` tells
:func:`_watch`) control goes back at once to the player who had it (``"to"``), and a task
logs it; the permanent, now in a base other than its controller's, is recalled by the next
cleanup (v1.3 323.7).  The record goes when either object leaves the board.  A holder that
is no longer on the board as the effect would begin gives no control at all (RUP4
359.3.e.16: a duration that ended before the effect was generated).
"""

from __future__ import annotations

from typing import Any

from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import triggers

__all__ = ["KEY", "take"]

KEY = "control_until_leaves"
_BOARD = ("base", "battlefield")


def take(state: GameState, oid: str, holder: str, player: str, log: list[GameAction]) -> bool:
    """*player* gains control of *oid* until *holder* leaves the board; False (nothing
    happens) when *holder* is not on the board now (359.3.e.16) or *oid* is not."""
    obj, src = state.objects.get(oid), state.objects.get(holder)
    if obj is None or src is None or obj.zone not in _BOARD or src.zone not in _BOARD:
        return False
    before = obj.controller
    if before != player:
        obj.controller = player
        log.append(GameAction("take_control", player, (oid,), {"from": before, "until_leaves": holder},
                              "public", "186", player))
    records = list(state.extra.get(KEY) or [])
    records.append({"obj": oid, "holder": holder, "to": before})
    state.extra[KEY] = records
    return True


def _watch(state: GameState, data: dict[str, Any]) -> None:
    records = state.extra.get(KEY)
    gone = data.get("obj")
    if not records or gone is None:
        return
    keep: list[dict[str, Any]] = []
    for r in records:
        if r["holder"] == gone:
            obj = state.objects.get(r["obj"])
            if obj is not None and obj.zone in _BOARD and obj.controller != r["to"]:
                taker = obj.controller
                obj.controller = r["to"]
                state.queue.insert(0, {"kind": "control_returned", "obj": r["obj"], "to": r["to"],
                                       "from": taker, "holder": gone})
        elif r["obj"] != gone:
            keep.append(r)
    if keep:
        state.extra[KEY] = keep
    else:
        state.extra.pop(KEY, None)


@hooks.task("control_returned")
def _log_return(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    log.append(GameAction("control_returned", entry["to"], (entry["obj"],),
                          {"from": entry["from"], "holder_left": entry["holder"]}, "public", "186"))


triggers.LEAVE_WATCHERS.append(_watch)
