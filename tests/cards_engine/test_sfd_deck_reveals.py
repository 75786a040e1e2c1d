"""Void Hatchling (SFD-018): before its controller reveals cards from a deck, they look at
that deck's top card and may recycle it (a replacement effect, RUP4 369-370), then the
reveal goes on - here through Apprentice Smith (SFD-041), which reveals its controller's
top card as it moves (a gear is drawn, anything else recycled)."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_moves
from tests.cards_engine import helpers
from tests.cards_engine.helpers import SKULKER, choose, hold_both, move, pass_all, put, violations

HATCHLING, SMITH = "SFD-018", "SFD-041"
SUN_DISC = "OGN-021"  # a gear

EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4", **kw: Any) -> GameState:
    """The helpers' board (empty decks), judged under *edition*."""
    s = helpers.game(deck=0, **kw)
    s.edition = edition
    return s


def _smith_moves(edition: str, hatchling: str | None = "p1") -> tuple[GameState, str, str]:
    """p1's Smith moves from base to a battlefield p1 holds; p1's deck: a gear on a unit."""
    s = game(edition)
    hold_both(s)
    if hatchling:
        put(s, HATCHLING, hatchling, "base")
    smith = put(s, SMITH, "p1", "base")
    s.objects[smith].exhausted = False
    gear = put(s, SUN_DISC, "p1", "main_deck")
    unit = put(s, SKULKER, "p1", "main_deck")
    assert s.players["p1"].main_deck == [gear, unit]
    s = pass_all(move(s, (smith,), to="bf1"))
    return s, gear, unit


@EDITIONS
def test_the_hatchling_looks_first_and_recycling_changes_what_is_revealed(edition: str) -> None:
    s, gear, unit = _smith_moves(edition)
    req = engine.pending(s)[0]
    assert req.kind == "choice" and req.player == "p1"
    assert {"recycle_top": True} in req.options["choices"]
    s = pass_all(choose(s, "p1", recycle_top=True))  # the gear goes under: the unit is revealed
    assert gear not in s.players["p1"].hand and unit not in s.players["p1"].hand
    assert s.players["p1"].main_deck == [gear, unit]  # the unit was recycled after it


@EDITIONS
def test_keeping_the_top_card_reveals_it_as_usual(edition: str) -> None:
    s, gear, unit = _smith_moves(edition)
    s = pass_all(choose(s, "p1", recycle_top=False))
    assert gear in s.players["p1"].hand and s.players["p1"].main_deck == [unit]


@EDITIONS
def test_an_opponents_hatchling_does_not_touch_my_reveal(edition: str) -> None:
    s, gear, unit = _smith_moves(edition, hatchling="p2")
    assert not s.chain and gear in s.players["p1"].hand  # no look, no question
    assert s.players["p1"].main_deck == [unit]


@EDITIONS
def test_an_answer_outside_the_choices_is_refused(edition: str) -> None:
    s, _, _ = _smith_moves(edition)
    bad = ChoiceMade(player="p1", choice={"recycle_top": "maybe"})
    assert violations(s, bad) == ["370"]  # the replacement's own choice (370), yes or no
    wrong_player = ChoiceMade(player="p2", choice={"recycle_top": True})
    assert violations(s, wrong_player) == ["370"]  # it is the revealing player's choice


@EDITIONS
def test_the_legal_moves_offer_both_answers(edition: str) -> None:
    s, _, _ = _smith_moves(edition)
    offered = [m.decision.choice for m in legal_moves(s, "p1") if isinstance(m.decision, ChoiceMade)]
    assert sorted(offered, key=str) == [{"recycle_top": False}, {"recycle_top": True}]
