"""Batch ogn_001_050: every encoded card of OGN-001..050 played through the engine, and a
refused use where the card has a target, cost, timing or condition (rule ids asserted)."""

from __future__ import annotations

from typing import Any

from riftlog.cards.catalog import load_catalog
from riftlog.cards.vocab import on_play
from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.decisions import Payment, PriorityPassed
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import triggers
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import (
    CALM_RUNE,
    FURY_RUNE,
    SKULKER,
    activate,
    cast,
    choose,
    control,
    game,
    hide_pakaa,
    pass_all,
    pay_for,
    play,
    put,
    request,
    runes,
    spell_played,
    violations,
)

ENFORCER, GET_EXCITED, HEXTECH_RAY, SKY_SPLITTER = "OGN-003", "OGN-008", "OGN-009", "OGN-014"
FARRON, DUO, BALLISTA, SCRAPYARD = "OGN-015", "OGN-016", "OGN-017", "OGN-020"
THERMO_BEAM, VOID_SEEKER, DARIUS, FALLING_STAR = "OGN-022", "OGN-024", "OGN-027", "OGN-029"
JINX, KADREGRIN, KAISA, SEAL_OF_RAGE = "OGN-030", "OGN-038", "OGN-039", "OGN-040"
VOLIBEAR, CHARM, EN_GARDE, FIND_CENTER = "OGN-041", "OGN-043", "OGN-046", "OGN-047"
RUNE_PRISON, PHOENIX, PHANTOM = "OGN-050", "OGN-037", "OGN-049"
SERGEANT = "OGN-219"  # Might 4
SEAL_OF_STRENGTH = "OGN-163"  # a gear without Might, to be killed


def hand(s: GameState, pid: str, n: int) -> list[str]:
    return [put(s, SKULKER, pid, "hand") for _ in range(n)]


# --- Chemtech Enforcer (OGN-003) ---------------------------------------------------------


def test_chemtech_enforcer_makes_its_controller_discard_one() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    keep = hand(s, "p1", 2)
    s = play(s, put(s, ENFORCER, "p1", "hand"))
    s = pass_all(s)
    req = request(s)
    assert req.kind == "choice" and sorted(req.options["from"]) == sorted(keep)
    s = choose(s, "p1", cards=[keep[0]])
    assert s.objects[keep[0]].zone == "trash" and s.objects[keep[1]].zone == "hand"


def test_chemtech_enforcer_refuses_an_unpaid_cost() -> None:
    s = game()
    runes(s, "p1", 1, FURY_RUNE)
    unit = put(s, ENFORCER, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="base",
                   payment=pay_for(s, "p1", cost=Cost(1)))
    assert "165.2" in violations(s, d)


# --- Get Excited! (OGN-008) ---------------------------------------------------------------


def test_get_excited_deals_the_discarded_cards_energy_cost() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    foe = put(s, PHANTOM, "p2", "battlefield", "bf1")  # Might 5
    phantom_in_hand = put(s, PHANTOM, "p1", "hand")    # costs 5 Energy
    other = put(s, SKULKER, "p1", "hand")
    s = cast(s, GET_EXCITED, targets={"t": (foe,)})
    s = pass_all(s)
    assert request(s).options["kind"] == "cards"
    s = choose(s, "p1", cards=[phantom_in_hand])
    assert s.objects[phantom_in_hand].zone == "trash" and s.objects[other].zone == "hand"
    assert s.objects[foe].zone == "trash"  # 5 damage kills the Might 5 unit


def test_get_excited_needs_a_unit_at_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    at_base = put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p2", "battlefield", "bf2")  # a legal target exists
    d = spell_played(s, GET_EXCITED, targets=(at_base,))
    assert "355.5" in violations(s, d)


# --- Hextech Ray (OGN-009), Void Seeker (OGN-024) -----------------------------------------


def test_hextech_ray_deals_three_to_a_unit_at_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, HEXTECH_RAY, targets=(foe,)))
    assert s.objects[foe].zone == "trash"


def test_hextech_ray_refuses_a_unit_in_a_base() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p1", "battlefield", "bf2")  # a legal target exists
    d = spell_played(s, HEXTECH_RAY, targets=(foe,))
    assert "355.5" in violations(s, d)


def test_void_seeker_deals_four_and_draws() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    foe = put(s, SERGEANT, "p2", "battlefield", "bf2")  # Might 4
    s = pass_all(cast(s, VOID_SEEKER, targets=(foe,)))
    assert s.objects[foe].zone == "trash" and len(s.players["p1"].hand) == 1


def test_void_seeker_refuses_wrong_timing() -> None:
    s = game()
    runes(s, "p2", 4, FURY_RUNE)
    foe = put(s, SKULKER, "p1", "battlefield", "bf1")
    spell = put(s, VOID_SEEKER, "p2", "hand")
    d = CardPlayed(player="p2", card=spell, payment=pay_for(s, "p2", spell), targets=(foe,))
    assert violations(s, d)  # not p2's turn, no showdown: an Action spell cannot be played


# --- Sky Splitter (OGN-014) --------------------------------------------------------------


def test_sky_splitter_is_cheaper_by_the_highest_might_and_deals_five() -> None:
    s = game()
    put(s, PHANTOM, "p1", "base")  # Might 5
    put(s, SKULKER, "p1", "base")
    spell = put(s, SKY_SPLITTER, "p1", "hand")
    assert total_cost(s, "p1", spell) == Cost(3, {"Fury": 1})
    runes(s, "p1", 4, FURY_RUNE)
    foe = put(s, PHANTOM, "p2", "battlefield", "bf1")
    s = pass_all(play(s, spell, destination=None, targets=(foe,)))
    assert s.objects[foe].zone == "trash"


