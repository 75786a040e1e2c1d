"""Spiritforged gear whose Add ability pays any amount first (issue 24, costs lane): Hextech
Anomaly (SFD-083) and Ancient Henge (SFD-117), riftlog.rules.playing.pay_to_add."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment, PriorityPassed
from riftlog.events.play import CardPlayed
from riftlog.rules import engine, legal_moves
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    CHAOS_RUNE,
    FURY_RUNE,
    SKULKER,
    apply,
    game,
    pass_all,
    put,
    runes,
    spell_played,
    violations,
)
from tests.rules.rup4_examples import example

HEXTECH_ANOMALY = "SFD-083"
ANCIENT_HENGE = "SFD-117"
HEXTECH_RAY = "OGN-009"  # a Fury spell: 3 damage to a unit at a battlefield


def _game(edition: str = "RUP4") -> GameState:
    s = game()
    s.edition = edition
    return s


def _use(s: GameState, gear: str, x: object, payment: Payment) -> AbilityActivated:
    return AbilityActivated(player="p1", source=gear, ability=0, choices={"x": x},
                            payment=payment)


@pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
def test_ancient_henge_turns_energy_into_universal_power(edition: str) -> None:
    s = _game(edition)
    henge = put(s, ANCIENT_HENGE, "p1", "base")
    r = runes(s, "p1", 3)
    s = apply(s, _use(s, henge, 2, Payment(exhaust=r[:2])))
    pool = s.players["p1"].pool
    assert pool.energy == 0 and pool.power == {"Any": 2}       # paid 2 Energy, added 2 [A]
    assert s.objects[henge].exhausted and not s.objects[r[2]].exhausted
    assert not s.chain                                         # an Add resolves at once (429.2)


@pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
def test_hextech_anomaly_turns_power_into_energy(edition: str) -> None:
    s = _game(edition)
    anomaly = put(s, HEXTECH_ANOMALY, "p1", "base")
    r = runes(s, "p1", 2, CHAOS_RUNE)
    s = apply(s, _use(s, anomaly, 2, Payment(recycle=r)))      # Chaos power pays [A]
    pool = s.players["p1"].pool
    assert pool.energy == 2 and not any(pool.power.values())


def test_any_amount_includes_zero() -> None:
    # RUP4 444.2: paying is the player's choice; X = 0 adds nothing
    s = _game()
    henge = put(s, ANCIENT_HENGE, "p1", "base")
    s = apply(s, _use(s, henge, 0, Payment()))
    assert s.players["p1"].pool.is_empty() and s.objects[henge].exhausted


@example("204.3.b")
def test_rup4_204_3_b_ancient_henge_pays_its_energy_as_it_resolves() -> None:
    # RUP4 204.3.b Example (Ancient Henge): the Energy is paid as the ability resolves and
    # that much [A] is added; here the [A] then pays a spell's power cost
    s = _game()
    henge = put(s, ANCIENT_HENGE, "p1", "base")
    r = runes(s, "p1", 3)
    s = apply(s, _use(s, henge, 1, Payment(exhaust=r[:1])))
    assert s.players["p1"].pool.power == {"Any": 1}
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    spell = put(s, HEXTECH_RAY, "p1", "hand")                  # 1 Energy and 1 Fury power
    s = pass_all(apply(s, CardPlayed(player="p1", card=spell, targets={"t": (foe,)},
                                     payment=Payment(exhaust=r[1:2]))))
    assert s.objects[foe].zone == "trash" and s.players["p1"].pool.is_empty()


def test_an_unpaid_amount_is_refused_citing_the_pay_instruction() -> None:
    s = _game()
    henge = put(s, ANCIENT_HENGE, "p1", "base")
    r = runes(s, "p1", 1)
    d = _use(s, henge, 3, Payment(exhaust=r))                  # 3 Energy asked, 1 available
    (v,) = engine.check(s, d)
    assert v.rule == "740.4.a" and v.edition == "RUP4"         # RUP4 id of v1.3 742.1
    s.edition = "v1.3"
    assert violations(s, d) == ["742.1"]


def test_a_negative_amount_is_refused() -> None:
    s = _game("v1.3")
    henge = put(s, ANCIENT_HENGE, "p1", "base")
    assert "742.1" in violations(s, _use(s, henge, -1, Payment()))
    assert "742.1" in violations(s, _use(s, henge, "two", Payment()))


def test_an_exhausted_gear_cannot_pay_its_exhaust_cost() -> None:
    s = _game("v1.3")
    anomaly = put(s, HEXTECH_ANOMALY, "p1", "base")
    s.objects[anomaly].exhausted = True
    r = runes(s, "p1", 1, CHAOS_RUNE)
    assert "377.1" in violations(s, _use(s, anomaly, 1, Payment(recycle=r)))


def test_with_reaction_timing_it_is_used_while_a_spell_waits() -> None:
    s = _game()
    anomaly = put(s, HEXTECH_ANOMALY, "p2", "base")
    r = runes(s, "p2", 1, CHAOS_RUNE)
    runes(s, "p1", 2, FURY_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = apply(s, spell_played(s, HEXTECH_RAY, targets={"t": (foe,)}))
    assert s.chain and s.priority == "p1"
    s = apply(s, PriorityPassed(player="p1"))
    assert s.priority == "p2"
    s = apply(s, AbilityActivated(player="p2", source=anomaly, ability=0, choices={"x": 1},
                                  payment=Payment(recycle=r)))
    assert s.players["p2"].pool.energy == 1


def test_legal_moves_offer_each_payable_amount() -> None:
    s = _game()
    henge = put(s, ANCIENT_HENGE, "p1", "base")
    runes(s, "p1", 2)
    xs = sorted(m.decision.choices.get("x", 0) for m in legal_moves.legal_moves(s)
                if isinstance(m.decision, AbilityActivated) and m.decision.source == henge)
    assert xs == [0, 1, 2]
