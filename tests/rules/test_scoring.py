"""Scoring (v1.3 462-467): Conquer and Hold, once per battlefield per turn, the Winning
Point rule (466.1.b), the Scoring Step (315.2.b), teams (464.1.a, 484.8), winning (467)."""

from __future__ import annotations

import pytest

from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions.scoring import (
    ScoreResult,
    can_score,
    check_victory,
    hold_all,
    mark_beginning_phase,
    points_of,
    score,
    score_violations,
    scored_this_turn,
    winners,
)
from tests.rules.combat_board import SKULKER, control, put, table


@pytest.fixture
def state() -> GameState:
    return table()


def conquer(state: GameState, pid: str, bf: str, log: list[GameAction]) -> ScoreResult:
    """*pid* establishes control of *bf* (461.5) and scores it by Conquer (464.1)."""
    control(state, bf, pid)
    return score(state, pid, bf, "conquer", log)


def beginning(state: GameState, pid: str = "p1") -> GameState:
    state.turn_player = pid
    state.phase = "beginning"
    return state


def test_v1_3_464_1_conquer_gains_a_point(state: GameState) -> None:
    log: list[GameAction] = []
    control(state, "bf1", "p1")
    result = conquer(state, "p1", "bf1", log)
    assert result.scored and result.points == 1 and not result.winning_point
    assert state.players["p1"].points == 1 and scored_this_turn(state, "p1") == ["bf1"]
    assert [a.kind for a in log] == ["score", "gain_points"]


def test_v1_3_465_a_second_score_at_the_same_battlefield_in_one_turn_is_refused(
    state: GameState,
) -> None:
    log: list[GameAction] = []
    conquer(state, "p1", "bf1", log)
    again = conquer(state, "p1", "bf1", log)
    assert not again.scored and [v.rule for v in again.violations] == ["465"]
    assert state.players["p1"].points == 1
    assert can_score(state, "p1", "bf2", "conquer", require_control=False)
    assert can_score(state, "p2", "bf1", "conquer", require_control=False)  # per player


def test_v1_3_465_the_limit_is_per_turn(state: GameState) -> None:
    conquer(state, "p1", "bf1", [])
    state.turn += 1
    assert scored_this_turn(state, "p1") == [] and can_score(state, "p1", "bf1", "conquer")


def test_v1_3_464_2_hold_only_in_own_beginning_phase_of_a_controlled_battlefield(
    state: GameState,
) -> None:
    control(state, "bf1", "p1")
    assert [v.rule for v in score_violations(state, "p1", "bf1", "hold")] == ["464.2"]
    beginning(state)
    assert can_score(state, "p1", "bf1", "hold")
    assert [v.rule for v in score_violations(state, "p1", "bf2", "hold")] == ["464.2"]
    assert [v.rule for v in score_violations(state, "p2", "bf1", "hold")] == ["464.2", "464.2"]


def test_v1_3_315_2_b_scoring_step_holds_every_controlled_battlefield(state: GameState) -> None:
    beginning(state)
    control(state, "bf1", "p1")
    control(state, "bf2", "p1")
    results = hold_all(state, [])
    assert [r.battlefield for r in results] == ["bf1", "bf2"] and state.players["p1"].points == 2
    assert hold_all(state, []) == []  # 465: already scored this turn


def test_v1_3_466_1_b_2_final_point_by_conquer_without_every_battlefield_draws(
    state: GameState,
) -> None:
    top = put(state, SKULKER, "p1", "main_deck")
    state.players["p1"].points = 7
    log: list[GameAction] = []
    result = conquer(state, "p1", "bf1", log)
    assert result.scored and result.drew and result.points == 0
    assert state.players["p1"].points == 7 and state.players["p1"].hand == [top]
    assert "bf1" in scored_this_turn(state, "p1")
    assert [a.kind for a in log] == ["score", "draw"]


