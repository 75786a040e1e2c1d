"""Forge of the Fluft (SFD-208): while a player controls it, their legends have an activated
ability (exhaust: attach an Equipment they control to a unit they control; RUP4/v1.3 471,
the ability layer): through the engine, and the activations that must be refused."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_decisions
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    SKULKER,
    TOKEN_BATTLEFIELD,
    control,
    pass_all,
    put,
    violations,
)
from tests.cards_engine.helpers import game as _plain_game

FORGE = "SFD-208"
LEGEND = "OGN-247"          # Daughter of the Void: a legend
DORANS_SHIELD = "SFD-033"   # an Equipment (Tank)
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
#: the ability layer: v1.3 471, RUP4 476 (the engine re-cites through the map)
LAYER = {"v1.3": "471", "RUP4": "476"}


def _board(edition: str, holder: str = "p1") -> tuple[GameState, str, str, str]:
    s = _plain_game(battlefields=(FORGE, TOKEN_BATTLEFIELD))
    s.edition = edition
    control(s, "bf1", holder)
    put(s, SKULKER, holder, "battlefield", "bf1")  # the holder keeps bf1
    legend = put(s, LEGEND, "p1", "legend")
    abilities.start_passives(s, legend)
    shield = put(s, DORANS_SHIELD, "p1", "base")
    unit = put(s, SKULKER, "p1", "base")
    return s, legend, shield, unit


def _use(legend: str, source: str | None = None, player: str = "p1",
         targets: dict[str, tuple[str, ...]] | None = None) -> AbilityActivated:
    return AbilityActivated(player=player, source=source or legend, ability=0,
                            payment=Payment(), choices={"ability_of": "bf1"}, targets=targets or {})


@EDITIONS
def test_forge_gives_the_legend_an_attach_ability(edition: str) -> None:
    s, legend, shield, unit = _board(edition)
    d = _use(legend, targets={"e": (shield,), "t": (unit,)})  # targets, chosen as activated
    assert violations(s, d) == []
    offered = [o for o in legal_decisions(s, "p1") if isinstance(o, AbilityActivated)
               and o.choices.get("ability_of") == "bf1"]
    assert offered  # offered to players and bots
    s, _ = engine.apply(s, d)
    assert s.objects[legend].exhausted  # the exhaust symbol exhausts the legend
    s = pass_all(s)
    assert s.objects[shield].attached_to == unit


@EDITIONS
def test_forge_gives_nothing_to_the_player_who_does_not_control_it(edition: str) -> None:
    s, legend, _, _ = _board(edition, holder="p2")
    assert LAYER[edition] in violations(s, _use(legend))
    assert _use(legend) not in legal_decisions(s, "p1")


def test_forge_gives_nothing_to_a_unit_nor_to_an_exhausted_legend() -> None:
    s, legend, shield, unit = _board("RUP4")
    assert LAYER["RUP4"] in violations(s, _use(legend, source=unit))  # legends only
    s.objects[legend].exhausted = True
    d = _use(legend, targets={"e": (shield,), "t": (unit,)})
    assert violations(s, d) == ["377.1"]  # the exhaust cost cannot be paid
    assert d not in legal_decisions(s, "p1")
