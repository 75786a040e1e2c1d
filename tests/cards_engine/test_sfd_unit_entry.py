"""Spiritforged (SFD) units whose text says how or where they enter: Eager Drakehound
(SFD-006, enters ready) and Perched Grimwyrm (SFD-015, only to a battlefield conquered this
turn, RUP4 366.1 / 464.1)."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_moves
from tests.cards_engine import helpers
from tests.cards_engine.helpers import (
    FURY_RUNE,
    SKULKER,
    conquer,
    control,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)

DRAKEHOUND, GRIMWYRM = "SFD-006", "SFD-015"


EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4", **kw: Any) -> GameState:
    """The helpers' board, judged under *edition* (RUP4 is the default of new games)."""
    s = helpers.game(**kw)
    s.edition = edition
    return s

@EDITIONS
def test_eager_drakehound_enters_ready(edition: str) -> None:
    s = game(edition)
    runes(s, "p1", 3, FURY_RUNE)
    hound = put(s, DRAKEHOUND, "p1", "hand")
    s = pass_all(play(s, hound))
    assert s.objects[hound].zone == "base" and s.objects[hound].exhausted is False


@EDITIONS
def test_a_plain_unit_still_enters_exhausted_beside_the_drakehound(edition: str) -> None:
    s = game(edition)
    runes(s, "p1", 6, FURY_RUNE)
    put(s, DRAKEHOUND, "p1", "base")
    plain = put(s, SKULKER, "p1", "hand")
    s = pass_all(play(s, plain))
    assert s.objects[plain].exhausted is True  # the Drakehound's ability is its own


@EDITIONS
def test_eager_drakehound_refused_without_its_cost(edition: str) -> None:
    s = game(edition)
    runes(s, "p1", 2, FURY_RUNE)  # it costs 3 Energy and a Fury rune's Power
    hound = put(s, DRAKEHOUND, "p1", "hand")
    d = CardPlayed(player="p1", card=hound, destination="base", payment=Payment())
    unpaid = "166.2" if edition == "RUP4" else "165.2"  # the cost must be paid in full
    assert unpaid in violations(s, d)


def _conquered_bf1(edition: str) -> tuple[GameState, str]:
    s = game(edition)
    control(s, "bf2", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf2")  # p1 also controls bf2, not conquered
    wyrm = put(s, GRIMWYRM, "p1", "hand")  # in the game before the conquest, as in a real one
    attacker = put(s, SKULKER, "p1", "base")
    s.objects[attacker].exhausted = False
    s = pass_all(conquer(s, (attacker,)))
    runes(s, "p1", 4, FURY_RUNE)
    return s, wyrm


@EDITIONS
def test_perched_grimwyrm_is_played_to_a_battlefield_conquered_this_turn(edition: str) -> None:
    s, wyrm = _conquered_bf1(edition)
    s = pass_all(play(s, wyrm, destination="bf1"))
    assert s.objects[wyrm].zone == "battlefield" and s.objects[wyrm].location == "bf1"


@EDITIONS
def test_perched_grimwyrm_is_refused_elsewhere_citing_366_1(edition: str) -> None:
    s, wyrm = _conquered_bf1(edition)
    for dest in ("base", "bf2"):  # bf2 is p1's but was not conquered this turn
        d = CardPlayed(player="p1", card=wyrm, destination=dest,
                       payment=pay_for(s, "p1", wyrm))
        assert "366.1" in violations(s, d)


@EDITIONS
def test_perched_grimwyrm_is_refused_at_a_held_battlefield_before_any_conquer(edition: str) -> None:
    s = game(edition)
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    runes(s, "p1", 4, FURY_RUNE)
    wyrm = put(s, GRIMWYRM, "p1", "hand")
    d = CardPlayed(player="p1", card=wyrm, destination="bf1", payment=pay_for(s, "p1", wyrm))
    assert "366.1" in violations(s, d)


@EDITIONS
def test_the_legal_moves_offer_the_grimwyrm_only_where_it_may_go(edition: str) -> None:
    s, wyrm = _conquered_bf1(edition)
    dests = {m.decision.destination for m in legal_moves(s, "p1")
             if isinstance(m.decision, CardPlayed) and m.decision.card == wyrm}
    assert dests == {"bf1"}


@EDITIONS
def test_the_conquests_are_recorded_only_in_games_with_a_reader(edition: str) -> None:
    s = game(edition)
    attacker = put(s, SKULKER, "p1", "base")
    s.objects[attacker].exhausted = False
    s = pass_all(conquer(s, (attacker,)))
    assert "conquered" not in s.extra  # no Grimwyrm anywhere: nothing kept
    assert engine.pending(s)
