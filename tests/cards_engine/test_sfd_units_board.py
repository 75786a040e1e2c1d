"""Spiritforged (SFD) units that change what the board allows or counts: Minotaur Reckoner
(no moves to a base, RUP4 054), Rengar, Pouncing (played to a battlefield its controller
attacks, 355.2.b), Ornn, Forge God (Might per gear), Renata Glasc, Mastermind (abilities
usable only at a battlefield, 377.2.b) - each through the engine, with the moves refused."""

from __future__ import annotations

from typing import Any

from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import Payment, PriorityPassed
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions.scoring import points_of
from riftlog.rules.interpreter import triggers
from tests.cards_engine.helpers import (
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    activate,
    choose,
    conquer,
    control,
    game,
    move,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)

MINOTAUR, RENGAR, ORNN, RENATA = "SFD-014", "SFD-025", "SFD-085", "SFD-088"
SUN_DISC = "OGN-021"   # a gear
MEGA = "OGN-088"       # a unit of Might 8
BIG = "OGN-219"        # a unit of Might 4


# --- Minotaur Reckoner (SFD-014) -------------------------------------------------------------


def _minotaur_in_play(s: GameState, pid: str = "p1") -> GameState:
    runes(s, "p1", 5, FURY_RUNE)
    return pass_all(play(s, put(s, MINOTAUR, "p1", "hand")))


def test_minotaur_reckoner_stops_a_standard_move_to_base() -> None:
    s = game()
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    d = StandardMove(player="p1", units=(unit,), destination="base:p1")
    assert not violations(s, d)                         # allowed before it is played
    s = _minotaur_in_play(s)
    assert "054" in violations(s, d)                    # RUP4/v1.3 054: a "can't" wins


def test_minotaur_reckoner_leaves_moves_to_a_battlefield_alone() -> None:
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    s = _minotaur_in_play(s)
    s = move(s, (unit,), "bf1")
    assert s.objects[unit].location == "bf1"


def test_minotaur_reckoner_also_stops_an_effects_move_to_base() -> None:
    s = game()
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    ezreal = put(s, "SFD-082", "p1", "battlefield", "bf1")   # [Mind power]: move me to base
    s = _minotaur_in_play(s)
    runes(s, "p1", 1, MIND_RUNE)
    s = pass_all(activate(s, ezreal, ability=2, payment=pay_for(s, "p1", cost=Cost.of(0, Mind=1))))
    assert s.objects[ezreal].location == "bf1"          # the move is not done (359.3.e.6)


# --- Rengar, Pouncing (SFD-025) --------------------------------------------------------------


def _attack_bf1(s: GameState) -> GameState:
    runes(s, "p1", 4, FURY_RUNE)
    attacker = put(s, BIG, "p1", "base")
    put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    put(s, SKULKER, "p2", "battlefield", "bf2")
    control(s, "bf2", "p2")
    return move(s, (attacker,), "bf1")                   # a combat at bf1: p1 has focus


def test_rengar_is_played_into_the_combat_he_attacks() -> None:
    s = _attack_bf1(game())
    rengar = put(s, RENGAR, "p1", "hand")
    s = play(s, rengar, destination="bf1")
    s = pass_all(s)
    assert s.objects[rengar].location == "bf1"


def test_rengar_refuses_a_battlefield_where_no_attack_is() -> None:
    s = _attack_bf1(game())
    rengar = put(s, RENGAR, "p1", "hand")
    d = CardPlayed(player="p1", card=rengar, destination="bf2",
                   payment=pay_for(s, "p1", rengar))
    assert violations(s, d) == ["355.2.a"]               # v1.3 355.2.a: only the attacked one


def test_rengar_refuses_an_enemy_battlefield_outside_combat() -> None:
    s = game()
    runes(s, "p1", 4, FURY_RUNE)
    put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    rengar = put(s, RENGAR, "p1", "hand")
    d = CardPlayed(player="p1", card=rengar, destination="bf1", payment=pay_for(s, "p1", rengar))
    assert violations(s, d) == ["355.2.a"]               # v1.3 355.2.a: no attack there


# --- Ornn, Forge God (SFD-085) ---------------------------------------------------------------


