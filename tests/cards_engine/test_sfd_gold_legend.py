"""Chem-Baroness (SFD-201, Renata Glasc's legend; issue 24, costs lane): a Gold token on a hold
(trigger subject "you_or_ally"), and Gold that adds one Energy more near the Victory Score
(vocab_costs.GoldAddsMore, riftlog.rules.playing.gold_adds)."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.decisions import Payment, TurnEnded
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    SKULKER,
    apply,
    choose,
    game,
    pass_all,
    put,
    to_p2_turn,
    violations,
)
from tests.rules.board import control

BARONESS = "SFD-201"
GOLD = "SFD-T03"


def _legend(s: GameState, pid: str = "p1", exhausted: bool = False) -> str:
    oid = put(s, BARONESS, pid, "legend", exhausted=exhausted)
    abilities.start_passives(s, oid)
    return oid


def _p1_holds_bf1(s: GameState) -> GameState:
    """p1 holds bf1 at the Scoring Step of their next turn."""
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    s = to_p2_turn(s)
    return apply(s, TurnEnded(player="p2"))


def _golds(s: GameState, pid: str = "p1") -> list[str]:
    return [o for o in s.players[pid].base if s.objects[o].card == GOLD]


@pytest.mark.parametrize("edition", ["RUP4", "v1.3"])
def test_chem_baroness_exhausts_for_a_gold_when_its_player_holds(edition: str) -> None:
    s = game()
    s.edition = edition
    baroness = _legend(s)
    s = _p1_holds_bf1(s)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options.get("validator") == "pay_to_finalize"
    s = pass_all(choose(s, "p1", pay={"exhaust": [], "recycle": []}))
    assert s.objects[baroness].exhausted
    (gold,) = _golds(s)
    assert s.objects[gold].exhausted and s.objects[gold].token


def test_chem_baroness_declined_stays_ready() -> None:
    s = game()
    baroness = _legend(s)
    s = _p1_holds_bf1(s)
    s = choose(s, "p1", pay=None)
    assert not s.objects[baroness].exhausted and not _golds(s)


def test_chem_baroness_exhausted_does_not_trigger() -> None:
    s = game()
    _legend(s, exhausted=True)
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    s = to_p2_turn(s)
    s.objects[s.players["p1"].legend[0]].exhausted = True      # stays exhausted: not readied
    s = apply(s, TurnEnded(player="p2"))
    assert not _golds(s)


def test_chem_baroness_ignores_an_opponents_hold() -> None:
    s = game()
    _legend(s)
    control(s, "bf1", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    s = to_p2_turn(s)                                         # p2 holds bf1
    assert s.players["p2"].points == 1
    reqs = engine.pending(s)
    assert not reqs or reqs[0].options.get("kind") != "may"


def test_chem_baroness_refuses_an_answer_other_than_yes_or_no() -> None:
    s = game()
    _legend(s)
    s = _p1_holds_bf1(s)
    assert violations(s, ChoiceMade(player="p1", choice={"use": "maybe"}))


def _use_gold(s: GameState, gold: str) -> GameState:
    return apply(s, AbilityActivated(player="p1", source=gold, ability=0, payment=Payment()))


@pytest.mark.parametrize(("points", "energy"), [(5, 1), (4, 0), (0, 0)])
def test_gold_adds_one_energy_more_near_the_victory_score(points: int, energy: int) -> None:
    s = game()
    s.edition = "RUP4"
    _legend(s)
    s.players["p1"].points = points                           # Victory Score 8: 5 is within 3
    assert s.victory_score == 8
    gold = put(s, GOLD, "p1", "base", token=True)
    s = _use_gold(s, gold)
    pool = s.players["p1"].pool
    assert pool.power == {"Any": 1} and pool.energy == energy


def test_gold_of_an_opponent_adds_nothing_more() -> None:
    s = game()
    _legend(s, pid="p2")
    s.players["p1"].points = s.players["p2"].points = 6
    gold = put(s, GOLD, "p1", "base", token=True)
    s = _use_gold(s, gold)
    assert s.players["p1"].pool.energy == 0


def test_chem_baroness_triggers_on_a_teammates_hold() -> None:
    # "you or an ally": a teammate's hold counts (RUP4 489.8.e); p2 made p1's teammate here
    s = game()
    for pid in ("p1", "p2"):
        s.players[pid].team = "A"
    baroness = _legend(s)
    control(s, "bf1", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    s = to_p2_turn(s)                                         # p2 holds bf1
    (req,) = engine.pending(s)
    assert req.player == "p1" and req.options.get("validator") == "pay_to_finalize"
    s = pass_all(choose(s, "p1", pay={"exhaust": [], "recycle": []}))
    assert s.objects[baroness].exhausted and len(_golds(s)) == 1
