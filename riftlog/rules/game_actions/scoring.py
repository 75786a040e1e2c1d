"""Scoring: Conquer and Hold, the Winning Point, and winning on points (v1.3 462-467).

* :func:`can_score` / :func:`score_violations` - may *player* score *battlefield* now by
  ``"conquer"`` or ``"hold"``: once per battlefield per player per turn (465), not a
  battlefield a teammate controlled during the Beginning Phase (464.1.a, 484.8.b).
* :func:`score` - the player scores (466): gains up to one point, except that the
  Winning Point (466.1.b) is gained by a Hold, or by a Conquer only when the player has
  scored every battlefield this turn (in 2v2, except those a teammate held during the
  Beginning Phase: 484.8.f.1); otherwise the Conquer draws a card instead (466.1.b.2).
* :func:`hold_all` - the Scoring Step of the Beginning Phase (315.2.b): the turn player
  holds every battlefield they control.
* :func:`winners` / :func:`check_victory` - a player (team) at or above the Victory Score
  with more points than any opponent wins when a cleanup occurs (467, 323.1).

Bookkeeping (plain data, documented in riftlog/rules/ENGINE.md):

* ``PlayerState.turn_marks["scored"]``: battlefield oids the player scored this turn, with
  ``turn_marks["scored_turn"]`` = the ``state.turn`` they belong to (stale marks from an
  earlier turn are ignored, so nothing needs clearing at the turn boundary).
* ``state.extra["ally_held"]`` = ``{"turn": n, "team": t, "battlefields": [...]}``:
  battlefields the turn player's teammates controlled during the Beginning Phase,
  recorded by :func:`mark_beginning_phase` (team modes only).

Team points: in 2v2 the Victory Score is reached by a team (478.3, 484.6); a team's point
total is the sum of its players' points, and that total is what 466.1.b and 467 compare.
Score triggers (466.2) are the caller's: :class:`ScoreResult` says what was scored, how.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.board.point_limits import gain_refused
from riftlog.rules.board.seats import points_of, teammates
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions.actions import draw

__all__ = [
    "How",
    "ScoreResult",
    "can_score",
    "check_victory",
    "hold_all",
    "mark_beginning_phase",
    "points_of",
    "score",
    "score_violations",
    "scored_this_turn",
    "winners",
]

How = Literal["conquer", "hold"]

#: issue 24: fn(state, player, battlefield, how) -> a Violation when a card forbids the score
SCORE_RESTRICTIONS: list[Callable[[GameState, str, str, str], Violation | None]] = []
#: issue 24: fn(state, player, battlefield, how), told of each score as it is made
SCORE_HOOKS: list[Callable[[GameState, str, str, str], None]] = []


def scored_this_turn(state: GameState, pid: str) -> list[str]:
    """Battlefields *pid* scored this turn (465)."""
    marks = state.players[pid].turn_marks
    if marks.get("scored_turn") != state.turn:
        return []
    return list(marks.get("scored", ()))


def _note_scored(state: GameState, pid: str, battlefield: str) -> None:
    marks = state.players[pid].turn_marks
    if marks.get("scored_turn") != state.turn:
        marks["scored_turn"] = state.turn
        marks["scored"] = []
    marks["scored"].append(battlefield)


def mark_beginning_phase(state: GameState) -> list[str]:
    """Record, at the turn player's Beginning Phase, the battlefields their teammates
    control: disqualified from being scored by that team this turn (464.1.a, 484.8.b,
    315.2.b.3).  Returns them; nothing is recorded outside team modes."""
    pid = state.turn_player
    if pid is None or state.players[pid].team is None:
        return []
    mates = set(teammates(state, pid)) - {pid}
    held = [bf.oid for bf in state.battlefields if bf.controller in mates]
    state.extra["ally_held"] = {"turn": state.turn, "team": state.players[pid].team,
                                "battlefields": held}
    return held


def _ally_held(state: GameState, pid: str) -> set[str]:
    rec = state.extra.get("ally_held")
    if not rec or rec.get("turn") != state.turn or rec.get("team") != state.players[pid].team:
        return set()
    return set(rec.get("battlefields", ()))


def score_violations(state: GameState, pid: str, battlefield: str, how: str, *,
                     require_control: bool = True) -> list[Violation]:
    """Why *pid* may not score *battlefield* by *how* now (empty: they may).

    A score needs the player to control the battlefield (they just gained control for a
    Conquer, 464.1, or maintain it for a Hold, 464.2); *require_control* ``False`` asks
    only about the other limits, before control is established (461.5.d)."""
    ed = state.edition
    if how not in ("conquer", "hold"):
        return [Violation("464", f"a player scores by conquer or hold, not {how!r}", ed)]
    try:
        bf = state.battlefield(battlefield)
    except KeyError:
        return [Violation("464", f"{battlefield} is not a battlefield on the board", ed)]
    out: list[Violation] = []
    if battlefield in scored_this_turn(state, pid):
        out.append(Violation("465", f"{pid} already scored {battlefield} this turn; a player "
                             "scores each battlefield at most once per turn", ed))
    if battlefield in _ally_held(state, pid):
        rule = "464.1.a" if how == "conquer" else "315.2.b.3"
        out.append(Violation(rule, f"{battlefield} was controlled by a teammate of {pid} during "
                             "the Beginning Phase; the team cannot score it this turn", ed))
    if how == "hold" and (state.turn_player != pid or state.phase != "beginning"):
        out.append(Violation("464.2", f"{pid} can hold only during their own Beginning "
                             "Phase", ed))
    if require_control and bf.controller != pid:
        rule = "464.1" if how == "conquer" else "464.2"
        out.append(Violation(rule, f"{pid} does not control {battlefield}, so cannot "
                             f"{how} it", ed))
    for restriction in SCORE_RESTRICTIONS:  # issue 24: a "can't" of a card (054)
        found = restriction(state, pid, battlefield, how)
        if found is not None:
            out.append(found)
    return out


def can_score(state: GameState, pid: str, battlefield: str, how: str, *,
              require_control: bool = True) -> bool:
    """Whether *pid* may score *battlefield* by *how* now (see :func:`score_violations`)."""
    return not score_violations(state, pid, battlefield, how, require_control=require_control)


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """What a score did.  ``scored``: it counted as a score (466.2 triggers follow);
    ``points``: points gained (0 or 1); ``winning_point``: that point was the Winning
    Point (466.1.b); ``drew``: the Conquer drew a card instead (466.1.b.2);
    ``victory``: the player (team) now meets the Victory Score with the most points,
    so they win at the next cleanup (467); ``violations``: why nothing happened."""

    player: str
    battlefield: str
    how: str
    scored: bool
    points: int = 0
    winning_point: bool = False
    drew: bool = False
    victory: bool = False
    violations: tuple[Violation, ...] = ()


def _every_battlefield_scored(state: GameState, pid: str, battlefield: str) -> bool:
    done = set(scored_this_turn(state, pid)) | {battlefield}
    needed = {bf.oid for bf in state.battlefields} - _ally_held(state, pid)  # 484.8.f.1
    return needed <= done


def score(state: GameState, pid: str, battlefield: str, how: str,
          log: list[GameAction]) -> ScoreResult:
    """*pid* scores *battlefield* by *how* (v1.3 464-466), mutating *state*.

    Refused (nothing changes, ``scored=False``, the violations returned) when
    :func:`score_violations` objects.  A Conquer that would be the Winning Point without
    every battlefield scored this turn draws a card instead (466.1.b.2, through
    :func:`riftlog.rules.game_actions.actions.draw`, which handles burning out).
    """
    problems = score_violations(state, pid, battlefield, how)
    if problems:
        return ScoreResult(pid, battlefield, how, False, violations=tuple(problems))
    _note_scored(state, pid, battlefield)
    for hook in SCORE_HOOKS:  # issue 24: e.g. the turn's conquests, where a card reads them
        hook(state, pid, battlefield, how)
    log.append(GameAction("score", pid, (battlefield,), {"how": how}, "public", "464", pid))
    needs_winning_point = points_of(state, pid) >= state.victory_score - 1  # 466.1.b
    if needs_winning_point and how == "conquer" and not _every_battlefield_scored(
        state, pid, battlefield
    ):

        draw(state, pid, log, 1)  # 466.1.b.2
        return ScoreResult(pid, battlefield, how, True, drew=True)
    player = state.players[pid]
    why = gain_refused(state, pid)  # issue 24: a "can't gain points" (054); the score stands
    if why is not None:
        log.append(GameAction("gain_prevented", pid, (), {"points": 1, "why": why}, "public",
                              "054", pid))
        return ScoreResult(pid, battlefield, how, True, points=0)
    player.points += 1
    log.append(GameAction(
        "gain_points", pid, (), {"points": 1, "total": player.points, "reason": how},
        "public", "466.1.b" if needs_winning_point else "466.1", pid,
    ))
    won = winners(state)  # replay-perf: asked once (it does not change the state)
    return ScoreResult(pid, battlefield, how, True, points=1, winning_point=needs_winning_point,
                       victory=bool(won) and pid in (won or []))


def hold_all(state: GameState, log: list[GameAction]) -> list[ScoreResult]:
    """The Scoring Step (315.2.b.2): the turn player holds every battlefield they control
    that they may still score this turn, in board order."""
    pid = state.turn_player
    if pid is None:
        return []
    return [score(state, pid, bf.oid, "hold", log) for bf in list(state.battlefields)
            if bf.controller == pid and can_score(state, pid, bf.oid, "hold")]


def winners(state: GameState) -> list[str] | None:
    """The winning player (or team, seating order) by points, if any (467, 323.1): a
    point total at or above the Victory Score and more than every opponent's."""
    for pid in state.seating:
        p = state.players[pid]
        if p.eliminated or p.conceded:
            continue
        mine = points_of(state, pid)
        if mine >= state.victory_score and all(
            mine > points_of(state, o) for o in state.opponents(pid)
        ):
            return teammates(state, pid)
    return None


def check_victory(state: GameState, log: list[GameAction]) -> list[str] | None:
    """The first task of a cleanup (323.1, 467): end the game if someone won on points.
    Returns the winners (and sets ``state.winner``, ``end_reason``, ``phase = "over"``)."""
    if state.phase == "over":
        return state.winner
    won = winners(state)
    if won is None:
        return None
    state.winner = won
    state.end_reason = "victory_score"
    state.phase = "over"
    for pid in won:
        log.append(GameAction("win", pid, (), {"reason": "victory_score",
                                               "points": points_of(state, pid)},
                              "public", "467", None))
    return won