def test_ornn_forge_god_has_one_more_might_per_friendly_gear() -> None:
    s = game()
    runes(s, "p1", 6, MIND_RUNE)
    put(s, SUN_DISC, "p1", "base")
    put(s, SUN_DISC, "p1", "base")
    put(s, SUN_DISC, "p2", "base", "base:p2")          # not his controller's
    ornn = put(s, ORNN, "p1", "hand")
    s = pass_all(play(s, ornn))
    assert layers.might_of(s, ornn) == 4 + 2
    put(s, SUN_DISC, "p1", "base")
    assert layers.might_of(s, ornn) == 4 + 3            # counted as it changes


def test_ornn_forge_god_refuses_an_unpaid_play() -> None:
    s = game()
    ornn = put(s, ORNN, "p1", "hand")
    d = CardPlayed(player="p1", card=ornn, destination="base", payment=Payment())
    assert "165.2" in violations(s, d)                  # v1.3 165.2: cost not paid


# --- Renata Glasc, Mastermind (SFD-088) ------------------------------------------------------


def test_renata_draws_and_gains_a_point_at_a_battlefield() -> None:
    s = game()
    control(s, "bf1", "p1")
    renata = put(s, RENATA, "p1", "battlefield", "bf1")
    runes(s, "p1", 10, MIND_RUNE)
    hand = len(s.players["p1"].hand)
    s = pass_all(activate(s, renata, ability=0,
                          payment=pay_for(s, "p1", cost=Cost.of(1, Mind=1))))
    assert len(s.players["p1"].hand) == hand + 1
    before = points_of(s, "p1")
    s = pass_all(activate(s, renata, ability=1, payment=pay_for(s, "p1", cost=Cost.of(4, Mind=4))))
    assert points_of(s, "p1") == before + 1 and s.objects[renata].exhausted


def test_renata_refuses_her_abilities_in_base() -> None:
    s = game()
    renata = put(s, RENATA, "p1", "base")
    runes(s, "p1", 2, MIND_RUNE)
    d = AbilityActivated(player="p1", source=renata, ability=0,
                         payment=pay_for(s, "p1", cost=Cost.of(1, Mind=1)))
    assert violations(s, d) == ["377.2.b"]               # v1.3 377.2.b: only at a battlefield


# --- Trusty Ramhound (SFD-159) ---------------------------------------------------------------

RAMHOUND = "SFD-159"


def test_trusty_ramhound_has_one_more_might_beside_a_friend() -> None:
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    dog = put(s, RAMHOUND, "p1", "hand")
    s = pass_all(play(s, dog))
    assert layers.might_of(s, dog) == 2                 # alone in base
    friend = put(s, SKULKER, "p1", "base")
    assert layers.might_of(s, dog) == 3
    s.objects[dog].exhausted = False                    # played exhausted: ready it to move
    s = move(s, (dog,), "bf1")
    assert layers.might_of(s, dog) == 2                 # the friend stayed in base
    put(s, SKULKER, "p1", "battlefield", "bf1")
    assert layers.might_of(s, dog) == 3 and layers.might_of(s, friend) == 3  # friend: as printed


