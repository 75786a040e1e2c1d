"""Batch ogn_151_200, spells: Overt Operation (153), Primal Strength (154), Sabotage (156),
Fight or Flight (168), Gust (169), Morbid Return (170), Rebuke (172), Ride the Wind (173),
Acceptable Losses (179), Whirlwind (187); the cards still unsupported."""

from __future__ import annotations

from typing import Any

from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CHAOS_RUNE,
    SKULKER,
    choose,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)

OVERT, PRIMAL, SABOTAGE, FIGHT, GUST, MORBID, REBUKE, RIDE, LOSSES, WHIRLWIND = (
    "OGN-153", "OGN-154", "OGN-156", "OGN-168", "OGN-169", "OGN-170", "OGN-172", "OGN-173",
    "OGN-179", "OGN-187")
SEAL = "OGN-163"  # a gear (Seal of Strength)
BIG = "OGN-151"  # a 6-Might unit (Lee Sin)


def cast(s: GameState, spell: str, player: str = "p1", **kw: Any) -> GameState:
    return play(s, spell, player=player, destination=None, **kw)


def spell_violations(s: GameState, spell: str, player: str = "p1", **kw: Any) -> list[str]:
    pay = pay_for(s, player, spell)
    return violations(s, CardPlayed(player=player, card=spell, payment=pay, **kw))


# --- Overt Operation ------------------------------------------------------------------------


def test_overt_operation_spends_chosen_buffs_to_ready_then_buffs_everyone() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    a = put(s, SKULKER, "p1", "base", exhausted=True)
    b = put(s, SKULKER, "p1", "base", exhausted=True)
    c = put(s, SKULKER, "p1", "base", exhausted=True)
    foe = put(s, SKULKER, "p2", "base")
    s.objects[a].buffed = s.objects[b].buffed = True
    s = cast(s, put(s, OVERT, "p1", "hand"))
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options["kind"] == "may" and req.options["unit"] == a
    s = choose(s, "p1", use=True)
    s = choose(s, "p1", use=False)
    s = pass_all(s)
    assert not s.objects[a].exhausted and s.objects[b].exhausted and s.objects[c].exhausted
    assert all(s.objects[o].buffed for o in (a, b, c)) and not s.objects[foe].buffed