def test_sky_splitter_costs_full_without_units() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    put(s, PHANTOM, "p2", "base")  # an enemy's Might does not count
    spell = put(s, SKY_SPLITTER, "p1", "hand")
    assert total_cost(s, "p1", spell) == Cost(8, {"Fury": 1})
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    d = CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", cost=Cost(3, {"Fury": 1})),
                   targets=(foe,))
    assert "165.2" in violations(s, d)


def test_sky_splitter_with_eager_apprentice_follows_rule_356_4_e() -> None:
    # 356.4.e: the Apprentice's discount (minimum 1) may be applied first, so a 7-Might unit
    # brings Sky Splitter to 0 Energy.
    s = game()
    put(s, "OGN-084", "p1", "battlefield", "bf1")  # Eager Apprentice, at a battlefield
    unit = put(s, SERGEANT, "p1", "base")
    layers.add_effect(s, {"source": unit, "layer": "arithmetic", "affects": {"oid": unit},
                          "might": 3, "until": "end_of_turn"})
    assert layers.might_of(s, unit) == 7
    spell = put(s, SKY_SPLITTER, "p1", "hand")
    assert total_cost(s, "p1", spell) == Cost(0, {"Fury": 1})


# --- Captain Farron (OGN-015) ------------------------------------------------------------


def test_captain_farron_gives_other_friendly_units_there_assault() -> None:
    s = game()
    runes(s, "p1", 5, FURY_RUNE)
    friend = put(s, SKULKER, "p1", "base")
    away = put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "base")
    farron = put(s, FARRON, "p1", "hand")
    s = play(s, farron)
    assert layers.characteristics(s, friend).has("Assault")
    assert not layers.characteristics(s, farron).has("Assault")
    assert not layers.characteristics(s, away).has("Assault")
    assert not layers.characteristics(s, foe).has("Assault")


# --- Dangerous Duo (OGN-016) --------------------------------------------------------------


def test_dangerous_duo_with_legion_gives_a_unit_two_might() -> None:
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    unit = put(s, SKULKER, "p2", "base")
    s = play(s, put(s, SKULKER, "p1", "hand"))
    duo = put(s, DUO, "p1", "hand")
    s = play(s, duo)
    assert request(s).kind == "choice"  # three units: the target is a choice
    s = choose(s, "p1", targets={"t": [unit]})
    s = pass_all(s)
    assert layers.might_of(s, unit) == 5


def test_dangerous_duo_without_legion_does_nothing() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    s = play(s, put(s, DUO, "p1", "hand"))
    assert not s.chain and engine.pending(s)[0].kind == "main"


# --- Iron Ballista (OGN-017) -------------------------------------------------------------


def test_iron_ballista_enters_exhausted_and_cannot_be_used_at_once() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    gear = put(s, BALLISTA, "p1", "hand")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = play(s, gear)
    assert s.objects[gear].zone == "base" and s.objects[gear].exhausted
    d = AbilityActivated(player="p1", source=gear, ability=0, targets={"t": (foe,)})
    assert "377.1" in violations(s, d)


def test_iron_ballista_deals_two_to_a_unit_at_a_battlefield() -> None:
    s = game()
    gear = put(s, BALLISTA, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    at_base = put(s, SKULKER, "p2", "base")
    assert "355.5" in violations(s, AbilityActivated(player="p1", source=gear, ability=0,
                                                     targets={"t": (at_base,)}))
    s = pass_all(activate(s, gear, targets={"t": (foe,)}))
    assert s.objects[foe].damage == 2 and s.objects[gear].exhausted


# --- Scrapyard Champion (OGN-020) ---------------------------------------------------------


def test_scrapyard_champion_with_legion_discards_two_then_draws_two() -> None:
    s = game()
    runes(s, "p1", 8, FURY_RUNE)
    s = play(s, put(s, SKULKER, "p1", "hand"))
    cards = hand(s, "p1", 3)
    s = play(s, put(s, SCRAPYARD, "p1", "hand"), payment=pay_for(s, "p1", cost=Cost(5, {"Fury": 1})))
    s = pass_all(s)
    s = choose(s, "p1", cards=cards[:2])
    assert [s.objects[c].zone for c in cards] == ["trash", "trash", "hand"]
    assert len(s.players["p1"].hand) == 3


def test_scrapyard_champion_without_legion_does_nothing() -> None:
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    cards = hand(s, "p1", 2)
    s = play(s, put(s, SCRAPYARD, "p1", "hand"))
    assert not s.chain and all(s.objects[c].zone == "hand" for c in cards)


# --- Thermo Beam (OGN-022) ---------------------------------------------------------------


def test_thermo_beam_kills_every_gear_and_no_unit() -> None:
    s = game()
    runes(s, "p1", 7, FURY_RUNE)
    mine = put(s, SEAL_OF_STRENGTH, "p1", "base")
    theirs = put(s, SEAL_OF_STRENGTH, "p2", "base")
    unit = put(s, SKULKER, "p2", "base")
    s = pass_all(cast(s, THERMO_BEAM))
    assert s.objects[mine].zone == "trash" and s.objects[theirs].zone == "trash"
    assert s.objects[unit].zone == "base"


def test_thermo_beam_takes_no_target() -> None:
    s = game()
    runes(s, "p1", 7, FURY_RUNE)
    gear = put(s, SEAL_OF_STRENGTH, "p2", "base")
    d = spell_played(s, THERMO_BEAM, targets=(gear,))
    assert "355.5" in violations(s, d)


# --- Darius, Trifarian (OGN-027) ---------------------------------------------------------


def test_darius_gets_two_might_and_readies_on_the_second_card() -> None:
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    darius = put(s, DARIUS, "p1", "base", exhausted=True)
    s = play(s, put(s, SKULKER, "p1", "hand"))
    assert not s.chain  # first card: nothing
    s = play(s, put(s, SKULKER, "p1", "hand"))
    s = pass_all(s)
    assert layers.might_of(s, darius) == 7 and not s.objects[darius].exhausted


def test_darius_does_not_trigger_on_the_third_card_or_an_opponents() -> None:
    s = game()
    runes(s, "p1", 9, FURY_RUNE)
    darius = put(s, DARIUS, "p1", "base", exhausted=True)
    s = play(s, put(s, SKULKER, "p1", "hand"))
    s = play(s, put(s, SKULKER, "p1", "hand"))
    s = pass_all(s)
    s.objects[darius].exhausted = True
    s = play(s, put(s, SKULKER, "p1", "hand"))
    assert not s.chain and s.objects[darius].exhausted
    assert triggers.fire(s, "played", obj=s.players["p1"].base[-1], player="p2") == 0


# --- Falling Star (OGN-029, errata 2026-01-14) -------------------------------------------


def test_falling_star_deals_three_to_two_chosen_units() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    a = put(s, SKULKER, "p2", "base")
    b = put(s, PHANTOM, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, FALLING_STAR, targets={"first": (a,), "second": (b,)}))
    assert s.objects[a].zone == "trash" and s.objects[b].damage == 3


