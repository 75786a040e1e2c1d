"""Players around the table: teams, the points that count, the next player in turn order,
and what an object did this turn.  Plain reads of the state, used by every layer."""

from __future__ import annotations

from riftlog.rules.board.state import GameState

__all__ = ["friendly", "moves_this_turn", "next_player", "points_of", "teammates"]


def teammates(state: GameState, pid: str) -> list[str]:
    """*pid* and their teammates (team modes), in seating order."""
    team = state.players[pid].team
    if team is None:
        return [pid]
    return [p for p in state.seating if state.players[p].team == team] or [pid]


def friendly(state: GameState, pid: str, controller: str | None) -> bool:
    """Whether an object controlled by *controller* is friendly to *pid*: *pid*'s own, or in
    a team mode a teammate's (RUP4 489.8.e, v1.3 484.8.d, v1.2 466.8.d)."""
    if controller is None:
        return False
    if controller == pid:
        return True
    team = state.players[pid].team
    return team is not None and state.players[controller].team == team


def points_of(state: GameState, pid: str) -> int:
    """The point total that counts for *pid*: theirs, or their team's (478.3, 484.6)."""
    return sum(state.players[p].points for p in teammates(state, pid))


def next_player(state: GameState, pid: str) -> str:
    """The player after *pid* in turn order who is still in the game (*pid* when none)."""
    order = state.turn_order
    i = order.index(pid)
    for k in range(1, len(order) + 1):
        cand = order[(i + k) % len(order)]
        if not state.players[cand].eliminated:
            return cand
    return pid


def moves_this_turn(state: GameState, oid: str) -> int:
    """How many times *oid* moved this turn (counted by the trigger event "moves",
    ``state.extra["moves_this_turn"]``; vocab.MovedTimes)."""
    marks = state.extra.get("moves_this_turn") or {}
    return int(marks.get("counts", {}).get(oid, 0)) if marks.get("turn") == state.turn else 0
