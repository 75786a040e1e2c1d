"""Ending a game: victory score (323.1), concession and removal of a player (649-652)."""

from __future__ import annotations

from riftlog.events.decisions import GameConceded, MulliganChosen, TurnEnded
from riftlog.rules import engine
from riftlog.rules.flow.turn import TOKEN_BATTLEFIELD, cleanup
from tests.rules.engine_fixtures import created, play, rules, settle, setup_to_mulligan, start


def test_v1_3_323_1_victory_score_with_more_points_wins_at_cleanup() -> None:
    state = start()
    state.players["p1"].points = 8
    cleanup(state, [])
    assert state.is_over() and state.winner == ["p1"] and engine.pending(state) == []


def test_v1_3_323_1_tied_at_victory_score_is_not_a_win() -> None:
    state = start(created("ffa3"))
    state.players["p1"].points = 8
    state.players["p2"].points = 8
    cleanup(state, [])
    assert not state.is_over()


def test_v1_3_484_3_two_v_two_team_points_add_up_to_eleven() -> None:
    state = start(created("2v2", teams=["a", "b", "a", "b"]))
    state.players["p1"].points = 6
    state.players["p3"].points = 4
    cleanup(state, [])
    assert not state.is_over()
    state.players["p3"].points = 5
    cleanup(state, [])
    assert state.winner == ["p1", "p3"]


def test_v1_3_651_1_duel_concession_makes_the_other_player_win() -> None:
    state = play(start(), GameConceded(player="p2"))
    assert state.is_over() and state.winner == ["p1"] and state.end_reason == "concession"


def test_v1_3_650_concession_is_allowed_at_any_time_even_during_setup() -> None:
    state = setup_to_mulligan(created())
    assert engine.check(state, GameConceded(player="p2")) == []
    state = play(state, GameConceded(player="p2"))
    assert state.winner == ["p1"]


def test_v1_3_302_no_decision_after_the_game_is_over() -> None:
    state = play(start(), GameConceded(player="p2"))
    assert rules(engine.check(state, TurnEnded(player="p1"))) == ["302"]
    assert rules(engine.check(state, GameConceded(player="p1"))) == ["302"]


def test_v1_3_484_6_a_1_a_concession_in_two_v_two_loses_for_the_team() -> None:
    state = play(start(created("2v2", teams=["a", "b", "a", "b"])), GameConceded(player="p3"))
    assert state.winner == ["p2", "p4"]


def test_v1_3_652_removal_in_ffa3_banishes_their_cards_and_passes_the_turn() -> None:
    state = start(created("ffa3", n_battlefields=1))
    assert state.turn_player == "p1"
    state = settle(play(state, GameConceded(player="p1")))
    assert not state.is_over() and state.players["p1"].eliminated
    assert state.turn_player == "p2" and state.phase == "main"
    assert all(o.zone == "removed" for o in state.objects.values()
               if o.owner == "p1" and o.oid != "p1.bf1")
    assert state.battlefield("p1.bf1").card == TOKEN_BATTLEFIELD
    assert engine.zone_problems(state) == []
    # the removed player can no longer act (651.3), and turns skip them (652.5.a)
    assert rules(engine.check(state, GameConceded(player="p1"))) == ["651.3"]
    state = settle(play(state, TurnEnded(player="p2")))
    state = settle(play(state, TurnEnded(player="p3")))
    assert state.turn_player == "p2"
    # the last opponent conceding ends the game (651.1)
    state = play(state, GameConceded(player="p3"))
    assert state.winner == ["p2"]


def test_v1_3_651_3_a_removed_player_is_skipped_in_mulligans() -> None:
    state = setup_to_mulligan(created("ffa3"))
    state = play(state, GameConceded(player="p2"))
    state = play(state, MulliganChosen(player="p1", set_aside=()))
    assert engine.pending(state)[0].player == "p3"
