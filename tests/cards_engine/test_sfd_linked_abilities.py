"""The Zero Drive (SFD-090) and linked abilities (RUP4 393-397): the Deathknell its Effect
Text gives the wearer banishes the dead unit, linked to the gear (395); the gear's own
ability, used unattached and banishing the gear, plays those units free (356.1.b.1), and
only those (397)."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.events.abilities import AbilityActivated
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.legal_moves import legal_moves
from tests.cards_engine import helpers
from tests.cards_engine.helpers import (
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    activate,
    cast,
    choose,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)
from tests.rules.rup4_examples import example

ZERO_DRIVE = "SFD-090"
DRIVE_COST = Cost(3, {"Mind": 1})
VENGEANCE = "OGN-229"  # a spell: kill a chosen unit

EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4", **kw: Any) -> GameState:
    """The helpers' board, judged under *edition* (RUP4 is the default of new games)."""
    s = helpers.game(**kw)
    s.edition = edition
    return s


def _wearer_died(edition: str) -> tuple[GameState, str, str]:
    """p1's unit at bf1 wears The Zero Drive and is killed; its Deathknell resolves."""
    s = game(edition)
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    gear = put(s, ZERO_DRIVE, "p1", "battlefield", "bf1")
    actions.attach(s, gear, unit, [])
    runes(s, "p1", 6, ORDER_RUNE)
    s = pass_all(cast(s, VENGEANCE, targets={"t": (unit,)}))  # a spell kills the wearer
    return s, unit, gear


def _use_drive(s: GameState, gear: str) -> GameState:
    runes(s, "p1", 4, MIND_RUNE)
    s = activate(s, gear, ability=1, payment=pay_for(s, "p1", cost=DRIVE_COST))
    s = pass_all(s)
    req = engine.pending(s)[0]
    if req.kind == "choice":  # where to play the unit: its base
        answer = next(c for c in req.options["choices"] if c.get("destination") == "base")
        s = pass_all(choose(s, "p1", **answer))
    return s


@example("395")
@EDITIONS
def test_the_wearers_deathknell_banishes_it_linked_to_the_drive(edition: str) -> None:
    s, unit, gear = _wearer_died(edition)
    assert s.objects[unit].zone == "banishment"  # the granted Deathknell, the wearer's own
    assert s.objects[gear].zone in ("base", "battlefield") and s.objects[gear].attached_to is None
    assert s.extra["linked"] == {gear: [unit]}


@EDITIONS
def test_the_drive_plays_the_units_it_banished_ignoring_their_costs(edition: str) -> None:
    s, unit, gear = _wearer_died(edition)
    assert s.objects[gear].location == "base:p1"  # recalled when it fell off (149.3)
    s = _use_drive(s, gear)
    assert s.objects[gear].zone == "banishment"  # banished as the ability's cost
    assert s.objects[unit].zone == "base" and s.objects[unit].controller == "p1"
    assert s.players["p1"].pool.energy == 0  # only the ability was paid for: 4 runes, 4 spent
    assert "linked" not in s.extra


@example("397")
@EDITIONS
def test_units_banished_otherwise_are_not_played(edition: str) -> None:
    s = game(edition)
    other = put(s, SKULKER, "p1", "banishment")  # banished by something else (397)
    gear = put(s, ZERO_DRIVE, "p1", "base")
    s = _use_drive(s, gear)
    assert s.objects[gear].zone == "banishment"
    assert s.objects[other].zone == "banishment"  # not linked: not played


@EDITIONS
def test_the_drive_ability_is_refused_while_attached_or_unpaid(edition: str) -> None:
    s = game(edition)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, ZERO_DRIVE, "p1", "base")
    unpaid = AbilityActivated(player="p1", source=gear, ability=1)
    assert ("166.2" if edition == "RUP4" else "165.2") in violations(s, unpaid)
    actions.attach(s, gear, unit, [])
    runes(s, "p1", 4, MIND_RUNE)
    worn = AbilityActivated(player="p1", source=gear, ability=1,
                            payment=pay_for(s, "p1", cost=DRIVE_COST))
    assert "721.2" in violations(s, worn)  # an attached card's own abilities are inactive


@EDITIONS
def test_the_legal_moves_offer_the_drive_ability_unattached_only(edition: str) -> None:
    s = game(edition)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, ZERO_DRIVE, "p1", "base")
    runes(s, "p1", 4, MIND_RUNE)

    def offered(st: GameState) -> bool:
        return any(isinstance(m.decision, AbilityActivated) and m.decision.source == gear
                   and m.decision.ability == 1 for m in legal_moves(st, "p1"))

    assert offered(s)
    actions.attach(s, gear, unit, [])
    assert not offered(s)