def test_falling_star_may_choose_the_same_unit_twice() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    big = put(s, PHANTOM, "p2", "base")  # Might 5: 3 + 3 kills it
    s = pass_all(cast(s, FALLING_STAR, targets={"first": (big,), "second": (big,)}))
    assert s.objects[big].zone == "trash"


def test_falling_star_needs_both_targets() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    a = put(s, SKULKER, "p2", "base")
    d = spell_played(s, FALLING_STAR, targets={"first": (a,)})
    assert "355.5" in violations(s, d)


def test_immortal_phoenix_is_played_from_hand_like_any_unit() -> None:
    # Falling Star with Immortal Phoenix (428.5.d): tests/cards_engine/test_kill_buff_cards.py
    assert load_catalog().get(PHOENIX).supported
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    phoenix = put(s, PHOENIX, "p1", "hand")
    s, _ = engine.apply(s, CardPlayed(player="p1", card=phoenix, destination="base",
                                      payment=pay_for(s, "p1", cost=Cost(3, {"Fury": 1}))))
    assert s.objects[phoenix].zone == "base" and s.objects[phoenix].exhausted


# --- Jinx, Demolitionist (OGN-030) --------------------------------------------------------


def test_jinx_discards_two_when_played() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    cards = hand(s, "p1", 2)
    jinx = put(s, JINX, "p1", "hand")
    s = pass_all(play(s, jinx))
    assert all(s.objects[c].zone == "trash" for c in cards)  # exactly 2 in hand: no choice
    ch = layers.characteristics(s, jinx)
    assert ch.value("Assault") == 2 and ch.has("Accelerate")


def test_jinx_refuses_an_unpaid_power_cost() -> None:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)
    jinx = put(s, JINX, "p1", "hand")
    d = CardPlayed(player="p1", card=jinx, destination="base",
                   payment=pay_for(s, "p1", cost=Cost(4)))
    assert "165.2" in violations(s, d)


# --- Kadregrin the Infernal (OGN-038) -----------------------------------------------------


def test_kadregrin_draws_one_per_mighty_unit() -> None:
    s = game()
    runes(s, "p1", 11, FURY_RUNE)
    put(s, PHANTOM, "p1", "base")   # Mighty
    put(s, SKULKER, "p1", "base")   # not Mighty
    put(s, PHANTOM, "p2", "base")   # not mine
    s = pass_all(play(s, put(s, KADREGRIN, "p1", "hand")))
    assert len(s.players["p1"].hand) == 2  # the Phantom and Kadregrin itself


def test_kadregrin_refuses_an_unpaid_cost() -> None:
    s = game()
    runes(s, "p1", 10, FURY_RUNE)
    unit = put(s, KADREGRIN, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="base",
                   payment=pay_for(s, "p1", cost=Cost(8, {"Fury": 2})))
    assert "165.2" in violations(s, d)


# --- Kai'Sa, Survivor (OGN-039) ------------------------------------------------------------


def test_kaisa_draws_when_she_conquers() -> None:
    s = game()
    kaisa = put(s, KAISA, "p1", "base")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(kaisa,), destination="bf1"))
    for _ in range(6):  # the showdown: pass until the battlefield is conquered
        reqs = engine.pending(s)
        if s.battlefield("bf1").controller == "p1" and not s.chain:
            break
        s, _ = engine.apply(s, PriorityPassed(player=reqs[0].player or ""))
    s = pass_all(s)
    assert s.battlefield("bf1").controller == "p1" and s.players["p1"].points == 1
    assert len(s.players["p1"].hand) == 1


def test_kaisa_does_not_draw_for_a_conquer_elsewhere() -> None:
    s = game()
    put(s, KAISA, "p1", "battlefield", "bf1")
    assert triggers.fire(s, "conquers", player="p1", battlefield="bf2") == 0
    assert triggers.fire(s, "conquers", player="p2", battlefield="bf1") == 0
    assert triggers.fire(s, "conquers", player="p1", battlefield="bf1") == 1


# --- Seal of Rage (OGN-040) ---------------------------------------------------------------


