"""Taking control of a unit for the rest of the turn (issue 24; Hostile Takeover, SFD-202).

Rule ids in game actions are v1.3's, as everywhere in the engine (v1.3 188 = RUP4 191,
v1.3 187.3.a = RUP4 190.3.a).

* :func:`take_control` - *player* becomes the controller of a unit on the board (RUP4 191:
  control of a permanent is a status an effect may change; 191.4.b: abilities already on
  the chain keep their controller).  A unit at a battlefield its new controller does not
  control makes it Contested by them if it is not already (RUP4 190.3.a: a unit "becomes
  present" there), so the next cleanup stages a combat when the old controller's units
  are still there (323.9) or a showdown, and with it a Conquer, when they are not (323.8,
  348.2.a).  The change is recorded in ``state.extra["control_taken"]`` (only in games
  where it happened) with the controller it came from.
* :func:`give_back` - the taker loses control again (to the controller it came from, or
  its owner when that player has left) and the unit is recalled to that player's base
  (450: not a move), when it is still on the board under the taker's control; a unit that
  left the board in between is a new object (its controller is its owner again) and is
  left alone.
"""

from __future__ import annotations

from typing import Any

from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions.movement import recall

__all__ = ["give_back", "take_control", "taken_from"]

_BOARD = ("base", "battlefield")


def take_control(state: GameState, oid: str, player: str, log: list[GameAction]) -> bool:
    """*player* takes control of unit *oid* (see the module doc); False when nothing
    changed (it is not on the board, or already theirs)."""
    obj = state.objects.get(oid)
    if obj is None or obj.zone not in _BOARD or obj.controller == player:
        return False
    before = obj.controller
    obj.controller = player
    state.extra.setdefault("control_taken", []).append(
        {"unit": oid, "from": before, "to": player, "turn": state.turn})
    log.append(GameAction("unit_control_taken", player, (oid,), {"from": before}, "public", "188",
                          player))
    if obj.zone == "battlefield" and obj.location:
        bf = state.battlefield(obj.location)
        if bf.controller != player and bf.contested_by is None:
            bf.contested_by = player  # RUP4 190.3.a: the unit becomes present for its new side
            log.append(GameAction("contest", player, (bf.oid,), rule="187.3.a"))  # v1.3 id
    return True


def taken_from(state: GameState, oid: str) -> dict[str, Any] | None:
    """The latest record of a control change of *oid* (``from``, ``to``, ``turn``)."""
    for rec in reversed(state.extra.get("control_taken", ())):
        if rec["unit"] == oid:
            return dict(rec)
    return None


def give_back(state: GameState, oid: str, taker: str, log: list[GameAction]) -> bool:
    """*taker* loses control of *oid*, which is recalled (see the module doc); False when it
    is no longer theirs on the board."""
    obj = state.objects.get(oid)
    rec = taken_from(state, oid)
    if obj is None or rec is None or obj.zone not in _BOARD or obj.controller != taker:
        return False
    back = rec["from"] if rec["from"] in state.players else obj.owner
    obj.controller = back
    log.append(GameAction("unit_control_returned", taker, (oid,), {"to": back}, "public", "188", taker))
    kept = [r for r in state.extra.get("control_taken", ()) if r["unit"] != oid]
    if kept:
        state.extra["control_taken"] = kept
    else:
        state.extra.pop("control_taken", None)
    recall(state, oid, log, responsible=taker)  # 450: a recall, not a move
    return True
