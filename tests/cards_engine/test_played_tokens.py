"""A token an effect plays is Played (RUP4 185.2.a, 350.2; v1.3 182.1.a, 350.2): the
"played" trigger event fires for it, so "when you play a unit" and "when a friendly unit is
played" see it.  Tokens are not cards (RUP4 185, v1.3 182): "when you play a card" and the
cards-played-this-turn count (Legion, 812) do not; and a token that replaces a permanent is
not played (438.1)."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.cards.vocab import CreateToken, Draw, SpellEffect, Triggered, When
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    ORDER_RUNE,
    SKULKER,
    cast,
    game,
    pass_all,
    put,
    runes,
)

CITHRIA = "OGN-139"        # buffs itself when its controller plays another unit
RALLY = "SFD-166"          # friendly units played this turn are buffed
DESERTS_CALL = "SFD-031"   # plays a Sand Soldier unit token
SAND_SOLDIER = "TOKEN-SAND-SOLDIER"
RECRUIT = "OGN-271"
PIT_CREW = "OGN-091"       # readies itself when its controller plays a gear
GOLD = "SFD-T03"           # the Gold gear token
VENGEANCE = "OGN-229"      # given a test-only encoding below
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def _game(edition: str) -> GameState:
    s = game()
    s.edition = edition
    return s


def _soldier(s: GameState) -> str:
    (soldier,) = [o for o in s.players["p1"].base if s.objects[o].card == SAND_SOLDIER]
    return soldier


@EDITIONS
def test_a_played_token_unit_triggers_when_you_play_another_unit(edition: str) -> None:
    s = _game(edition)
    runes(s, "p1", 2, CALM_RUNE)
    cithria = put(s, CITHRIA, "p1", "base")
    s = pass_all(cast(s, DESERTS_CALL))
    assert _soldier(s)
    assert s.objects[cithria].buffed  # the Sand Soldier was played (185.2.a / 182.1.a)


@EDITIONS
def test_a_played_token_is_a_friendly_unit_played_this_turn(edition: str) -> None:
    s = _game(edition)
    runes(s, "p1", 2, ORDER_RUNE)
    runes(s, "p1", 2, CALM_RUNE)
    s = pass_all(cast(s, RALLY))
    s = pass_all(cast(s, DESERTS_CALL))
    assert s.objects[_soldier(s)].buffed


def test_a_played_gear_token_is_a_gear_played(encode: Any) -> None:
    encode(VENGEANCE, SpellEffect((CreateToken(GOLD, exhausted=True),)))  # test-only
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    crew = put(s, PIT_CREW, "p1", "base")
    s.objects[crew].exhausted = True
    s = pass_all(cast(s, VENGEANCE))
    assert [o for o in s.players["p1"].base if s.objects[o].card == GOLD]
    assert not s.objects[crew].exhausted  # a token gear is a gear (RUP4 185.2.d)


def test_a_played_token_is_not_a_card_played(encode: Any) -> None:
    encode(SKULKER, Triggered(When("played", "you"), (Draw(1),)))  # "when you play a card"
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    put(s, SKULKER, "p1", "base")
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, DESERTS_CALL))  # one card played (the spell), one token played
    assert len(s.players["p1"].hand) == hand + 1  # one draw: for the spell only
    played = effects.played_this_turn(s, "p1")
    assert _soldier(s) not in played and len(played) == 1  # Legion counts cards (812)


def test_a_token_replacing_a_permanent_is_not_played_438_1() -> None:
    s = game()
    runes(s, "p1", 1, BODY_RUNE)
    cithria = put(s, CITHRIA, "p1", "base")
    other = put(s, SKULKER, "p1", "base")
    log: list[GameAction] = []
    token = actions.replace(s, other, RECRUIT, log)
    assert s.objects[token].token
    assert not s.extra.get("triggers")  # nothing heard a play
    s = pass_all(s)
    assert not s.objects[cithria].buffed
