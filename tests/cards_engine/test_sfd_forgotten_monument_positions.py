"""Forgotten Monument (SFD-209) in positions (issue 24): a player's own turn count, which the
battlefield reads (no score there before their own third turn, a "can't", RUP4 054), is part
of the position format (``turns N`` on the player line, docs/positions.md): written, read
back (round trip), and, for a position that does not say, worked out from the turn number and
the turn order, so a position can express who may score there."""

from __future__ import annotations

import re

import pytest

from riftlog.positions import PositionError, parse_position, print_position
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn_limits
from riftlog.rules.game_actions import scoring
from tests.cards_engine import helpers

MONUMENT = "SFD-209"
OTHER_BATTLEFIELD = "OGN-298"


def _monument_game(turn: int, turns_of: dict[str, int] | None) -> GameState:
    s = helpers.game(battlefields=(MONUMENT, OTHER_BATTLEFIELD))
    s.edition = "RUP4"
    s.turn = turn
    s.turn_player = s.turn_order[(turn - 1) % len(s.turn_order)]
    s.priority = s.turn_player
    s.queue = [{"consumed_by": ["TurnEnded"], "kind": "main", "player": s.turn_player},
               {"kind": "ending", "player": s.turn_player},
               {"kind": "next_turn", "player": s.turn_player}]
    if turns_of is not None:
        s.extra["turns_of"] = dict(turns_of)
    return s


def _without_turns(text: str) -> str:
    """The position without any count of the players' own turns, as one is written by hand:
    no ``turns N`` on the player lines and none in ``engine extra``."""
    text = re.sub(r',"turns_of":\{[^}]*\}', "", text)
    text = re.sub(r'"turns_of":\{[^}]*\},?', "", text)
    return re.sub(r" turns \d+", "", text)


def test_each_players_turns_are_written_on_their_line_and_read_back() -> None:
    s = _monument_game(4, {"p1": 2, "p2": 2})
    text = print_position(s)
    assert re.search(r'^player p1 "P1" .*\bturns 2\b', text, re.M)
    assert re.search(r'^player p2 "P2" .*\bturns 2\b', text, re.M)
    assert "turns_of" not in text                       # not in 'engine extra' as well
    back = parse_position(text)
    assert back == s and back.extra["turns_of"] == {"p1": 2, "p2": 2}


def test_a_count_that_is_not_the_turn_numbers_survives_the_round_trip() -> None:
    # an extra turn taken: p1 has begun 3 turns by turn 4, which the turn number cannot tell
    s = _monument_game(4, {"p1": 3, "p2": 1})
    back = parse_position(print_position(s))
    assert turn_limits.own_turns(back, "p1") == 3 and turn_limits.own_turns(back, "p2") == 1


@pytest.mark.parametrize(("turn", "expected"), [(1, {"p1": 1}), (2, {"p1": 1, "p2": 1}),
                                                (5, {"p1": 3, "p2": 2}), (6, {"p1": 3, "p2": 3})])
def test_a_position_that_does_not_say_gets_them_from_the_turn_number(
        turn: int, expected: dict[str, int]) -> None:
    s = _monument_game(turn, expected)
    back = parse_position(_without_turns(print_position(s)))
    assert back.extra["turns_of"] == expected


def test_an_older_position_with_the_count_in_engine_extra_keeps_it() -> None:
    s = _monument_game(4, {"p1": 3, "p2": 1})
    old = _without_turns(print_position(s)).replace(
        'engine extra {', 'engine extra {"turns_of":{"p1":3,"p2":1},')
    assert parse_position(old).extra["turns_of"] == {"p1": 3, "p2": 1}


def test_a_game_without_the_monument_gets_no_count() -> None:
    s = helpers.game(battlefields=(OTHER_BATTLEFIELD, OTHER_BATTLEFIELD))
    assert "turns_of" not in parse_position(print_position(s)).extra


def test_a_count_given_two_ways_that_disagree_is_refused() -> None:
    s = _monument_game(4, {"p1": 2, "p2": 2})
    text = print_position(s).replace('engine extra {', 'engine extra {"turns_of":{"p1":1},')
    with pytest.raises(PositionError, match="disagree"):
        parse_position(text)


def test_a_hand_written_position_judges_the_monument_by_each_players_turns() -> None:
    # p1's third turn (turn 5 of a duel): p1 may score the Monument, p2 (two turns begun)
    # may not - a "can't" (RUP4 054) - in a position that never wrote the counts
    text = _without_turns(print_position(_monument_game(5, {"p1": 3, "p2": 2})))
    s = parse_position(text)
    assert scoring.score_violations(s, "p1", "bf1", "conquer", require_control=False) == []
    refused = scoring.score_violations(s, "p2", "bf1", "conquer", require_control=False)
    assert [v.rule for v in refused] == ["054"]
    # one turn earlier (p1's second turn), p1 may not either
    early = parse_position(_without_turns(print_position(_monument_game(3, {"p1": 2, "p2": 1}))))
    assert [v.rule for v in scoring.score_violations(early, "p1", "bf1", "conquer",
                                                     require_control=False)] == ["054"]