def test_trusty_ramhound_is_not_helped_by_an_enemy_unit_here() -> None:
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    dog = put(s, RAMHOUND, "p1", "hand")
    s = pass_all(play(s, dog))
    s.objects[dog].exhausted = False                    # played exhausted: ready it to move
    s = move(s, (dog,), "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    assert layers.might_of(s, dog) == 2
    d = CardPlayed(player="p1", card=put(s, RAMHOUND, "p1", "hand"), destination="base",
                   payment=Payment())
    assert "165.2" in violations(s, d)                  # v1.3 165.2: cost not paid


# --- Fiora, Peerless (SFD-110) ---------------------------------------------------------------

FIORA = "SFD-110"


def _to_damage_step(s: GameState) -> tuple[GameState, Any]:
    for _ in range(20):
        req = engine.pending(s)[0]
        if req.kind == "combat_damage":
            return s, req
        s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    raise AssertionError("no combat damage step")


def test_fiora_doubles_her_might_attacking_one_on_one_for_the_combat() -> None:
    s = game()
    fiora = put(s, FIORA, "p1", "base")
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s, req = _to_damage_step(move(s, (fiora,)))
    assert req.player == "p1" and req.options["total"] == 6      # 3 doubled
    s, _ = engine.apply(s, CombatDamageAssigned(player="p1", battlefield="bf1",
                                                assignment={foe: 6}))
    s, _ = engine.apply(s, CombatDamageAssigned(player="p2", battlefield="bf1",
                                                assignment={fiora: 4}))
    assert s.objects[fiora].zone == "battlefield" and s.objects[foe].zone == "trash"
    assert layers.might_of(s, fiora) == 3                        # the combat is over


def test_fiora_is_not_doubled_against_two_units() -> None:
    s = game()
    fiora = put(s, FIORA, "p1", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s, req = _to_damage_step(move(s, (fiora,)))
    assert req.options["total"] == 3


# --- Kato the Arm (SFD-112) ------------------------------------------------------------------

KATO = "SFD-112"


def _kato_moves(s: GameState) -> tuple[GameState, str, str]:
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    kato = put(s, KATO, "p1", "base")
    friend = put(s, SKULKER, "p1", "base")
    return move(s, (kato,)), kato, friend


def test_kato_gives_another_friend_his_keywords_and_might() -> None:
    s, _, friend = _kato_moves(game())
    s = pass_all(choose(s, "p1", targets={"t": [friend]}))
    ch = layers.characteristics(s, friend)
    assert ch.has("Deflect") and layers.might_of(s, friend) == 3 + 3


def test_kato_refuses_himself_as_the_other_unit() -> None:
    s, kato, _ = _kato_moves(game())
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [kato]}}))


# --- Lucian, Merciless (SFD-113) -------------------------------------------------------------

LUCIAN_M = "SFD-113"


def test_lucian_merciless_readies_the_first_time_he_conquers_in_a_turn() -> None:
    s = game()
    lucian = put(s, LUCIAN_M, "p1", "base")
    s = pass_all(conquer(s, (lucian,)))
    assert s.objects[lucian].location == "bf1" and not s.objects[lucian].exhausted
    s.objects[lucian].exhausted = True
    assert triggers.fire(s, "conquers", player="p1", battlefield="bf1") == 0   # not again


# --- Sivir, Ambitious (SFD-120) --------------------------------------------------------------

SIVIR = "SFD-120"


def _sivir_conquers(defender: str) -> tuple[GameState, str]:
    s = game()
    control(s, "bf1", "p2")
    foe = put(s, defender, "p2", "battlefield", "bf1")
    far = put(s, BIG, "p2", "battlefield", "bf2")
    control(s, "bf2", "p2")
    sivir = put(s, SIVIR, "p1", "base")
    s, _ = _to_damage_step(move(s, (sivir,)))
    s, _ = engine.apply(s, CombatDamageAssigned(player="p1", battlefield="bf1",
                                                assignment={foe: 7}))
    s, _ = engine.apply(s, CombatDamageAssigned(player="p2", battlefield="bf1",
                                                assignment={sivir: layers.might_of(s, foe)}))
    return s, far


def test_sivir_ambitious_does_nothing_with_four_excess_damage() -> None:
    s, far = _sivir_conquers(SKULKER)                 # Might 3: 7 assigned, 4 beyond lethal
    assert s.extra["combat_excess"]["excess"]["p1"] == 4
    s = pass_all(s)
    assert s.battlefield("bf1").controller == "p1"    # she conquered, but no trigger
    assert not s.chain and s.objects[far].damage == 0


def test_sivir_ambitious_may_deal_five_excess_to_an_enemy_unit() -> None:
    s, far = _sivir_conquers("OGN-136")               # Might 2: 7 assigned, 5 beyond lethal
    assert s.extra["combat_excess"]["excess"]["p1"] == 5
    s = _passes_until_choice_board(s)
    s = choose(s, "p1", use=True)
    s = pass_all(s)
    assert s.objects[far].zone == "trash"             # 5 damage on a Might 4 unit


def _passes_until_choice_board(s: GameState) -> GameState:
    for _ in range(10):
        req = engine.pending(s)[0]
        if req.kind == "choice" or "PriorityPassed" not in req.decisions:
            return s
        s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    return s


