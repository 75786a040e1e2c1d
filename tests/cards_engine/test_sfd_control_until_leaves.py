"""Akshan, Mischievous (SFD-109): with his optional additional cost paid, a chosen enemy
gear comes to his controller's base under their control until he leaves the board (v1.3
186, RUP4 189), attached to him if it is an Equipment; control goes back as he leaves and
the gear is recalled to its controller's base by the next cleanup (323.7).  RUP4's Example
of 359.3.e.16 (he leaves before his ability resolves: no control at all) is played here."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import ChoiceMade
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import find_payment
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import effects
from riftlog.rules.legal_moves import legal_decisions
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import BODY_RUNE, pass_all, put, runes, violations
from tests.cards_engine.helpers import game as _plain_game
from tests.rules.rup4_examples import example

AKSHAN = "SFD-109"          # 4 Energy, Body; Weaponmaster
DORANS_SHIELD = "SFD-033"   # an Equipment
SUN_DISC = "OGN-021"        # a gear, not an Equipment
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4") -> GameState:
    s = _plain_game()
    s.edition = edition
    return s


def _play_akshan(s: GameState, paid: bool = True) -> tuple[GameState, str]:
    runes(s, "p1", 6, BODY_RUNE)
    akshan = put(s, AKSHAN, "p1", "hand")
    choices = {"additional": True} if paid else {}
    cost = total_cost(s, "p1", akshan, choices=choices)
    d = CardPlayed(player="p1", card=akshan, destination="base", choices=choices,
                   payment=find_payment(s, "p1", cost))
    assert violations(s, d) == []
    s, _ = engine.apply(s, d)
    return s, akshan


def _resolve(s: GameState) -> GameState:
    """Answer every request as the engine first offers, until the chain is empty."""
    for _ in range(12):
        reqs = engine.pending(s)
        if not reqs or (reqs[0].kind == "priority" and not s.chain):
            break
        s, _ = engine.apply(s, legal_decisions(s, reqs[0].player)[0])
    return s


@EDITIONS
def test_akshan_takes_an_enemy_equipment_and_wears_it(edition: str) -> None:
    s = game(edition)
    shield = put(s, DORANS_SHIELD, "p2", "base")
    s, akshan = _play_akshan(s)
    s = _resolve(s)
    gear = s.objects[shield]
    assert (gear.location, gear.controller, gear.attached_to) == ("base:p1", "p1", akshan)


@EDITIONS
def test_control_returns_as_akshan_leaves_and_the_gear_goes_home(edition: str) -> None:
    s = game(edition)
    disc = put(s, SUN_DISC, "p2", "base")
    s, akshan = _play_akshan(s)
    s = _resolve(s)
    assert (s.objects[disc].location, s.objects[disc].controller) == ("base:p1", "p1")
    log: list[GameAction] = []
    effects.kill(s, [akshan], log)
    assert s.objects[disc].controller == "p2"  # at once, as he leaves
    s = pass_all(s)
    turn.cleanup(s, [])  # 323.7: a permanent in another player's base is recalled
    assert s.objects[disc].location == "base:p2"


def test_akshan_without_his_additional_cost_takes_nothing() -> None:
    s = game()
    shield = put(s, DORANS_SHIELD, "p2", "base")
    s, _ = _play_akshan(s, paid=False)
    s = _resolve(s)
    assert (s.objects[shield].location, s.objects[shield].controller) == ("base:p2", "p2")


@EDITIONS
def test_akshan_refuses_an_unpaid_additional_cost_and_a_friendly_gear(edition: str) -> None:
    s = game(edition)
    runes(s, "p1", 4, BODY_RUNE)
    akshan = put(s, AKSHAN, "p1", "hand")
    short = find_payment(s, "p1", total_cost(s, "p1", akshan))  # without the two Body
    d = CardPlayed(player="p1", card=akshan, destination="base", choices={"additional": True},
                   payment=short)
    assert violations(s, d) == ["356.2"]  # the additional cost is not paid
    s = game(edition)
    mine = put(s, SUN_DISC, "p1", "base")
    put(s, SUN_DISC, "p2", "base")
    put(s, SUN_DISC, "p2", "base")  # two enemy gear: the target is asked for
    s, _ = _play_akshan(s)
    s, _ = engine.apply(s, legal_decisions(s, "p1")[0])  # order the two triggers
    (req,) = engine.pending(s)
    assert req.kind == "choice"
    bad = ChoiceMade(player="p1", choice={"targets": {"g": [mine]}})
    assert "355.5" in violations(s, bad)  # not an enemy gear


@example("359.3.e.16")
def test_rup4_359_3_e_16_akshan_gone_before_his_ability_resolves_gains_no_control() -> None:
    """RUP4: Akshan leaves the board in reaction to his play ability: the gear is moved to
    his controller's base, but control is never gained (the duration ended before the
    effect was generated), and the next cleanup sends it back."""
    s = game()
    shield = put(s, DORANS_SHIELD, "p2", "base")
    s, akshan = _play_akshan(s)
    s, _ = engine.apply(s, legal_decisions(s, "p1")[0])  # order the two triggers
    assert any(i.source == akshan for i in s.chain)
    log: list[GameAction] = []
    effects.kill(s, [akshan], log)  # he leaves before it resolves
    s = _resolve(s)
    assert s.objects[shield].controller == "p2" and s.objects[shield].attached_to is None
    turn.cleanup(s, [])
    assert s.objects[shield].location == "base:p2"