def test_seal_of_rage_adds_fury_power_at_once() -> None:
    s = game()
    seal = put(s, SEAL_OF_RAGE, "p1", "base")
    s = activate(s, seal)
    assert s.players["p1"].pool.power == {"Fury": 1} and not s.chain


def test_seal_of_rage_cannot_be_used_exhausted() -> None:
    s = game()
    seal = put(s, SEAL_OF_RAGE, "p1", "base", exhausted=True)
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=seal, ability=0))


# --- Volibear, Furious (OGN-041) -----------------------------------------------------------


DRAKE = "OGN-142"  # Might 10: survives 5 damage


def _volibear_attacks(n_enemies: int) -> tuple[GameState, str, list[str]]:
    s = game()
    voli = put(s, VOLIBEAR, "p1", "base")
    foes = [put(s, DRAKE, "p2", "battlefield", "bf1") for _ in range(n_enemies)]
    put(s, DRAKE, "p2", "base")  # not here: never damaged
    control(s, "bf1", "p2")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(voli,), destination="bf1"))
    return s, voli, foes


def test_volibear_splits_five_damage_among_enemies_here() -> None:
    s, _, (a, b) = _volibear_attacks(2)
    s = pass_all(s)
    req = request(s)
    assert req.kind == "choice" and req.player == "p1" and req.options["total"] == 5
    assert len(req.options["choices"]) == 6  # 5+0, 4+1, ..., 0+5
    s = choose(s, "p1", split={a: 3, b: 2})
    assert s.objects[a].damage == 3 and s.objects[b].damage == 2
    assert s.objects[s.players["p2"].base[-1]].damage == 0


def test_volibear_refuses_a_split_that_is_not_five() -> None:
    s, _, (a, b) = _volibear_attacks(2)
    s = pass_all(s)
    bad = ChoiceMade(player="p1", choice={"split": {a: 3, b: 3}})
    assert violations(s, bad) == ["417"]


def test_volibear_split_choices_are_offered_to_bots() -> None:
    from riftlog.rules.playing import abilities

    s, _, _ = _volibear_attacks(2)
    s = pass_all(s)
    cands = abilities.candidates(s, "p1")
    assert cands and all(isinstance(c, ChoiceMade) and not violations(s, c) for c in cands)


def test_volibear_alone_deals_all_five_to_the_only_enemy() -> None:
    s, _, (a,) = _volibear_attacks(1)
    s = pass_all(s)
    assert s.objects[a].damage == 5


# --- Charm (OGN-043) ------------------------------------------------------------------------


def test_charm_moves_an_enemy_unit_where_its_caster_chooses() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, CHARM, targets=(foe,)))
    req = request(s)
    assert {c["to"] for c in req.options["choices"]} == {"base:p2", "bf2"}
    s = choose(s, "p1", to="base:p2")
    assert s.objects[foe].zone == "base" and foe in s.players["p2"].base


def test_charm_refuses_a_friendly_unit() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    put(s, SKULKER, "p2", "base")  # a legal target exists
    d = spell_played(s, CHARM, targets=(mine,))
    assert "355.5" in violations(s, d)


# --- En Garde (OGN-046) --------------------------------------------------------------------


def test_en_garde_gives_two_to_a_lone_unit_and_one_otherwise() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    alone = put(s, SKULKER, "p1", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf1")  # an enemy there does not matter
    pair = [put(s, SKULKER, "p1", "base") for _ in range(2)]
    s = pass_all(cast(s, EN_GARDE, targets=(alone,)))
    s = pass_all(cast(s, EN_GARDE, targets=(pair[0],)))
    assert layers.might_of(s, alone) == 5 and layers.might_of(s, pair[0]) == 4


def test_en_garde_refuses_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 1, CALM_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p1", "base")  # a legal target exists
    d = spell_played(s, EN_GARDE, targets=(foe,))
    assert "355.5" in violations(s, d)


# --- Find Your Center (OGN-047) -------------------------------------------------------------


def test_find_your_center_draws_and_channels_exhausted() -> None:
    s = game()
    runes(s, "p1", 3, CALM_RUNE)
    put(s, CALM_RUNE, "p1", "rune_deck")
    spell = put(s, FIND_CENTER, "p1", "hand")
    assert total_cost(s, "p1", spell) == Cost(3)
    s = pass_all(play(s, spell, destination=None))
    assert len(s.players["p1"].hand) == 1
    assert s.objects[s.players["p1"].base[-1]].exhausted and not s.players["p1"].rune_deck


def test_find_your_center_is_cheaper_when_an_opponent_nears_victory() -> None:
    s = game()
    spell = put(s, FIND_CENTER, "p1", "hand")
    s.players["p2"].points = s.victory_score - 4
    assert total_cost(s, "p1", spell) == Cost(3)
    runes(s, "p1", 1, CALM_RUNE)
    d = CardPlayed(player="p1", card=spell, payment=pay_for(s, "p1", cost=Cost(1)))
    assert "356.4" in violations(s, d)
    s.players["p2"].points = s.victory_score - 3
    assert total_cost(s, "p1", spell) == Cost(1)
    s.players["p1"].points = s.victory_score - 1  # only opponents count
    s.players["p2"].points = 0
    assert total_cost(s, "p1", spell) == Cost(3)


# --- Rune Prison (OGN-050) ------------------------------------------------------------------


def test_rune_prison_stuns_a_unit() -> None:
    s = game()
    runes(s, "p1", 3, CALM_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, RUNE_PRISON, targets=(foe,)))
    assert s.objects[foe].stunned


def test_rune_prison_needs_a_target() -> None:
    s = game()
    runes(s, "p1", 3, CALM_RUNE)
    put(s, SKULKER, "p2", "base")
    d = spell_played(s, RUNE_PRISON)
    assert "355.5" in violations(s, d)