# --- Tianna Crownguard (SFD-060) -------------------------------------------------------------

TIANNA = "SFD-060"


def test_tianna_at_a_battlefield_stops_an_opponents_conquer_point() -> None:
    s = game()
    put(s, TIANNA, "p2", "battlefield", "bf2")
    control(s, "bf2", "p2")
    unit = put(s, SKULKER, "p1", "base")
    s = move(s, (unit,))
    log: list[Any] = []
    for _ in range(2):                                   # both pass the showdown's focus
        s, more = engine.apply(s, PriorityPassed(player=engine.pending(s)[0].player or ""))
        log += more
    assert s.battlefield("bf1").controller == "p1"       # the conquer itself happens
    assert [a.rule for a in log if a.kind == "score"] == ["464"]
    assert [a.rule for a in log if a.kind == "gain_prevented"] == ["054"]
    assert points_of(s, "p1") == 0


def test_tianna_in_her_base_stops_nothing() -> None:
    s = game()
    put(s, TIANNA, "p2", "base", "base:p2")
    unit = put(s, SKULKER, "p1", "base")
    s = pass_all(conquer(s, (unit,)))
    assert points_of(s, "p1") == 1


def test_tianna_stops_an_effects_points_but_not_her_controllers() -> None:
    s = game()
    put(s, TIANNA, "p2", "battlefield", "bf2")
    control(s, "bf2", "p2")
    control(s, "bf1", "p1")
    renata = put(s, RENATA, "p1", "battlefield", "bf1")
    runes(s, "p1", 8, MIND_RUNE)
    s = pass_all(activate(s, renata, ability=1, payment=pay_for(s, "p1", cost=Cost.of(4, Mind=4))))
    assert points_of(s, "p1") == 0                       # refused: RUP4 054 beats 194.1.c
    s2 = game()
    put(s2, TIANNA, "p1", "battlefield", "bf1")
    control(s2, "bf1", "p1")
    renata2 = put(s2, RENATA, "p1", "battlefield", "bf1")
    runes(s2, "p1", 8, MIND_RUNE)
    s2 = pass_all(activate(s2, renata2, ability=1,
                           payment=pay_for(s2, "p1", cost=Cost.of(4, Mind=4))))
    assert points_of(s2, "p1") == 1                      # her own controller still gains


# --- Ancient Warmonger (SFD-131) -------------------------------------------------------------

WARMONGER = "SFD-131"


def test_ancient_warmonger_has_assault_per_enemy_unit_where_it_attacks() -> None:
    s = game()
    runes(s, "p1", 5, "OGN-166")                       # Chaos runes
    war = put(s, WARMONGER, "p1", "hand")
    s = pass_all(play(s, war))
    assert not layers.characteristics(s, war).has("Assault")     # in base: no enemy there
    s.objects[war].exhausted = False
    put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s, req = _to_damage_step(move(s, (war,)))
    assert layers.characteristics(s, war).value("Assault") == 2
    assert req.options["total"] == 4 + 2                         # +1 Might per Assault (807)


def test_ancient_warmonger_refuses_an_unpaid_play() -> None:
    s = game()
    d = CardPlayed(player="p1", card=put(s, WARMONGER, "p1", "hand"), destination="base",
                   payment=Payment())
    assert "165.2" in violations(s, d)                 # v1.3 165.2: cost not paid


# --- Corrupt Enforcer (SFD-123): the "wins_combat" event (RUP4 466.3.a, 466.3.c) -------------

ENFORCER = "SFD-123"


