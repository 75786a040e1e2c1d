"""Emperor of the Sands (SFD-197, a Legend): its controller's Sand Soldier tokens have
Weaponmaster (a token named by its token name, RUP4 187.3 / v1.3 184.3), and 1 Energy plus
exhausting it plays a Sand Soldier token to its controller's base, usable only once they
played an Equipment this turn (377.2.b).  A token an effect plays is Played (RUP4 185.2.a,
350.2; v1.3 182.1.a, 350.2), so the Weaponmaster it has triggers as it is played (821)."""

from __future__ import annotations

import pytest

from riftlog.cards.catalog import load_catalog
from riftlog.errors import IllegalDecision
from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_decisions
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    CALM_RUNE,
    FURY_RUNE,
    SKULKER,
    apply,
    game,
    pass_all,
    pay_for,
    play,
    put,
    request,
    runes,
    violations,
)

EMPEROR = "SFD-197"
SAND_SOLDIER = "TOKEN-SAND-SOLDIER"
MECH = "TOKEN-MECH"
DORANS_SHIELD = "SFD-033"   # an Equipment: 1 Energy; Equip: one Calm power; +1 Might
SUN_DISC = "OGN-021"        # a gear that is not an Equipment
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def _board(edition: str = "RUP4", *, equipment_played: bool = True) -> tuple[GameState, str, str]:
    """p1 with the Emperor in the Legend Zone, Calm runes, and Doran's Shield on the board
    (played from hand this turn, or only put there)."""
    s = game()
    s.edition = edition
    emperor = put(s, EMPEROR, "p1", "legend")
    abilities.start_passives(s, emperor)
    runes(s, "p1", 4, CALM_RUNE)
    if equipment_played:
        shield = put(s, DORANS_SHIELD, "p1", "hand")
        s = pass_all(play(s, shield))
    else:
        shield = put(s, DORANS_SHIELD, "p1", "base")
    assert s.objects[shield].zone == "base"
    return s, emperor, shield


def _use(s: GameState, emperor: str, *, paid: bool = True) -> AbilityActivated:
    payment = pay_for(s, "p1", cost=Cost(1)) if paid else Payment()
    return AbilityActivated(player="p1", source=emperor, ability=1, payment=payment)


def _tokens(s: GameState, card: str) -> list[str]:
    return [o for o in s.players["p1"].base if s.objects[o].card == card]


def test_emperor_of_the_sands_is_supported() -> None:
    assert load_catalog().get(EMPEROR).supported


@EDITIONS
def test_the_token_is_played_and_its_weaponmaster_attaches_the_shield(edition: str) -> None:
    s, emperor, shield = _board(edition)
    d = _use(s, emperor)
    assert violations(s, d) == []
    s = apply(s, d)
    assert s.objects[emperor].exhausted
    s = pass_all(s)  # the ability resolves: a Sand Soldier is played to p1's base
    (soldier,) = _tokens(s, SAND_SOLDIER)
    assert s.objects[soldier].token and s.objects[soldier].exhausted
    assert "Weaponmaster" in layers.characteristics(s, soldier).keywords
    req = request(s)  # 821: Weaponmaster triggered on the played token (RUP4 185.2.a)
    assert req.kind == "choice" and req.options["gear"] == [shield]
    # its Equip cost, one Calm power, has no [A] to take off (821.1.c.3)
    assert req.options["costs"][shield] == {"energy": 0, "power": {"Calm": 1}}
    calm = pay_for(s, "p1", cost=Cost(0, {"Calm": 1}))
    unpaid = ChoiceMade(player="p1", choice={"gear": shield, "payment": {}})
    assert "821.1.c" in violations(s, unpaid)
    s = apply(s, ChoiceMade(player="p1", choice={"gear": shield, "payment": {
        "exhaust": list(calm.exhaust), "recycle": list(calm.recycle)}}))
    s = pass_all(s)
    assert s.objects[shield].attached_to == soldier
    assert layers.might_of(s, soldier) == 3  # 2 (RUP4 187.3) + the shield's 1


def test_only_sand_soldiers_of_its_controller_have_weaponmaster() -> None:
    s, _, _ = _board()
    mine = put(s, SAND_SOLDIER, "p1", "base")
    s.objects[mine].token = True
    theirs = put(s, SAND_SOLDIER, "p2", "base")
    s.objects[theirs].token = True
    mech = put(s, MECH, "p1", "base")
    s.objects[mech].token = True
    plain = put(s, SKULKER, "p1", "base")
    assert "Weaponmaster" in layers.characteristics(s, mine).keywords
    for other in (theirs, mech, plain):
        assert "Weaponmaster" not in layers.characteristics(s, other).keywords


def test_refused_without_an_equipment_played_this_turn_377_2_b() -> None:
    s, emperor, _ = _board(equipment_played=False)  # on the board, but not played this turn
    assert violations(s, _use(s, emperor)) == ["377.2.b"]
    runes(s, "p1", 3, FURY_RUNE)
    disc = put(s, SUN_DISC, "p1", "hand")  # a gear that is not an Equipment
    s = pass_all(play(s, disc))
    assert violations(s, _use(s, emperor)) == ["377.2.b"]
    assert not [m for m in legal_decisions(s, "p1")
                if isinstance(m, AbilityActivated) and m.source == emperor]


def test_refused_when_exhausted_377_1() -> None:
    s, emperor, _ = _board()
    s.objects[emperor].exhausted = True
    assert violations(s, _use(s, emperor)) == ["377.1"]


@pytest.mark.parametrize(("edition", "rule"), [("RUP4", "166.2"), ("v1.3", "165.2")])
def test_refused_unpaid(edition: str, rule: str) -> None:
    s, emperor, _ = _board(edition)
    assert violations(s, _use(s, emperor, paid=False)) == [rule]  # its Energy is unpaid
    with pytest.raises(IllegalDecision):
        engine.apply(s, _use(s, emperor, paid=False))


def test_legal_moves_offer_the_activation_only_when_legal() -> None:
    s, emperor, _ = _board()
    moves = [m for m in legal_decisions(s, "p1")
             if isinstance(m, AbilityActivated) and m.source == emperor]
    assert [m.ability for m in moves] == [1]
    s = apply(s, moves[0])
    s = pass_all(s)
    assert len(_tokens(s, SAND_SOLDIER)) == 1