# --- Sun Disc (OGN-021), Brynhir Thundersong (OGN-026), Raging Firebrand (OGN-031) ----------

SUN_DISC, BRYNHIR, FIREBRAND = "OGN-021", "OGN-026", "OGN-031"


def test_sun_disc_with_legion_makes_the_next_unit_enter_ready() -> None:
    s = game()
    runes(s, "p1", 9, FURY_RUNE)
    disc = put(s, SUN_DISC, "p1", "base")
    s = play(s, put(s, SKULKER, "p1", "hand"))  # another card played: Legion
    s = pass_all(activate(s, disc))
    first = put(s, SKULKER, "p1", "hand")
    s = play(s, first)
    assert not s.objects[first].exhausted and s.objects[disc].exhausted
    second = put(s, SKULKER, "p1", "hand")
    s = play(s, second)
    assert s.objects[second].exhausted  # only the next one


def test_sun_disc_needs_legion() -> None:
    s = game()
    disc = put(s, SUN_DISC, "p1", "base")
    assert "377.2.b" in violations(s, AbilityActivated(player="p1", source=disc, ability=0))


def test_brynhir_stops_opponents_playing_cards_this_turn() -> None:
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    runes(s, "p1", 3, CALM_RUNE)
    runes(s, "p2", 3, CALM_RUNE)
    s = pass_all(play(s, put(s, BRYNHIR, "p1", "hand")))
    mine = put(s, SKULKER, "p2", "base")
    s = cast(s, RUNE_PRISON, targets=(mine,))
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    assert request(s).player == "p2"  # p2 holds priority with a spell on the chain
    reaction = put(s, EN_GARDE, "p2", "hand")
    d = CardPlayed(player="p2", card=reaction, payment=pay_for(s, "p2", reaction), targets=(mine,))
    assert violations(s, d) == ["355"]
    s.turn += 1  # a later turn: the restriction is over
    assert violations(s, d) == []


def test_brynhir_does_not_stop_its_controller() -> None:
    s = game()
    runes(s, "p1", 9, FURY_RUNE)
    s = pass_all(play(s, put(s, BRYNHIR, "p1", "hand")))
    unit = put(s, SKULKER, "p1", "hand")
    s = play(s, unit)
    assert s.objects[unit].zone == "base"


def test_raging_firebrand_makes_the_next_spell_five_cheaper() -> None:
    s = game()
    runes(s, "p1", 7, FURY_RUNE)
    s = pass_all(play(s, put(s, FIREBRAND, "p1", "hand")))
    unit = put(s, SKULKER, "p1", "hand")
    beam = put(s, THERMO_BEAM, "p1", "hand")
    assert total_cost(s, "p1", unit) == Cost(3)  # units are not affected
    assert total_cost(s, "p1", beam) == Cost(0, {"Fury": 2})
    runes(s, "p1", 2, FURY_RUNE)
    s = pass_all(play(s, beam, destination=None))
    assert total_cost(s, "p1", put(s, THERMO_BEAM, "p1", "hand")) == Cost(5, {"Fury": 2})


def test_raging_firebrand_reduction_ends_with_the_turn() -> None:
    s = game()
    runes(s, "p1", 7, FURY_RUNE)
    s = pass_all(play(s, put(s, FIREBRAND, "p1", "hand")))
    beam = put(s, THERMO_BEAM, "p1", "hand")
    s.turn += 1
    d = CardPlayed(player="p1", card=beam, payment=pay_for(s, "p1", cost=Cost(0, {"Fury": 2})))
    assert "165.2" in violations(s, d)
    assert total_cost(s, "p1", beam) == Cost(5, {"Fury": 2})


# --- Shakedown (OGN-033) --------------------------------------------------------------------

SHAKEDOWN = "OGN-033"


def _shakedown(s: GameState, foe: str) -> GameState:
    runes(s, "p1", 3, FURY_RUNE)
    return pass_all(cast(s, SHAKEDOWN, targets=(foe,)))


def test_shakedown_the_targets_controller_chooses_damage() -> None:
    s = game()
    foe = put(s, DRAKE, "p2", "base")
    s = _shakedown(s, foe)
    req = request(s)
    assert req.kind == "choice" and req.player == "p2"
    assert violations(s, ChoiceMade(player="p1", choice={"let_draw": False}))  # not p1's choice
    s = choose(s, "p2", let_draw=False)
    assert s.objects[foe].damage == 6 and not s.players["p1"].hand


def test_shakedown_the_targets_controller_lets_the_caster_draw_two() -> None:
    s = game()
    foe = put(s, DRAKE, "p2", "base")
    s = choose(_shakedown(s, foe), "p2", let_draw=True)
    assert s.objects[foe].damage == 0 and len(s.players["p1"].hand) == 2


def test_shakedown_needs_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p2", "base")
    d = spell_played(s, SHAKEDOWN, targets=(mine,))
    assert "355.5" in violations(s, d)


# --- Clockwork Keeper (OGN-044), Meditation (OGN-048): optional additional costs ---------------

KEEPER, MEDITATION = "OGN-044", "OGN-048"


def test_clockwork_keeper_draws_when_the_extra_calm_is_paid() -> None:
    s = game()
    runes(s, "p1", 3, CALM_RUNE)
    keeper = put(s, KEEPER, "p1", "hand")
    assert total_cost(s, "p1", keeper, choices={"additional": True}) == Cost(2, {"Calm": 1})
    s = pass_all(play(s, keeper, choices={"additional": True}))
    assert len(s.players["p1"].hand) == 1