def test_v1_3_466_1_b_2_final_point_by_conquer_after_scoring_every_battlefield(
    state: GameState,
) -> None:
    beginning(state)
    control(state, "bf2", "p1")
    state.players["p1"].points = 6
    hold_all(state, [])  # 7 points, bf2 scored this turn
    state.phase = "main"
    result = conquer(state, "p1", "bf1", [])
    assert result.winning_point and result.victory and state.players["p1"].points == 8


def test_v1_3_466_1_b_1_final_point_by_hold(state: GameState) -> None:
    beginning(state)
    control(state, "bf1", "p1")
    state.players["p1"].points = 7
    (result,) = hold_all(state, [])
    assert result.winning_point and result.victory and state.players["p1"].points == 8


def test_v1_3_466_1_b_applies_from_one_point_short_or_higher(state: GameState) -> None:
    put(state, SKULKER, "p1", "main_deck")
    state.players["p1"].points = 9  # above the Victory Score (e.g. after a burn out)
    assert conquer(state, "p1", "bf1", []).drew
    state.players["p1"].points = 6
    assert conquer(state, "p1", "bf2", []).points == 1


def test_v1_3_466_1_b_2_draw_on_empty_deck_burns_out(state: GameState) -> None:
    state.players["p1"].points = 7
    old = put(state, SKULKER, "p1", "trash")
    log: list[GameAction] = []
    result = conquer(state, "p1", "bf1", log)
    assert result.drew and state.players["p2"].points == 1  # 431.2.c
    assert state.players["p1"].hand == [old]
    assert "burn_out" in [a.kind for a in log]


def test_v1_3_467_winning_needs_the_victory_score_and_the_most_points(state: GameState) -> None:
    state.players["p1"].points = 8
    state.players["p2"].points = 8
    assert winners(state) is None
    state.players["p2"].points = 7
    log: list[GameAction] = []
    assert check_victory(state, log) == ["p1"]
    assert state.phase == "over" and state.winner == ["p1"] and log[0].rule == "467"


def test_v1_3_464_1_no_conquer_without_control(state: GameState) -> None:
    control(state, "bf1", "p2")
    refused = score(state, "p1", "bf1", "conquer", [])
    assert not refused.scored and [v.rule for v in refused.violations] == ["464.1"]
    assert can_score(state, "p1", "bf1", "conquer", require_control=False)


def test_unknown_battlefield_or_method_is_refused(state: GameState) -> None:
    assert [v.rule for v in score_violations(state, "p1", "bf9", "conquer")] == ["464"]
    assert [v.rule for v in score_violations(state, "p1", "bf1", "steal")] == ["464"]


# --- teams (2v2) -----------------------------------------------------------------------


@pytest.fixture
def teams() -> GameState:
    s = table(4, battlefields=3, mode="2v2")
    s.victory_score = 11
    for pid, team in zip(s.seating, ("a", "b", "a", "b"), strict=True):
        s.players[pid].team = team
    return s


def test_v1_3_484_8_b_example_no_conquer_of_a_battlefield_the_partner_held(
    teams: GameState,
) -> None:
    control(teams, "bf1", "p3")  # p1's teammate
    beginning(teams, "p1")
    assert mark_beginning_phase(teams) == ["bf1"]
    teams.phase = "main"
    control(teams, "bf1", None)  # the partner "retreats"
    refused = conquer(teams, "p1", "bf1", [])
    assert not refused.scored and [v.rule for v in refused.violations] == ["464.1.a"]
    assert can_score(teams, "p2", "bf1", "conquer", require_control=False)  # other team may


def test_v1_3_484_8_f_1_final_point_excepts_battlefields_the_ally_held(teams: GameState) -> None:
    control(teams, "bf1", "p3")
    control(teams, "bf2", "p1")
    beginning(teams, "p1")
    mark_beginning_phase(teams)
    teams.players["p1"].points = 6
    teams.players["p3"].points = 3
    hold_all(teams, [])  # bf2: team a has 10
    teams.phase = "main"
    result = conquer(teams, "p1", "bf3", [])
    assert result.winning_point and points_of(teams, "p3") == 11
    assert winners(teams) == ["p1", "p3"]  # 484.6.a: teammates win together
