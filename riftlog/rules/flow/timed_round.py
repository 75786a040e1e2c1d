"""The end of a timed round (Riftbound Tournament Rules 408), applied by the engine.

A judge or organiser records :class:`~riftlog.events.payloads.TimeCalled` when the round's
time limit is reached.  From then on (state kept in ``state.extra["time_called"]``):

* TR 408.2 (Swiss and other timed rounds): the turn in progress finishes (408.2), then
  three additional turns are played (408.2.a); if the game is still going, a side with a
  lead of two points or more over every other side wins it, otherwise it is a draw
  (408.2.b);
* TR 408.4 (timed single elimination): the turn in progress finishes (408.4.b), then three
  additional turns (408.4.c; five, 408.4.d, for a game started after time was called);
  the side with the most points wins the game (408.4.c.1); on a tie the game is a draw
  (the match goes to the player with more game wins, 408.4.c.2) unless the event says the
  match's game wins are tied too: then play goes on and the next side to score wins
  (408.4.c.3, sudden death; the Final Point's own restrictions still apply).

Called before the first turn, the "turn in progress" is none: the additional turns are the
first ones.  Points are a side's (a team's in 2v2).  This module is pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState

#: Where the engine keeps the procedure of a game whose time was called.
KEY = "time_called"

PROCEDURES = ("408.2", "408.4")


def _side_points(state: GameState) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in state.players.values():
        if not p.eliminated:
            side = p.team or p.id
            out[side] = out.get(side, 0) + p.points
    return out


def _members(state: GameState, side: str) -> list[str]:
    return [pid for pid in state.seating if (state.players[pid].team or pid) == side]


def _end(state: GameState, winners: list[str], reason: str, rule: str,
         log: list[GameAction]) -> None:
    state.winner = list(winners)
    state.end_reason = reason
    state.phase = "over"
    state.priority = None
    state.queue = []
    log.append(GameAction("game_over", None, (), {"winners": list(winners), "reason": reason},
                          rule=f"TR {rule}"))


def call_time(state: GameState, procedure: str, additional_turns: int, sudden_death: bool,
              judge: str) -> list[GameAction]:
    """Time is called now: remember the procedure; returns the game action it causes."""
    if procedure not in PROCEDURES:
        raise ValueError(f"unknown end-of-round procedure {procedure!r}; one of "
                         f"{', '.join(PROCEDURES)}")
    if state.phase == "over" or KEY in state.extra:
        return []
    state.extra[KEY] = {"procedure": procedure, "at_turn": state.turn,
                        "last_turn": state.turn + additional_turns,
                        "sudden_death": bool(sudden_death), "judge": judge}
    return [GameAction("time_called", None, (), {
        "procedure": procedure, "turn": state.turn, "last_turn": state.turn + additional_turns,
    }, rule=f"TR {procedure}")]


def turn_ended(state: GameState, log: list[GameAction]) -> bool:
    """After each turn: end the game when the additional turns are over.  True if it ended."""
    timed: dict[str, Any] | None = state.extra.get(KEY)
    if timed is None or timed.get("decided") or state.turn < timed["last_turn"]:
        return False
    points = _side_points(state)
    ranked = sorted(points.items(), key=lambda kv: -kv[1])
    lead = ranked[0][1] - ranked[1][1] if len(ranked) > 1 else ranked[0][1]
    leader = ranked[0][0]
    if timed["procedure"] == "408.2":
        if lead >= 2:
            _end(state, _members(state, leader), "time: lead of 2 or more", "408.2.b", log)
        else:
            _end(state, [], "time: draw", "408.2.b", log)
        return True
    if lead > 0:
        _end(state, _members(state, leader), "time: most points", "408.4.c.1", log)
        return True
    if not timed["sudden_death"]:
        _end(state, [], "time: draw on points", "408.4.c.2", log)
        return True
    timed["decided"] = "sudden_death"
    timed["points"] = points
    log.append(GameAction("sudden_death", None, (), {"points": dict(points)}, rule="TR 408.4.c.3"))
    return False


def sudden_death_winner(state: GameState, log: list[GameAction]) -> bool:
    """In sudden death (408.4.c.3), the first side to score after it began wins."""
    timed: dict[str, Any] | None = state.extra.get(KEY)
    if timed is None or timed.get("decided") != "sudden_death" or state.phase == "over":
        return False
    before: dict[str, int] = timed["points"]
    for side, pts in _side_points(state).items():
        if pts > before.get(side, 0):
            _end(state, _members(state, side), "time: sudden death point", "408.4.c.3", log)
            return True
    return False