def test_clockwork_keeper_without_the_extra_cost_does_not_draw() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    s = pass_all(play(s, put(s, KEEPER, "p1", "hand")))
    assert not s.chain and not s.players["p1"].hand


def test_clockwork_keeper_refuses_an_unpaid_extra_cost_or_a_wrong_one() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    keeper = put(s, KEEPER, "p1", "hand")
    unit = put(s, SKULKER, "p1", "base")
    d = CardPlayed(player="p1", card=keeper, destination="base", choices={"additional": True},
                   payment=pay_for(s, "p1", cost=Cost(2)))
    assert "356.2" in violations(s, d)
    d = CardPlayed(player="p1", card=keeper, destination="base", choices={"exhaust": [unit]},
                   payment=pay_for(s, "p1", cost=Cost(2)))
    assert "356.2" in violations(s, d)


def test_meditation_exhausting_a_friendly_unit_draws_two() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    s = pass_all(cast(s, MEDITATION, choices={"exhaust": [unit]}))
    assert s.objects[unit].exhausted and len(s.players["p1"].hand) == 2


def test_meditation_without_the_extra_cost_draws_one() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    s = pass_all(cast(s, MEDITATION))
    assert not s.objects[unit].exhausted and len(s.players["p1"].hand) == 1


def test_meditation_refuses_an_enemy_or_exhausted_unit() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    tired = put(s, SKULKER, "p1", "base", exhausted=True)
    spell = put(s, MEDITATION, "p1", "hand")
    for bad in ([foe], [tired], []):
        d = CardPlayed(player="p1", card=spell, choices={"exhaust": bad},
                       payment=pay_for(s, "p1", spell))
        assert "356.2" in violations(s, d)


# --- Vi, Destructive (OGN-036): recycle a card of the trash as a cost (416.3) ------------------

VI = "OGN-036"


def test_vi_recycles_a_trash_card_for_one_might_each_time() -> None:
    s = game()
    vi = put(s, VI, "p1", "battlefield", "bf1")
    old = [put(s, SKULKER, "p1", "trash") for _ in range(2)]
    s = pass_all(activate(s, vi, choices={"recycle": [old[1]]}))
    s = pass_all(activate(s, vi, choices={"recycle": [old[0]]}))
    assert layers.might_of(s, vi) == 5 and not s.players["p1"].trash
    assert s.players["p1"].main_deck[-2:] == [old[1], old[0]]  # to the bottom, in order
    assert layers.characteristics(s, vi).has("Ganking")


def test_vi_cannot_pay_with_an_empty_trash_or_another_players_card() -> None:
    s = game()
    vi = put(s, VI, "p1", "base")
    assert "416.3" in violations(s, AbilityActivated(player="p1", source=vi, ability=0,
                                                     choices={"recycle": []}))
    theirs = put(s, SKULKER, "p2", "trash")
    put(s, SKULKER, "p1", "trash")
    assert "416.3" in violations(s, AbilityActivated(player="p1", source=vi, ability=0,
                                                     choices={"recycle": [theirs]}))


def test_vi_bot_candidates_name_a_trash_card() -> None:
    from riftlog.rules.playing import abilities

    s = game()
    vi = put(s, VI, "p1", "base")
    assert not [c for c in abilities.candidates(s, "p1") if getattr(c, "source", None) == vi]
    put(s, SKULKER, "p1", "trash")
    (cand,) = [c for c in abilities.candidates(s, "p1") if getattr(c, "source", None) == vi]
    assert not violations(s, cand)


# --- Draven, Showboat (OGN-028) ----------------------------------------------------------------

DRAVEN = "OGN-028"


def test_draven_gets_might_from_his_controllers_points() -> None:
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    draven = put(s, DRAVEN, "p1", "hand")
    s = play(s, draven)
    assert layers.might_of(s, draven) == 3
    s.players["p1"].points = 4
    s.players["p2"].points = 6  # an opponent's points do not count
    assert layers.might_of(s, draven) == 7 and layers.is_mighty(s, draven)


def test_draven_refuses_an_unpaid_power_cost() -> None:
    s = game()
    runes(s, "p1", 6, CALM_RUNE)
    draven = put(s, DRAVEN, "p1", "hand")
    d = CardPlayed(player="p1", card=draven, destination="base",
                   payment=pay_for(s, "p1", cost=Cost(5)))
    assert "165.2" in violations(s, d)


# --- Raging Soul (OGN-019) -------------------------------------------------------------------

RAGING_SOUL = "OGN-019"


def test_raging_soul_has_assault_and_ganking_after_a_discard_this_turn() -> None:
    s = game()
    runes(s, "p1", 6, FURY_RUNE)
    soul = put(s, RAGING_SOUL, "p1", "hand")
    s = play(s, soul)
    assert not layers.characteristics(s, soul).has("Ganking")
    s.objects[soul].exhausted = False
    change = put(s, SKULKER, "p1", "hand")
    s = pass_all(play(s, put(s, ENFORCER, "p1", "hand")))  # Chemtech Enforcer: discard 1
    assert s.objects[change].zone == "trash"
    ch = layers.characteristics(s, soul)
    assert ch.has("Ganking") and ch.value("Assault") == 1
    control(s, "bf1", "p1")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(soul,), destination="bf1"))
    s.objects[soul].exhausted = False
    s, _ = engine.apply(s, StandardMove(player="p1", units=(soul,), destination="bf2"))
    assert s.objects[soul].location == "bf2"  # battlefield to battlefield: Ganking
    s.turn += 1
    assert not layers.characteristics(s, soul).has("Ganking")  # only the turn of the discard


