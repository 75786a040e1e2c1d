"""Hostile Takeover (SFD-202): taking control of an enemy unit at a battlefield for the turn
(RUP4 191), its arrival contesting that battlefield (190.3.a: a combat when the old
controller's units are still there, 323.9; a showdown and a conquer when not, 323.8 /
348.2.a), and at end of turn the loss of control and the recall (450)."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.events.decisions import PriorityPassed, TurnEnded
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_moves
from tests.cards_engine import helpers
from tests.cards_engine.helpers import (
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    apply,
    cast,
    control,
    pass_all,
    put,
    runes,
    spell_played,
    violations,
)

TAKEOVER = "SFD-202"


EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4", **kw: Any) -> GameState:
    """The helpers' board, judged under *edition* (RUP4 is the default of new games)."""
    s = helpers.game(**kw)
    s.edition = edition
    return s

def _board(edition: str, others: int = 0) -> tuple[GameState, str]:
    """p2 holds bf1 with an exhausted unit (and *others* more); p1 can pay the spell."""
    s = game(edition)
    control(s, "bf1", "p2")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s.objects[foe].exhausted = True
    for _ in range(others):
        put(s, SKULKER, "p2", "battlefield", "bf1")
    runes(s, "p1", 4, MIND_RUNE)
    runes(s, "p1", 3, ORDER_RUNE)
    return s, foe


def _focus_passes(s: GameState) -> GameState:
    while engine.pending(s) and engine.pending(s)[0].kind == "focus":
        s = apply(s, PriorityPassed(player=engine.pending(s)[0].player or ""))
    return s


@EDITIONS
def test_hostile_takeover_takes_and_readies_the_unit_and_conquers_an_emptied_battlefield(edition: str) -> None:
    s, foe = _board(edition)
    s = pass_all(cast(s, TAKEOVER, targets={"t": (foe,)}))
    assert s.objects[foe].controller == "p1" and s.objects[foe].exhausted is False
    assert s.battlefield("bf1").contested_by == "p1" or s.showdown is not None
    s = _focus_passes(s)  # the showdown there ends with p1's unit alone: a conquer
    assert s.battlefield("bf1").controller == "p1" and s.players["p1"].points == 1


@EDITIONS
def test_hostile_takeover_starts_a_combat_when_other_enemies_are_there(edition: str) -> None:
    s, foe = _board(edition, others=1)
    s = pass_all(cast(s, TAKEOVER, targets={"t": (foe,)}))
    assert s.showdown is not None and s.showdown.combat
    assert s.showdown.attacker == "p1" and s.showdown.defender == "p2"


@EDITIONS
def test_at_end_of_turn_the_unit_goes_back_and_is_recalled(edition: str) -> None:
    s, foe = _board(edition)
    s = _focus_passes(pass_all(cast(s, TAKEOVER, targets={"t": (foe,)})))
    for pid in s.players:
        put(s, "OGN-126", pid, "rune_deck")
    s, _ = engine.apply(s, TurnEnded(player="p1"))
    s = pass_all(s)
    assert s.objects[foe].controller == "p2"
    assert s.objects[foe].zone == "base" and s.objects[foe].location == "base:p2"
    assert "control_taken" not in s.extra


@EDITIONS
def test_hostile_takeover_refuses_a_friendly_unit_or_one_in_a_base(edition: str) -> None:
    s, foe = _board(edition)
    mine = put(s, SKULKER, "p1", "battlefield", "bf2")
    in_base = put(s, SKULKER, "p2", "base")
    for bad in (mine, in_base):
        d = spell_played(s, TAKEOVER, targets={"t": (bad,)})
        assert "355.5" in violations(s, d)  # not a legal target (an enemy unit at a battlefield)
    assert foe


@EDITIONS
def test_hostile_takeover_refused_when_unpaid(edition: str) -> None:
    s = game(edition)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    runes(s, "p1", 4, MIND_RUNE)  # 5 Energy and two Power are needed
    spell = put(s, TAKEOVER, "p1", "hand")
    from riftlog.events.decisions import Payment
    d = CardPlayed(player="p1", card=spell, targets={"t": (foe,)},
                   payment=Payment(exhaust=tuple(s.players["p1"].base)))
    assert ("166.2" if edition == "RUP4" else "165.2") in violations(s, d)  # unpaid


@EDITIONS
def test_the_legal_moves_offer_the_takeover_of_each_enemy_unit_at_a_battlefield(edition: str) -> None:
    s, foe = _board(edition)
    spell = put(s, TAKEOVER, "p1", "hand")
    put(s, SKULKER, "p2", "base")
    offered = [m.decision.targets for m in legal_moves(s, "p1")
               if isinstance(m.decision, CardPlayed) and m.decision.card == spell]
    assert offered == [{"t": (foe,)}]


YASUO = "OGN-076"  # Yasuo, Remorseful: as it attacks, its Might in damage to an enemy unit there


@EDITIONS
def test_v1_3_359_3_f_4_a_stolen_attackers_trigger_keeps_its_controller_and_enemies(edition: str) -> None:
    """v1.3 / RUP4 359.3.f.4 Example: the defending player answers Yasuo's attack trigger
    with a hidden Hostile Takeover on Yasuo; the trigger still belongs to Yasuo's former
    controller (191.4.b) and "enemy" is read from it, so it still damages the defender's
    unit."""
    s = game(edition)
    control(s, "bf1", "p2")
    guard = put(s, SKULKER, "p2", "battlefield", "bf1")
    hidden = put(s, TAKEOVER, "p2", "facedown", "bf1")
    s.extra.setdefault("hidden", {})[hidden] = s.turn - 1  # hidden by p2 on their last turn
    yasuo = put(s, YASUO, "p1", "base")
    s.objects[yasuo].exhausted = False
    s = apply(s, StandardMove(player="p1", units=(yasuo,), destination="bf1"))
    assert s.showdown is not None and s.showdown.combat and s.chain  # the attack trigger
    while engine.pending(s)[0].player != "p2":
        s = apply(s, PriorityPassed(player=engine.pending(s)[0].player or ""))
    s = apply(s, CardPlayed(player="p2", card=hidden, targets={"t": (yasuo,)}))
    s = pass_all(s)
    assert s.objects[yasuo].controller == "p2"
    assert s.objects[guard].zone == "trash"  # 6 damage from the trigger p1 still controls
