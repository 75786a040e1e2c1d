"""Forgotten Monument (SFD-209): no player scores it before their own third turn (a "can't",
RUP4 054, over the Hold of 464.2 and the Conquer of 464.1); each player's turns are counted
from the turn start (304) in games with such a battlefield."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.events.decisions import TurnEnded
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn_limits
from riftlog.rules.game_actions import scoring
from tests.cards_engine import helpers
from tests.cards_engine.helpers import (
    SKULKER,
    TOKEN_BATTLEFIELD,
    conquer,
    control,
    pass_all,
    put,
    to_p2_turn,
)

MONUMENT = "SFD-209"


EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4", **kw: Any) -> GameState:
    """The helpers' board, judged under *edition* (RUP4 is the default of new games)."""
    s = helpers.game(**kw)
    s.edition = edition
    return s

def _next_turn(s: GameState, pid: str) -> GameState:
    """*pid* ends their turn; the next player's turn runs to its first decision."""
    for p in s.players:
        put(s, "OGN-126", p, "rune_deck")
    s, _ = engine.apply(s, TurnEnded(player=pid))
    return pass_all(s)


def _monument_game(edition: str) -> GameState:
    s = game(edition, battlefields=(MONUMENT, TOKEN_BATTLEFIELD))
    s.extra["turns_of"] = {"p1": 1}  # the hand-built board is p1's first turn
    return s


@EDITIONS
def test_the_turns_of_each_player_are_counted(edition: str) -> None:
    s = _monument_game(edition)
    s = to_p2_turn(s)
    assert turn_limits.own_turns(s, "p2") == 1 and turn_limits.own_turns(s, "p1") == 1
    s = _next_turn(s, "p2")
    assert turn_limits.own_turns(s, "p1") == 2


@EDITIONS
def test_a_conquer_before_the_third_turn_scores_nothing(edition: str) -> None:
    s = _monument_game(edition)
    unit = put(s, SKULKER, "p1", "base")
    s.objects[unit].exhausted = False
    s = pass_all(conquer(s, (unit,)))
    assert s.battlefield("bf1").controller == "p1"  # control is gained ...
    assert s.players["p1"].points == 0 and "bf1" not in scoring.scored_this_turn(s, "p1")
    refused = scoring.score_violations(s, "p1", "bf1", "conquer", require_control=False)
    assert [v.rule for v in refused] == ["054"]  # ... but the score is forbidden (054)


@EDITIONS
def test_a_hold_counts_from_the_third_turn_on(edition: str) -> None:
    s = _monument_game(edition)
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    s = to_p2_turn(s)
    s = _next_turn(s, "p2")  # p1's second turn: the Hold is refused
    assert turn_limits.own_turns(s, "p1") == 2 and s.players["p1"].points == 0
    s = _next_turn(s, "p1")
    s = _next_turn(s, "p2")  # p1's third turn: the Hold scores
    assert turn_limits.own_turns(s, "p1") == 3 and s.players["p1"].points == 1


@EDITIONS
def test_the_other_battlefield_scores_as_usual(edition: str) -> None:
    s = _monument_game(edition)
    control(s, "bf2", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf2")
    s = to_p2_turn(s)
    s = _next_turn(s, "p2")
    assert s.players["p1"].points == 1


@EDITIONS
def test_no_turn_count_is_kept_without_the_monument(edition: str) -> None:
    s = game(edition)
    s = to_p2_turn(s)
    assert "turns_of" not in s.extra