def test_raging_soul_cannot_gank_without_a_discard() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    soul = put(s, RAGING_SOUL, "p1", "hand")
    s = play(s, soul)
    s.objects[soul].exhausted = False
    control(s, "bf1", "p1")
    s, _ = engine.apply(s, StandardMove(player="p1", units=(soul,), destination="bf1"))
    s.objects[soul].exhausted = False
    assert violations(s, StandardMove(player="p1", units=(soul,), destination="bf2")) == ["144.4.c.1"]
    assert not layers.characteristics(s, soul).has("Assault")


# --- Vayne, Hunter (OGN-035) ----------------------------------------------------------------

VAYNE = "OGN-035"


def test_vayne_enters_ready_only_while_an_opponent_controls_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 10, FURY_RUNE)
    first = put(s, VAYNE, "p1", "hand")
    s = play(s, first)
    assert s.objects[first].exhausted
    control(s, "bf2", "p2")
    second = put(s, VAYNE, "p1", "hand")
    s = play(s, second)
    assert not s.objects[second].exhausted


def _vayne_conquers() -> tuple[GameState, str]:
    s = game()
    vayne = put(s, VAYNE, "p1", "base")
    runes(s, "p1", 1, FURY_RUNE)
    s, _ = engine.apply(s, StandardMove(player="p1", units=(vayne,), destination="bf1"))
    for _ in range(6):  # the showdown: pass until the conquer trigger asks
        reqs = engine.pending(s)
        if reqs[0].kind == "choice" or (not s.chain and s.battlefield("bf1").controller == "p1"):
            break
        s, _ = engine.apply(s, PriorityPassed(player=reqs[0].player or ""))
    s = pass_all(s)
    return s, vayne


def test_vayne_may_pay_one_energy_to_return_to_hand_when_she_conquers() -> None:
    s, vayne = _vayne_conquers()
    req = request(s)
    assert req.kind == "choice" and {"pay": None} in req.options["choices"]
    pay_option = next(c for c in req.options["choices"] if c["pay"])
    s = choose(s, "p1", **pay_option)
    assert s.objects[vayne].zone == "hand" and s.players["p1"].points == 1
    assert all(s.objects[r].exhausted for r in s.players["p1"].base)


def test_vayne_may_decline_and_cannot_pay_with_what_is_not_offered() -> None:
    s, vayne = _vayne_conquers()
    bogus = ChoiceMade(player="p1", choice={"pay": {"exhaust": ["p2.c1"]}})
    assert violations(s, bogus) == ["378"]
    s = choose(s, "p1", pay=None)
    assert s.objects[vayne].zone == "battlefield"


# --- Defy (OGN-045) ---------------------------------------------------------------------------

DEFY = "OGN-045"


def _p2_answers(s: GameState, card: str, **kw: Any) -> tuple[GameState, str]:
    """p1 plays spell *card*, passes; p2 holds priority with it on the chain."""
    runes(s, "p2", 2, CALM_RUNE)
    s = cast(s, card, **kw)
    item = s.chain[-1].id
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    assert request(s).player == "p2"
    return s, item


def test_defy_counters_a_cheap_spell() -> None:
    s = game()
    runes(s, "p1", 3, CALM_RUNE)
    unit = put(s, SKULKER, "p2", "base")
    s, item = _p2_answers(s, RUNE_PRISON, targets=(unit,))
    prison = s.chain[-1].source
    s = play(s, put(s, DEFY, "p2", "hand"), player="p2", destination=None, targets=(item,))
    s = pass_all(s)
    assert not s.chain and s.objects[prison or ""].zone == "trash"
    assert not s.objects[unit].stunned  # the countered spell did nothing


def test_defy_refuses_a_spell_with_two_power() -> None:
    s = game()
    runes(s, "p1", 7, FURY_RUNE)
    s, item = _p2_answers(s, THERMO_BEAM)  # printed cost 5 Energy, 2 Power
    defy = put(s, DEFY, "p2", "hand")
    d = CardPlayed(player="p2", card=defy, payment=pay_for(s, "p2", defy), targets=(item,))
    assert "355.5.b" in violations(s, d)  # no legal target at all


# --- Magma Wurm (OGN-011) ---------------------------------------------------------------------

WURM, RECRUIT = "OGN-011", "OGN-271"


def test_magma_wurm_makes_other_friendly_units_enter_ready(encode: Any) -> None:
    from riftlog.cards.vocab import CreateToken

    s = game()
    runes(s, "p1", 16, FURY_RUNE)
    wurm = put(s, WURM, "p1", "hand")
    s = play(s, wurm)
    assert s.objects[wurm].exhausted  # not itself
    unit = put(s, SKULKER, "p1", "hand")
    s = play(s, unit)
    assert not s.objects[unit].exhausted
    encode(SERGEANT, on_play(CreateToken(RECRUIT)))  # a test card that creates a unit token
    s = pass_all(play(s, put(s, SERGEANT, "p1", "hand")))
    token = next(o for o in s.players["p1"].base if s.objects[o].card == RECRUIT)
    assert not s.objects[token].exhausted


def test_magma_wurm_does_not_ready_an_opponents_units() -> None:
    s = game()
    put(s, WURM, "p1", "base")
    runes(s, "p2", 3, CALM_RUNE)
    s.turn_player = "p2"
    from riftlog.rules.game_actions import actions

    log: list[Any] = []
    theirs = actions.create(s, RECRUIT, "p2", log)
    mine = actions.create(s, RECRUIT, "p1", log)
    assert s.objects[theirs].exhausted and not s.objects[mine].exhausted


