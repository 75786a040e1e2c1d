"""Spiritforged (SFD) battlefields with a static rule or a paid reward: Rockfall Path
(SFD-216), Marai Spire (SFD-211), Sunken Temple (SFD-218) and Power Nexus (SFD-214)."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment, TurnEnded
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.playing.play import total_cost
from riftlog.rules.playing.restrictions import unit_places
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    FURY_RUNE,
    ORDER_RUNE,
    SKULKER,
    TOKEN_BATTLEFIELD,
    apply,
    conquer,
    control,
    game,
    pass_all,
    pay_for,
    play,
    put,
    request,
    runes,
    to_p2_turn,
    violations,
)

ROCKFALL, MARAI, SUNKEN, NEXUS = "SFD-216", "SFD-211", "SFD-218", "SFD-214"
FERAL = "SFD-034"  # Feral Strength: 2 Energy, Repeat 2
MEGA_MECH = "OGN-088"  # a unit of Might 8 without text (Mighty)


# --- Rockfall Path: no unit is played here ---------------------------------------------------


def test_rockfall_path_refuses_a_unit_played_to_it_even_by_its_controller() -> None:
    s = game(battlefields=(ROCKFALL, TOKEN_BATTLEFIELD))
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    runes(s, "p1", 3, ORDER_RUNE)
    unit = put(s, SKULKER, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="bf1", payment=pay_for(s, "p1", unit))
    assert "054.1" in violations(s, d)  # v1.3 054.1: the restriction beats 355.2.a


def test_rockfall_path_leaves_units_playable_to_the_other_battlefield_and_base() -> None:
    s = game(battlefields=(ROCKFALL, TOKEN_BATTLEFIELD))
    for bf in ("bf1", "bf2"):
        control(s, bf, "p1")
        put(s, SKULKER, "p1", "battlefield", bf)
    runes(s, "p1", 3, ORDER_RUNE)
    unit = put(s, SKULKER, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="bf2", payment=pay_for(s, "p1", unit))
    assert violations(s, d) == []
    assert unit_places(s, "p1") == ["base:p1", "bf2"]


# --- Marai Spire: the controller's Repeat costs one Energy lower -----------------------------


def test_marai_spire_lowers_its_controllers_repeat_cost() -> None:
    s = game(battlefields=(MARAI, TOKEN_BATTLEFIELD))
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    spell = put(s, FERAL, "p1", "hand")
    assert total_cost(s, "p1", spell, choices={"repeat": [0]}) == Cost(3)  # 2 + (2 - 1)
    assert total_cost(s, "p1", spell) == Cost(2)  # the spell's own cost is not lowered


def test_marai_spire_gives_nothing_to_the_player_who_does_not_control_it() -> None:
    s = game(battlefields=(MARAI, TOKEN_BATTLEFIELD))
    control(s, "bf1", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    runes(s, "p1", 3, CALM_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf2")
    spell = put(s, FERAL, "p1", "hand")
    choices = {"repeat": [0]}
    assert total_cost(s, "p1", spell, choices=choices) == Cost(4)
    d = CardPlayed(player="p1", card=spell, destination=None, choices=choices,
                   targets={"t": (mine,), "t@2": (mine,)},
                   payment=Payment(exhaust=tuple(s.players["p1"].base)))
    assert "356.2" in violations(s, d)  # three Energy do not pay the Repeat cost in full


# --- Sunken Temple: after a conquer with a Mighty unit, pay 1 to draw ------------------------


def _sunken(unit_card: str) -> GameState:
    s = game(battlefields=(SUNKEN, TOKEN_BATTLEFIELD))
    runes(s, "p1", 1, ORDER_RUNE)
    unit = put(s, unit_card, "p1", "base", exhausted=False)
    return pass_all(conquer(s, (unit,)))


def test_sunken_temple_paid_draws_after_a_mighty_conquest() -> None:
    s = _sunken(MEGA_MECH)
    hand = len(s.players["p1"].hand)
    pay = next(c for c in request(s).options["choices"] if c["pay"] is not None)
    s = pass_all(apply(s, ChoiceMade(player="p1", choice=pay)))
    assert len(s.players["p1"].hand) == hand + 1


def test_sunken_temple_offers_nothing_without_a_mighty_unit() -> None:
    s = _sunken(SKULKER)
    assert not engine.pending(s) or request(s).kind != "choice"


def test_sunken_temple_refuses_a_payment_it_did_not_offer() -> None:
    s = _sunken(MEGA_MECH)
    bogus = ChoiceMade(player="p1", choice={"pay": {"exhaust": ["p2.c1"]}})
    assert violations(s, bogus) == ["742.1.b"]  # the cost is paid as it is finalized


# --- Power Nexus: after a hold, four Power for a point ---------------------------------------


def _holds_nexus(n_runes: int) -> GameState:
    s = game(battlefields=(NEXUS, TOKEN_BATTLEFIELD))
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    runes(s, "p1", n_runes, BODY_RUNE)
    s = to_p2_turn(s)
    s, _ = engine.apply(s, TurnEnded(player="p2"))  # p1's Beginning Phase: p1 holds bf1
    return pass_all(s)


def test_power_nexus_paid_gains_a_point() -> None:
    s = _holds_nexus(4)
    points = s.players["p1"].points
    pay = next(c for c in request(s).options["choices"] if c["pay"] is not None)
    s = pass_all(apply(s, ChoiceMade(player="p1", choice=pay)))
    assert s.players["p1"].points == points + 1


def test_power_nexus_declined_gains_nothing() -> None:
    s = _holds_nexus(4)
    points = s.players["p1"].points
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"pay": None})))
    assert s.players["p1"].points == points


def test_power_nexus_asks_nothing_of_a_player_with_three_runes() -> None:
    s = _holds_nexus(3)
    assert all(r.kind != "choice" for r in engine.pending(s))


# --- Ornn's Forge: the first non-token gear each turn costs one less ------------------------

ORNNS_FORGE = "SFD-213"
SUN_DISC = "OGN-021"  # a gear: 2 Energy + one Fury power


def test_ornns_forge_lowers_only_the_first_gear_of_the_turn() -> None:
    s = game(battlefields=(ORNNS_FORGE, TOKEN_BATTLEFIELD))
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    runes(s, "p1", 6, FURY_RUNE)
    first, second = put(s, SUN_DISC, "p1", "hand"), put(s, SUN_DISC, "p1", "hand")
    assert total_cost(s, "p1", first).energy == 1
    s = pass_all(play(s, first))
    assert s.objects[first].zone == "base"
    assert total_cost(s, "p1", second).energy == 2  # a gear was played this turn


def test_ornns_forge_gives_nothing_to_a_player_who_does_not_control_it() -> None:
    s = game(battlefields=(ORNNS_FORGE, TOKEN_BATTLEFIELD))
    control(s, "bf1", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    gear = put(s, SUN_DISC, "p1", "hand")
    assert total_cost(s, "p1", gear).energy == 2
    unit = put(s, SKULKER, "p2", "hand")
    assert total_cost(s, "p2", unit).energy == 3  # not a gear
