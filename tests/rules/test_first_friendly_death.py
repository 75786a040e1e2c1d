"""Wraith of Echoes (OGN-118) in a team mode: its "first time a friendly unit dies each turn"
counts the deaths of its controller's teammate's units too (friendly: RUP4 489.8.e, v1.3
484.8.d), and still one instance for units dying at once (383.1.b).

The 2v2 board of :func:`tests.rules.test_friendly_teammates.team_game`: p1 and p3 are team
A, p2 and p4 team B.
"""

from __future__ import annotations

import pytest

from riftlog.rules import editions
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import effects
from tests.cards_engine.helpers import SKULKER, pass_all, put
from tests.rules.test_friendly_teammates import team_game

WRAITH = "OGN-118"
EDITIONS = (editions.RUP4, "v1.3")


def _kill(s: GameState, *oids: str) -> GameState:
    log: list[GameAction] = []
    effects.kill(s, list(oids), log)
    turn.advance(s, log)
    return pass_all(s)


def _hand(s: GameState) -> int:
    return len(s.players["p1"].hand)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_teammates_unit_dying_first_draws_and_uses_up_the_turn(edition: str) -> None:
    """p3's unit dies first: p1's Wraith draws (before the fix it did not - p1 had no death
    of its own); p1's own unit dying later that turn is not the first friendly death."""
    s = team_game(edition)
    put(s, WRAITH, "p1", "base")
    theirs = put(s, SKULKER, "p3", "battlefield", "bf1")
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    hand = _hand(s)
    s = _kill(s, theirs)
    assert _hand(s) == hand + 1
    s = _kill(s, mine)
    assert _hand(s) == hand + 1 and "dying_now" not in s.extra


@pytest.mark.parametrize("edition", EDITIONS)
def test_friendly_units_of_both_teammates_dying_at_once_draw_once(edition: str) -> None:
    s = team_game(edition)
    put(s, WRAITH, "p1", "base")
    units = (put(s, SKULKER, "p3", "battlefield", "bf1"), put(s, SKULKER, "p1", "base"))
    hand = _hand(s)
    s = _kill(s, *units)
    assert _hand(s) == hand + 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_enemy_death_first_leaves_the_first_friendly_death_to_come(edition: str) -> None:
    s = team_game(edition)
    put(s, WRAITH, "p1", "base")
    enemy = put(s, SKULKER, "p2", "battlefield", "bf1")
    theirs = put(s, SKULKER, "p3", "battlefield", "bf1")
    hand = _hand(s)
    s = _kill(s, enemy)
    assert _hand(s) == hand
    s = _kill(s, theirs)
    assert _hand(s) == hand + 1
