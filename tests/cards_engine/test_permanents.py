"""Exemplar gear, legends and battlefields: Seal of Strength (OGN-163), Blind Monk (OGN-257),
Loose Cannon (OGN-251), Grove of the God-Willow (OGN-280), Trifarian War Camp (OGN-294)."""

from __future__ import annotations

from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from tests.cards_engine.helpers import (
    CALM_RUNE,
    SKULKER,
    activate,
    control,
    game,
    pass_all,
    pay_for,
    put,
    runes,
    to_p2_turn,
    violations,
)

SEAL, MONK, CANNON, GROVE, CAMP = "OGN-163", "OGN-257", "OGN-251", "OGN-280", "OGN-294"


def legend(s, card: str, pid: str = "p1") -> str:  # type: ignore[no-untyped-def]
    return put(s, card, pid, "legend")


def test_seal_of_strength_adds_body_power_at_once() -> None:
    s = game()
    seal = put(s, SEAL, "p1", "base")
    s = activate(s, seal)
    assert s.players["p1"].pool.power == {"Body": 1}
    assert s.objects[seal].exhausted and not s.chain  # 429.2: no chain item


def test_seal_of_strength_cannot_be_used_exhausted() -> None:
    s = game()
    seal = put(s, SEAL, "p1", "base", exhausted=True)
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=seal, ability=0))
    assert violations(s, AbilityActivated(player="p2", source=seal, ability=0))


def test_blind_monk_buffs_a_friendly_unit() -> None:
    s = game()
    runes(s, "p1", 1, CALM_RUNE)
    monk = legend(s, MONK)
    unit = put(s, SKULKER, "p1", "base")
    s = activate(s, monk, energy=1, targets={"t": (unit,)})
    assert [i.kind for i in s.chain] == ["ability"] and s.objects[monk].exhausted
    s = pass_all(s)
    assert s.objects[unit].buffed


def test_blind_monk_refuses_an_enemy_target_and_an_unpaid_cost() -> None:
    s = game()
    runes(s, "p1", 1, CALM_RUNE)
    monk = legend(s, MONK)
    foe = put(s, SKULKER, "p2", "base")
    mine = put(s, SKULKER, "p1", "base")
    pay = pay_for(s, "p1", cost=Cost(1))
    assert "355.5" in violations(s, AbilityActivated(player="p1", source=monk, ability=0,
                                                     targets={"t": (foe,)}, payment=pay))
    assert "165.2" in violations(s, AbilityActivated(player="p1", source=monk, ability=0,
                                                     targets={"t": (mine,)}, payment=Payment()))


def test_loose_cannon_draws_with_one_card_or_fewer() -> None:
    s = game()
    legend(s, CANNON, "p2")
    s = to_p2_turn(s)
    # the trigger is on the chain during p2's Beginning Phase; p2 has priority
    assert [i.kind for i in s.chain] == ["ability"]
    s = pass_all(s)
    assert len(s.players["p2"].hand) == 2  # 1 from Loose Cannon, 1 from the Draw Phase
    assert s.phase == "main" and s.turn_player == "p2"


def test_loose_cannon_does_nothing_with_two_cards_in_hand() -> None:
    s = game()
    legend(s, CANNON, "p2")
    put(s, SKULKER, "p2", "hand")
    put(s, SKULKER, "p2", "hand")
    s = to_p2_turn(s)
    assert not s.chain and len(s.players["p2"].hand) == 3  # only the Draw Phase's card


def test_grove_draws_when_held() -> None:
    s = game(battlefields=(GROVE, "token:battlefield"))
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = to_p2_turn(s)
    assert s.players["p2"].points == 1 and [i.kind for i in s.chain] == ["ability"]
    s = pass_all(s)
    assert len(s.players["p2"].hand) == 2


def test_grove_does_not_trigger_on_a_conquer() -> None:
    from riftlog.rules.interpreter import triggers

    s = game(battlefields=(GROVE, "token:battlefield"))
    assert triggers.fire(s, "conquers", player="p1", battlefield="bf1") == 0
    assert triggers.fire(s, "holds", player="p1", battlefield="bf1") == 1


def test_trifarian_war_camp_gives_units_there_one_might() -> None:
    s = game(battlefields=(CAMP, "token:battlefield"))
    here = put(s, SKULKER, "p1", "battlefield", "bf1")
    there = put(s, SKULKER, "p2", "battlefield", "bf2")
    home = put(s, SKULKER, "p1", "base")
    assert layers.might_of(s, here) == 4
    assert layers.might_of(s, there) == 3 and layers.might_of(s, home) == 3


def test_trifarian_war_camp_does_not_reach_other_locations() -> None:
    s = game(battlefields=("token:battlefield", CAMP))
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    assert layers.might_of(s, unit) == 3


FORT = "OGN-279"


def _combat_at_fort():  # type: ignore[no-untyped-def]
    from riftlog.events.play import StandardMove

    s = game(battlefields=(FORT, "token:battlefield"))
    attacker = put(s, SKULKER, "p1", "base")
    d1 = put(s, SKULKER, "p2", "battlefield", "bf1")
    d2 = put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(attacker,), destination="bf1"))
    return s, attacker, d1, d2


def test_fortified_position_gives_a_chosen_unit_shield_2_this_combat() -> None:
    from tests.cards_engine.helpers import choose

    s, attacker, d1, d2 = _combat_at_fort()
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.player == "p2"  # the defender chooses (383.4.f)
    assert sorted(req.options["targets"]["t"]["from"]) == sorted([attacker, d1, d2])
    s = choose(s, "p2", targets={"t": [d1]})
    s = pass_all(s)
    assert s.showdown is not None and s.showdown.combat
    assert layers.characteristics(s, d1).value("Shield") == 2
    assert layers.might_of(s, d1) == 5 and layers.might_of(s, d2) == 3


def test_fortified_position_does_not_trigger_for_the_attacker() -> None:
    from riftlog.rules.interpreter import triggers

    s = game(battlefields=(FORT, "token:battlefield"))
    assert triggers.fire(s, "attacks", player="p1", battlefield="bf1") == 0
    assert triggers.fire(s, "defends", player="p1", battlefield="bf2") == 0
    assert triggers.fire(s, "defends", player="p2", battlefield="bf1") == 1