# --- Ravenborn Tome (OGN-032) ----------------------------------------------------------------

TOME = "OGN-032"


def test_ravenborn_tome_gives_the_next_spell_one_bonus_damage_per_deal() -> None:
    s = game()
    tome = put(s, TOME, "p1", "base")
    runes(s, "p1", 8, FURY_RUNE)
    a = put(s, DRAKE, "p2", "battlefield", "bf1")
    b = put(s, DRAKE, "p2", "battlefield", "bf2")
    s = pass_all(activate(s, tome))
    s = pass_all(cast(s, FALLING_STAR, targets={"first": (a,), "second": (b,)}))
    assert s.objects[a].damage == 4 and s.objects[b].damage == 4
    s = pass_all(cast(s, HEXTECH_RAY, targets=(a,)))
    assert s.objects[a].damage == 7  # only the next spell


def test_ravenborn_tome_bonus_reaches_get_excited_and_the_tome_exhausts() -> None:
    s = game()
    tome = put(s, TOME, "p1", "base")
    runes(s, "p1", 3, FURY_RUNE)
    a = put(s, DRAKE, "p2", "battlefield", "bf1")
    s = pass_all(activate(s, tome))
    put(s, SKULKER, "p1", "hand")  # the card to discard: 3 Energy
    s = pass_all(cast(s, GET_EXCITED, targets=(a,)))
    assert s.objects[a].damage == 4
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=tome, ability=0))


# --- Flame Chompers (OGN-006) -----------------------------------------------------------------

CHOMPERS = "OGN-006"


def _discard_chompers() -> tuple[GameState, str]:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    chompers = put(s, CHOMPERS, "p1", "hand")
    put(s, SKULKER, "p1", "hand")
    s = pass_all(play(s, put(s, ENFORCER, "p1", "hand")))
    s = choose(s, "p1", cards=[chompers])  # Chemtech Enforcer's discard
    assert s.objects[chompers].zone == "trash"
    s = pass_all(s)  # the discard trigger resolves and asks
    return s, chompers


def test_flame_chompers_may_be_played_from_the_trash_for_a_fury_power() -> None:
    s, chompers = _discard_chompers()
    req = request(s)
    assert req.kind == "choice" and {"play": None} in req.options["choices"]
    option = next(c for c in req.options["choices"] if c["play"] and c["play"]["to"] == "base:p1")
    deck = len(s.players["p1"].rune_deck)
    s = choose(s, "p1", **option)
    assert s.objects[chompers].zone == "base" and s.objects[chompers].exhausted
    assert len(s.players["p1"].rune_deck) == deck + 1  # a Fury rune recycled for the power
    assert chompers in s.players["p1"].turn_marks["played"]  # it was played (Legion counts it)


def test_flame_chompers_may_stay_in_the_trash_and_refuses_an_unlisted_answer() -> None:
    s, chompers = _discard_chompers()
    bad = ChoiceMade(player="p1", choice={"play": {"to": "bf1", "payment": {"exhaust": [],
                                                                          "recycle": []}}})
    assert violations(s, bad) == ["378"]  # p1 does not control bf1; nothing was paid
    s = choose(s, "p1", play=None)
    assert s.objects[chompers].zone == "trash"


# --- Noxus Saboteur (OGN-018) ------------------------------------------------------------------

SABOTEUR = "OGN-018"


def _cub_hidden_at_bf1() -> tuple[GameState, str]:
    s, cub = hide_pakaa(game(), CALM_RUNE)
    s.turn += 1
    return s, cub


def test_noxus_saboteur_stops_an_opponents_hidden_card_being_played_there() -> None:
    s, cub = _cub_hidden_at_bf1()
    put(s, SABOTEUR, "p2", "battlefield", "bf1")
    assert violations(s, CardPlayed(player="p1", card=cub, destination="bf1")) == ["421.3"]


def test_noxus_saboteur_elsewhere_or_friendly_does_not_stop_it() -> None:
    s, cub = _cub_hidden_at_bf1()
    put(s, SABOTEUR, "p2", "battlefield", "bf2")
    put(s, SABOTEUR, "p1", "battlefield", "bf1")
    s, _ = engine.apply(s, CardPlayed(player="p1", card=cub, destination="bf1"))
    assert s.objects[cub].zone == "battlefield"


# --- Disintegrate (OGN-005, errata 2025-10-28: a reflexive "do this") ---------------------------

DISINTEGRATE, VENGEANCE = "OGN-005", "OGN-229"


def test_disintegrate_draws_when_the_damage_kills_the_unit() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, DISINTEGRATE, targets=(foe,)))
    assert s.objects[foe].zone == "trash" and len(s.players["p1"].hand) == 1
    assert "delayed" not in s.extra


def test_disintegrate_does_not_draw_when_the_unit_survives_even_if_it_dies_later() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    runes(s, "p1", 4, "OGN-214")  # Order runes for Vengeance
    foe = put(s, DRAKE, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, DISINTEGRATE, targets=(foe,)))
    assert s.objects[foe].damage == 3 and not s.players["p1"].hand
    s = pass_all(cast(s, VENGEANCE, targets=(foe,)))  # killed later by something else
    assert s.objects[foe].zone == "trash" and not s.players["p1"].hand


def test_disintegrate_refuses_a_unit_in_a_base() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    at_base = put(s, SKULKER, "p2", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    d = spell_played(s, DISINTEGRATE, targets=(at_base,))
    assert "355.5" in violations(s, d)


# OGN-025: tests/cards_engine/test_play_effect_cards.py; OGN-034 and OGN-037:
# tests/cards_engine/test_kill_buff_cards.py (issue #5, K1).

_ = Payment