def test_overt_operation_is_refused_while_the_chain_is_not_empty() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    runes(s, "p1", 4, CHAOS_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = cast(s, put(s, REBUKE, "p1", "hand"), targets=(foe,))
    assert "309.1.a" in spell_violations(s, put(s, OVERT, "p1", "hand"))


# --- Primal Strength ------------------------------------------------------------------------


def test_primal_strength_gives_seven_might_this_turn() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    unit = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = cast(s, put(s, PRIMAL, "p1", "hand"), targets=(unit,))
    s = pass_all(s)
    assert layers.might_of(s, unit) == 10
    layers.expire_effects(s, "end_of_turn")
    assert layers.might_of(s, unit) == 3


def test_primal_strength_needs_a_unit_target() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    spell = put(s, PRIMAL, "p1", "hand")
    assert "355.5.b" in spell_violations(s, spell, targets=())
    put(s, SKULKER, "p1", "base")
    assert "355.5" in spell_violations(s, spell, targets=("bf1",))


# --- Sabotage -------------------------------------------------------------------------------


def test_sabotage_reveals_and_recycles_a_chosen_non_unit_card() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    unit = put(s, SKULKER, "p2", "hand")
    g1 = put(s, SEAL, "p2", "hand")
    g2 = put(s, PRIMAL, "p2", "hand")
    s = cast(s, put(s, SABOTAGE, "p1", "hand"), targets={"opp": ("p2",)})
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert req.player == "p1" and sorted(req.options["from"]) == sorted([g1, g2])  # no unit
    s = choose(s, "p1", cards=[g2])
    assert s.objects[g2].zone == "main_deck" and s.players["p2"].main_deck[-1] == g2
    assert s.objects[unit].zone == "hand" and s.objects[g1].zone == "hand"


def test_sabotage_must_choose_an_opponent() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    spell = put(s, SABOTAGE, "p1", "hand")
    assert "355.5" in spell_violations(s, spell, targets={"opp": ("p1",)})
    assert spell_violations(s, spell, targets={"opp": ("p2",)}) == []


def test_sabotage_with_only_units_in_hand_recycles_nothing() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    unit = put(s, SKULKER, "p2", "hand")
    s = cast(s, put(s, SABOTAGE, "p1", "hand"), targets={"opp": ("p2",)})
    s = pass_all(s)
    assert engine.pending(s)[0].kind != "choice" and s.objects[unit].zone == "hand"


# --- Fight or Flight, Rebuke, Gust --------------------------------------------------------------


def test_fight_or_flight_sends_a_unit_at_a_battlefield_to_its_base() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = cast(s, put(s, FIGHT, "p1", "hand"), targets=(foe,))
    s = pass_all(s)
    assert s.objects[foe].zone == "base" and s.objects[foe].location == "base:p2"


def test_fight_or_flight_refuses_a_unit_in_a_base() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    home = put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    assert "355.5" in spell_violations(s, put(s, FIGHT, "p1", "hand"), targets=(home,))


def test_rebuke_returns_a_unit_at_a_battlefield_to_its_owners_hand() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = cast(s, put(s, REBUKE, "p1", "hand"), targets=(foe,))
    s = pass_all(s)
    assert s.objects[foe].zone == "hand" and foe in s.players["p2"].hand


def test_rebuke_refuses_a_unit_in_a_base() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    home = put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    assert "355.5" in spell_violations(s, put(s, REBUKE, "p1", "hand"), targets=(home,))


def test_gust_returns_a_small_unit_at_a_battlefield_even_as_a_reaction() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    runes(s, "p1", 5, BODY_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = cast(s, put(s, PRIMAL, "p1", "hand"), targets=(foe,))  # on the chain
    s = cast(s, put(s, GUST, "p1", "hand"), targets=(foe,))  # Reaction: allowed
    s = pass_all(s)
    assert s.objects[foe].zone == "hand"


def test_gust_refuses_a_unit_with_more_than_three_might() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    big = put(s, BIG, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf2")
    assert "355.5" in spell_violations(s, put(s, GUST, "p1", "hand"), targets=(big,))


# --- Morbid Return ---------------------------------------------------------------------------


def test_morbid_return_puts_a_chosen_unit_from_the_trash_in_hand() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    dead = put(s, SKULKER, "p1", "trash")
    other = put(s, BIG, "p1", "trash")
    gear = put(s, SEAL, "p1", "trash")
    s = cast(s, put(s, MORBID, "p1", "hand"))
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert sorted(req.options["from"]) == sorted([dead, other])
    s = choose(s, "p1", cards=[other])
    assert s.objects[other].zone == "hand" and s.objects[gear].zone == "trash"


def test_morbid_return_refuses_a_card_that_is_not_offered() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    put(s, SKULKER, "p1", "trash")
    put(s, BIG, "p1", "trash")
    gear = put(s, SEAL, "p1", "trash")
    s = cast(s, put(s, MORBID, "p1", "hand"))
    s = pass_all(s)
    from riftlog.events.abilities import ChoiceMade

    assert "378" in violations(s, ChoiceMade(player="p1", choice={"cards": [gear]}))


def test_morbid_return_is_refused_during_a_closed_state() -> None:
    s = game()
    runes(s, "p1", 7, CHAOS_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = cast(s, put(s, REBUKE, "p1", "hand"), targets=(foe,))
    assert "309.1.a" in spell_violations(s, put(s, MORBID, "p1", "hand"))


# --- Ride the Wind -----------------------------------------------------------------------------


def test_ride_the_wind_moves_a_friendly_unit_where_chosen_and_readies_it() -> None:
    s = game()
    runes(s, "p1", 3, CHAOS_RUNE)
    unit = put(s, SKULKER, "p1", "battlefield", "bf1", exhausted=True)
    s = cast(s, put(s, RIDE, "p1", "hand"), targets=(unit,))
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert {"to": "base:p1"} in req.options["choices"] and {"to": "bf2"} in req.options["choices"]
    s = choose(s, "p1", to="bf2")
    assert s.objects[unit].location == "bf2" and not s.objects[unit].exhausted


def test_ride_the_wind_refuses_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 3, CHAOS_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p1", "base")
    assert "355.5" in spell_violations(s, put(s, RIDE, "p1", "hand"), targets=(foe,))


# --- Acceptable Losses --------------------------------------------------------------------------


def test_acceptable_losses_each_player_kills_one_of_their_gear() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    mine = put(s, SEAL, "p1", "base")
    theirs1 = put(s, SEAL, "p2", "base")
    theirs2 = put(s, SEAL, "p2", "base")
    s = cast(s, put(s, LOSSES, "p1", "hand"))
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert req.player == "p2" and sorted(req.options["from"]) == sorted([theirs1, theirs2])
    from riftlog.events.abilities import ChoiceMade

    assert "378" in violations(s, ChoiceMade(player="p2", choice={"cards": [mine]}))
    s = choose(s, "p2", cards=[theirs2])
    assert s.objects[mine].zone == "trash" and s.objects[theirs2].zone == "trash"
    assert s.objects[theirs1].zone == "base"


def test_acceptable_losses_without_gear_kills_nothing() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    s = cast(s, put(s, LOSSES, "p1", "hand"))
    s = pass_all(s)
    assert s.objects[unit].zone == "base" and not s.chain


# --- Whirlwind ---------------------------------------------------------------------------------


def test_whirlwind_lets_each_player_from_the_next_return_a_unit() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    theirs = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = cast(s, put(s, WHIRLWIND, "p1", "hand"))
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert req.player == "p2"  # the next player first
    s = choose(s, "p2", unit=mine)
    assert s.objects[mine].zone == "hand"
    (req,) = engine.pending(s)
    assert req.player == "p1" and {"unit": None} in req.options["choices"]
    s = choose(s, "p1", unit=None)
    assert s.objects[theirs].zone == "battlefield" and not s.chain


def test_whirlwind_refuses_a_unit_not_on_the_board() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    put(s, SKULKER, "p1", "battlefield", "bf1")
    held = put(s, SKULKER, "p2", "hand")
    s = cast(s, put(s, WHIRLWIND, "p1", "hand"))
    s = pass_all(s)
    from riftlog.events.abilities import ChoiceMade

    assert "378" in violations(s, ChoiceMade(player="p2", choice={"unit": held}))


# --- no card of the batch is unsupported any more (OGN-194: test_control_cards.py, K2) ------------


def test_every_card_of_the_batch_is_supported() -> None:
    from riftlog.cards.catalog import load_catalog

    cat = load_catalog()
    assert [c for c in (f"OGN-{n:03d}" for n in range(151, 201)) if not cat.get(c).supported] == []
