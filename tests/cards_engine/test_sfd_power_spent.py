"""Spiritforged cards that read the Power spent this turn (issue 24, costs lane;
riftlog.rules.board.power_spent): Sivir, Mercenary (SFD-143)."""

from __future__ import annotations

import pytest

from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    CHAOS_RUNE,
    FURY_RUNE,
    SKULKER,
    apply,
    game,
    move,
    pass_all,
    play,
    put,
    runes,
    violations,
)
from tests.rules.board import control

SIVIR = "SFD-143"
HEXTECH_RAY = "OGN-009"   # Action spell, 1 Energy + 1 Fury: 3 damage to a unit at a battlefield


def _game(edition: str = "RUP4") -> GameState:
    s = game()
    s.edition = edition
    for bf in ("bf1", "bf2"):
        control(s, bf, "p1")
        put(s, SKULKER, "p1", "battlefield", bf)
    return s


def _ray(s: GameState) -> GameState:
    """p1 spends one Fury power (and one Energy) on a Hextech Ray at a unit of theirs."""
    target = put(s, SKULKER, "p1", "battlefield", "bf2")
    r = runes(s, "p1", 1, FURY_RUNE)
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    return pass_all(apply(s, CardPlayed(player="p1", card=ray, targets={"t": (target,)},
                                        payment=Payment(exhaust=r, recycle=r))))


def _sivir_at_bf1(s: GameState) -> str:
    sivir = put(s, SIVIR, "p1", "battlefield", "bf1")
    abilities.start_passives(s, sivir)                        # a hand-built board
    return sivir


@pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
def test_sivir_gains_might_and_ganking_after_two_power_spent(edition: str) -> None:
    s = _game(edition)
    sivir = put(s, SIVIR, "p1", "hand")
    runes(s, "p1", 4, CHAOS_RUNE)
    s = play(s, sivir, destination="bf1", accelerate=False)   # one Chaos power spent
    ch = layers.characteristics(s, sivir)
    assert ch.might == 4 and "Ganking" not in ch.keywords
    s = _ray(s)                                               # a second power spent
    ch = layers.characteristics(s, sivir)
    assert ch.might == 6 and "Ganking" in ch.keywords
    assert s.players["p1"].turn_marks["power_spent"] == 2


def test_sivir_moves_between_battlefields_with_ganking() -> None:
    s = _game()
    sivir = _sivir_at_bf1(s)
    s = _ray(_ray(s))
    s = move(s, (sivir,), "bf2")
    assert s.objects[sivir].location == "bf2"


def test_sivir_without_two_power_spent_cannot_move_between_battlefields() -> None:
    s = _game()
    sivir = _sivir_at_bf1(s)
    s = _ray(s)                                               # only one power spent
    assert layers.characteristics(s, sivir).might == 4
    d = StandardMove(player="p1", units=(sivir,), destination="bf2")
    assert violations(s, d) == ["144.4.c.1"]                  # RUP4 144.4.c.1: no Ganking yet


def test_power_spent_is_this_turns_only() -> None:
    s = _game()
    sivir = _sivir_at_bf1(s)
    s = _ray(_ray(s))
    assert layers.characteristics(s, sivir).might == 6
    s.turn += 1                                               # a later turn: nothing spent yet
    assert layers.characteristics(s, sivir).might == 4


def test_games_without_a_reader_record_nothing() -> None:
    s = _game()
    s = _ray(s)
    assert "power_spent" not in s.players["p1"].turn_marks
