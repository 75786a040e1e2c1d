"""Rumble, Hotheaded (SFD-026; issue 24, costs lane): a recycle cost with a choice paid as his
conquer ability goes on the chain (v1.3 742.1.b, RUP4 204.3.a), then a Mech played from the
trash for the recycled unit's Might less Energy (sets/sfd/rumble_hotheaded.py)."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    SKULKER,
    choose,
    conquer,
    game,
    pass_all,
    put,
    runes,
    violations,
)

RUMBLE = "SFD-026"
MEGA_MECH = "OGN-088"    # a Mech unit: 7 Energy, Might 8, no rules text
GEM_JAMMER = "SFD-007"   # a Mech unit


def _board(edition: str = "RUP4") -> tuple[GameState, str, str, str]:
    s = game()
    s.edition = edition
    rumble = put(s, RUMBLE, "p1", "base")
    fodder = put(s, SKULKER, "p1", "base")                     # Might 3
    mech = put(s, MEGA_MECH, "p1", "trash")
    runes(s, "p1", 4)
    return s, rumble, fodder, mech


@pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
def test_rumble_recycles_a_unit_to_play_a_mech_for_its_might_less(edition: str) -> None:
    s, rumble, fodder, mech = _board(edition)
    s = conquer(s, (rumble,))
    (req,) = engine.pending(s)
    assert req.rule == "742.1.b" and {"recycle": fodder} in req.options["choices"]
    s = choose(s, "p1", recycle=fodder)
    assert s.objects[fodder].zone == "main_deck"               # paid as it went on the chain
    assert s.players["p1"].main_deck[-1] == fodder             # recycled: to the bottom
    s = pass_all(s)
    (req,) = engine.pending(s)
    way = next(c for c in req.options["choices"] if c["destination"] == "base")
    assert len(way["payment"]["exhaust"]) == 4                 # 7 Energy less 3 (the Might)
    s = pass_all(choose(s, "p1", **way))
    assert s.objects[mech].zone == "base"


def test_rumble_declined_recycles_nothing() -> None:
    s, rumble, fodder, mech = _board()
    s = conquer(s, (rumble,))
    s = pass_all(choose(s, "p1", recycle=None))
    assert s.objects[fodder].zone == "base" and s.objects[mech].zone == "trash"
    assert not s.chain


def test_rumble_cannot_recycle_himself() -> None:
    s, rumble, _, _ = _board()
    s = conquer(s, (rumble,))
    # RUP4 740.4.a.2 (v1.3 742.1.b): the cost paid as it goes on the chain is one of those offered
    assert violations(s, ChoiceMade(player="p1", choice={"recycle": rumble})) == ["740.4.a.2"]


def test_rumble_refuses_a_mech_paid_at_less_than_its_reduced_cost() -> None:
    s, rumble, fodder, _ = _board()
    s = conquer(s, (rumble,))
    s = pass_all(choose(s, "p1", recycle=fodder))
    (req,) = engine.pending(s)
    way = next(c for c in req.options["choices"] if c["destination"] == "base")
    short = {**way, "payment": {"exhaust": way["payment"]["exhaust"][:3], "recycle": []}}
    assert violations(s, ChoiceMade(player="p1", choice=short)) == ["419.3"]  # 4 Energy due


def test_rumbles_mechs_have_assault() -> None:
    s = game()
    rumble = put(s, RUMBLE, "p1", "base")
    abilities.start_passives(s, rumble)
    mine = put(s, GEM_JAMMER, "p1", "base")
    theirs = put(s, GEM_JAMMER, "p2", "base")
    assert "Assault" in layers.characteristics(s, rumble).keywords   # a Mech himself
    assert "Assault" in layers.characteristics(s, mine).keywords
    assert "Assault" not in layers.characteristics(s, theirs).keywords


def test_rumble_cannot_recycle_an_enemy_unit() -> None:
    s, rumble, _, _ = _board()
    foe = put(s, SKULKER, "p2", "base")
    s = conquer(s, (rumble,))
    (req,) = engine.pending(s)
    assert {"recycle": foe} not in req.options["choices"]
    assert violations(s, ChoiceMade(player="p1", choice={"recycle": foe})) == ["740.4.a.2"]
