"""Fire Below the Mountain (SFD-189, Ornn's legend; issue 24, costs lane): power that may
only be spent on gear (vocab_costs.AddForGear, riftlog.rules.board.gear_pool)."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment, TurnEnded
from riftlog.events.play import CardPlayed
from riftlog.rules import engine, legal_moves
from riftlog.rules.board import gear_pool
from riftlog.rules.board.state import GameState
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    FURY_RUNE,
    SKULKER,
    apply,
    game,
    pass_all,
    put,
    runes,
    violations,
)

ORNN = "SFD-189"
HEXTECH_ANOMALY = "SFD-083"  # Gear: 3 Energy + 1 Mind power
HEXTECH_RAY = "OGN-009"      # Spell: 1 Energy + 1 Fury power


def _ornn(s: GameState, exhausted: bool = False) -> str:
    oid = put(s, ORNN, "p1", "legend", exhausted=exhausted)
    abilities.start_passives(s, oid)
    return oid


def _add(s: GameState, ornn: str) -> GameState:
    return apply(s, AbilityActivated(player="p1", source=ornn, ability=0, payment=Payment()))


@pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
def test_fire_below_the_mountain_power_plays_a_gear(edition: str) -> None:
    s = game()
    s.edition = edition
    ornn = _ornn(s)
    s = _add(s, ornn)
    assert s.objects[ornn].exhausted and s.players["p1"].pool.is_empty()
    assert gear_pool.gear_pool(s, "p1") == {"energy": 0, "power": {"Any": 1}}
    gear = put(s, HEXTECH_ANOMALY, "p1", "hand")
    r = runes(s, "p1", 3, FURY_RUNE)                           # three Energy; no Mind power
    s = apply(s, CardPlayed(player="p1", card=gear, destination="base",
                            payment=Payment(exhaust=r)))
    assert s.objects[gear].zone == "base"
    assert gear_pool.gear_pool(s, "p1") == {"energy": 0, "power": {}}


def test_fire_below_the_mountain_power_pays_a_gear_ability() -> None:
    s = game()
    s.edition = "RUP4"
    anomaly = put(s, HEXTECH_ANOMALY, "p1", "base")
    s = _add(s, _ornn(s))
    s = apply(s, AbilityActivated(player="p1", source=anomaly, ability=0, choices={"x": 1},
                                  payment=Payment()))          # the [A] paid with the gear power
    assert s.players["p1"].pool.energy == 1


def test_fire_below_the_mountain_power_cannot_pay_a_spell() -> None:
    s = game()
    s.edition = "RUP4"
    s = _add(s, _ornn(s))
    r = runes(s, "p1", 1, FURY_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    ray = put(s, HEXTECH_RAY, "p1", "hand")
    d = CardPlayed(player="p1", card=ray, targets={"t": (foe,)}, payment=Payment(exhaust=r))
    assert violations(s, d) == ["166.2"]                       # RUP4 166.2 (v1.3 165.2): short


def test_fire_below_the_mountain_exhausted_cannot_add() -> None:
    s = game()
    ornn = _ornn(s, exhausted=True)
    d = AbilityActivated(player="p1", source=ornn, ability=0, payment=Payment())
    assert "377.1" in violations(s, d)


def test_gear_only_power_empties_with_the_rune_pool() -> None:
    s = game()
    s = _add(s, _ornn(s))
    s = pass_all(apply(s, TurnEnded(player="p1")))
    assert not s.extra.get(gear_pool.KEY)
    assert engine.pending(s)


def test_legal_moves_list_a_gear_paid_with_gear_only_power() -> None:
    s = game()
    s.edition = "RUP4"
    s = _add(s, _ornn(s))
    gear = put(s, HEXTECH_ANOMALY, "p1", "hand")
    runes(s, "p1", 3, FURY_RUNE)                               # no Mind power: only Ornn's pays it
    assert any(isinstance(m.decision, CardPlayed) and m.decision.card == gear
               for m in legal_moves.legal_moves(s))