def _enforcer_attacks(defender: str) -> tuple[GameState, str, str, int]:
    s = game()
    put(s, SKULKER, "p1", "hand")                      # the card it discards
    enforcer = put(s, ENFORCER, "p1", "base")
    foe = put(s, defender, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = move(s, (enforcer,))
    s, _ = _to_damage_step(s)
    assert not s.players["p1"].hand                    # discarded as it moved there
    return s, enforcer, foe, len(s.players["p1"].hand)


def test_corrupt_enforcer_draws_when_it_wins_a_combat() -> None:
    s, enforcer, foe, hand = _enforcer_attacks(SKULKER)
    s, _ = engine.apply(s, CombatDamageAssigned(player="p1", battlefield="bf1",
                                                assignment={foe: 4}))
    s, _ = engine.apply(s, CombatDamageAssigned(player="p2", battlefield="bf1",
                                                assignment={enforcer: 3}))
    s = pass_all(s)
    assert s.objects[foe].zone == "trash" and s.objects[enforcer].location == "bf1"
    assert len(s.players["p1"].hand) == hand + 1


def test_corrupt_enforcer_draws_nothing_when_it_loses() -> None:
    s, enforcer, foe, hand = _enforcer_attacks(MEGA)
    s, _ = engine.apply(s, CombatDamageAssigned(player="p1", battlefield="bf1",
                                                assignment={foe: 4}))
    s, _ = engine.apply(s, CombatDamageAssigned(player="p2", battlefield="bf1",
                                                assignment={enforcer: 8}))
    s = pass_all(s)
    assert s.objects[enforcer].zone == "trash" and len(s.players["p1"].hand) == hand


# --- Draven, Vanquisher (SFD-020) ------------------------------------------------------------

DRAVEN_V, GOLD = "SFD-020", "SFD-T03"


def _draven_attacks(pay: bool) -> tuple[GameState, str, str]:
    s = game()
    fury = runes(s, "p1", 1, FURY_RUNE)[0]
    draven = put(s, DRAVEN_V, "p1", "base")
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = move(s, (draven,))
    req = engine.pending(s)[0]
    assert req.rule == "742.1.b"                       # the Fury power, as it is finalized
    s = choose(s, "p1", pay={"exhaust": [], "recycle": [fury]} if pay else None)
    return s, draven, foe


def test_draven_vanquisher_pays_fury_for_two_might_and_wins_a_gold() -> None:
    s, draven, foe = _draven_attacks(pay=True)
    s, req = _to_damage_step(s)
    assert req.options["total"] == 4 + 2
    s, _ = engine.apply(s, CombatDamageAssigned(player="p1", battlefield="bf1",
                                                assignment={foe: 6}))
    s, _ = engine.apply(s, CombatDamageAssigned(player="p2", battlefield="bf1",
                                                assignment={draven: 4}))
    s = pass_all(s)
    assert s.objects[draven].location == "bf1"         # 6 Might: survives 4
    assert sum(1 for o in s.objects.values() if o.card == GOLD and o.controller == "p1") == 1


def test_draven_vanquisher_unpaid_gets_nothing_and_refuses_an_empty_payment() -> None:
    s = game()
    runes(s, "p1", 1, FURY_RUNE)
    draven = put(s, DRAVEN_V, "p1", "base")
    put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = move(s, (draven,))
    assert violations(s, ChoiceMade(player="p1", choice={"pay": {"exhaust": [], "recycle": []}}))
    s = choose(s, "p1", pay=None)
    s, req = _to_damage_step(s)
    assert req.options["total"] == 4


# --- Yone, Blademaster (SFD-116) -------------------------------------------------------------

YONE = "SFD-116"


def test_yone_conquering_an_uncontrolled_battlefield_hits_an_enemy_in_a_base() -> None:
    s = game()
    yone = put(s, YONE, "p1", "base")
    foe = put(s, BIG, "p2", "base", "base:p2")
    s = pass_all(conquer(s, (yone,)))
    assert s.objects[foe].zone == "trash"              # 5 damage on Might 4
    assert "conquered_from" not in s.extra              # a marker only while it scores


def test_yone_conquering_a_defended_battlefield_does_nothing() -> None:
    s = game()
    yone = put(s, YONE, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    home = put(s, BIG, "p2", "base", "base:p2")
    s, _ = _to_damage_step(move(s, (yone,)))
    s, _ = engine.apply(s, CombatDamageAssigned(player="p1", battlefield="bf1",
                                                assignment={foe: 5}))
    s, _ = engine.apply(s, CombatDamageAssigned(player="p2", battlefield="bf1",
                                                assignment={yone: 3}))
    s = pass_all(s)
    assert s.battlefield("bf1").controller == "p1"     # conquered from p2
    assert s.objects[home].damage == 0 and s.objects[home].zone == "base"
