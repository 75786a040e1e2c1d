"""Playing and moving through the public engine API (seeded games from real cards)."""

from __future__ import annotations

import pytest

from riftlog.errors import IllegalDecision
from riftlog.events.decisions import TurnEnded
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board.resources import find_payment
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions.actions import zone_problems
from riftlog.rules.playing.play import total_cost
from tests.rules.engine_fixtures import SKULKER, play, rules, settle, start


def end_turn(state: GameState) -> GameState:
    return settle(play(state, TurnEnded(player=state.turn_player)))


def p1_with_runes() -> GameState:
    """p1's second turn: 4 ready runes, a hand of vanilla units."""
    return end_turn(end_turn(start()))


def a_skulker(state: GameState) -> str:
    return next(o for o in state.players["p1"].hand if state.objects[o].card == SKULKER)


def test_main_phase_accepts_card_played_and_units_moved() -> None:
    state = start()
    (req,) = engine.pending(state)
    assert "CardPlayed" in req.decisions and "UnitsMoved" in req.decisions


def test_play_a_unit_then_move_it_home_next_turn() -> None:
    state = p1_with_runes()
    assert state.turn_player == "p1"
    oid = a_skulker(state)
    payment = find_payment(state, "p1", total_cost(state, "p1", oid))
    assert payment is not None
    state, actions = engine.apply(state, CardPlayed(player="p1", card=oid, destination="base",
                                                    payment=payment))
    assert state.objects[oid].zone == "base" and state.objects[oid].exhausted
    assert zone_problems(state) == []
    assert any(a.kind == "play" for a in actions)
    # v1.3 144.2: it entered exhausted, so it cannot move this turn
    bf = state.battlefields[0].oid
    assert rules(engine.check(state, StandardMove(player="p1", units=(oid,), destination=bf))) \
        == ["144.2"]


def test_playing_out_of_turn_is_illegal() -> None:
    state = p1_with_runes()
    card = state.players["p2"].hand[0]
    with pytest.raises(IllegalDecision):
        engine.apply(state, CardPlayed(player="p2", card=card, destination="base"))


def test_moving_to_a_battlefield_stops_at_the_showdown_of_part_two() -> None:
    state = p1_with_runes()
    oid = a_skulker(state)
    payment = find_payment(state, "p1", total_cost(state, "p1", oid))
    assert payment is not None
    state, _ = engine.apply(state, CardPlayed(player="p1", card=oid, destination="base", payment=payment))
    state = end_turn(end_turn(state))  # readied in p1's next awaken step
    assert not state.objects[oid].exhausted
    move = StandardMove(player="p1", units=(oid,), destination=state.battlefields[0].oid)
    assert engine.check(state, move) == []
    state, _ = engine.apply(state, move)  # contested: a showdown begins (344.2, 345)
    assert state.showdown is not None and state.showdown.focus == "p1"
