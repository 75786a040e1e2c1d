"""Batch ogn_151_200, units and gear: Lee Sin (151), Qiyana (155), Warwick (159), Sett (164),
Cemetery Attendant (165), Undercover Agent (178), Scrapheap (182), The Syren (184), Zaunite
Bouncer (188), Kog'Maw (190), Maddened Marauder (191), Mindsplitter (192), Teemo (197),
Tideturner (199), Twisted Fate (200)."""

from __future__ import annotations

from typing import Any

from riftlog.events.abilities import AbilityActivated, CardHidden, ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import effects, triggers
from riftlog.rules.playing.abilities import HIDE_COST
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    activate,
    choose,
    control,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    violations,
)

LEE, QIYANA, WARWICK, SETT, ATTENDANT, AGENT, SCRAPHEAP, SYREN, BOUNCER, KOGMAW, MARAUDER, \
    MINDSPLITTER, TEEMO, TIDETURNER, TWISTED = (
        "OGN-151", "OGN-155", "OGN-159", "OGN-164", "OGN-165", "OGN-178", "OGN-182", "OGN-184",
        "OGN-188", "OGN-190", "OGN-191", "OGN-192", "OGN-197", "OGN-199", "OGN-200")


def fire(s: GameState, event: str, **data: Any) -> GameState:
    """Fire *event* as the game would, then let the flow put triggers on the chain."""
    triggers.fire(s, event, **data)
    turn.advance(s, [])
    return s


def kill(s: GameState, oid: str) -> GameState:
    effects.kill(s, [oid], [])
    turn.advance(s, [])
    return s


# --- Lee Sin, Centered ---------------------------------------------------------------------------


def test_lee_sin_gives_other_buffed_friendly_units_at_his_battlefield_two_might() -> None:
    s = game()
    control(s, "bf1", "p1")
    runes(s, "p1", 7, BODY_RUNE)
    buffed = put(s, SKULKER, "p1", "battlefield", "bf1")
    plain = put(s, SKULKER, "p1", "battlefield", "bf1")
    away = put(s, SKULKER, "p1", "battlefield", "bf2")
    for o in (buffed, away):
        s.objects[o].buffed = True
    lee = put(s, LEE, "p1", "hand")
    s = play(s, lee, destination="bf1")
    assert layers.might_of(s, buffed) == 3 + 1 + 2
    assert layers.might_of(s, plain) == 3 and layers.might_of(s, away) == 4
    s.objects[lee].buffed = True
    assert layers.might_of(s, lee) == 7  # only others


def test_lee_sin_in_his_base_gives_nothing() -> None:
    s = game()
    runes(s, "p1", 7, BODY_RUNE)
    home = put(s, SKULKER, "p1", "base")
    s.objects[home].buffed = True
    s = play(s, put(s, LEE, "p1", "hand"))
    assert layers.might_of(s, home) == 4


# --- Qiyana, Victorious ------------------------------------------------------------------------


def test_qiyana_conquering_lets_her_controller_channel_or_draw() -> None:
    s = game()
    qiyana = put(s, QIYANA, "p1", "battlefield", "bf1")
    rune = put(s, CHAOS_RUNE, "p1", "rune_deck")
    s = fire(s, "conquers", player="p1", battlefield="bf1")
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert req.options["kind"] == "custom"
    assert "378" in violations(s, ChoiceMade(player="p1", choice={"do": "both"}))
    s = choose(s, "p1", do="channel")
    assert s.objects[rune].zone == "base" and s.objects[rune].exhausted
    assert s.objects[qiyana].zone == "battlefield"


def test_qiyana_draws_when_chosen_and_ignores_other_conquests() -> None:
    s = game()
    put(s, QIYANA, "p1", "battlefield", "bf1")
    assert triggers.fire(s, "conquers", player="p1", battlefield="bf2") == 0
    s.extra.pop("triggers", None)
    s.queue = [e for e in s.queue if e.get("kind") != "triggers"]
    s = fire(s, "conquers", player="p1", battlefield="bf1")
    s = pass_all(s)
    s = choose(s, "p1", do="draw")
    assert len(s.players["p1"].hand) == 1


# --- Warwick, Hunter -----------------------------------------------------------------------------


def test_warwick_enters_ready_and_kills_damaged_enemies_when_attacking() -> None:
    s = game()
    runes(s, "p1", 7, BODY_RUNE)
    hurt = put(s, SKULKER, "p2", "battlefield", "bf1")
    fresh = put(s, SKULKER, "p2", "battlefield", "bf1")
    elsewhere = put(s, SKULKER, "p2", "battlefield", "bf2")
    s.objects[hurt].damage = 1
    s.objects[elsewhere].damage = 1
    control(s, "bf1", "p2")
    warwick = put(s, WARWICK, "p1", "hand")
    s = play(s, warwick)
    assert not s.objects[warwick].exhausted
    s, _ = engine.apply(s, StandardMove(player="p1", units=(warwick,), destination="bf1"))
    s = pass_all(s)
    assert s.objects[hurt].zone == "trash"
    assert s.objects[fresh].zone == "battlefield" and s.objects[elsewhere].zone == "battlefield"


def test_warwick_defending_does_not_trigger() -> None:
    s = game()
    warwick = put(s, WARWICK, "p1", "battlefield", "bf1")
    hurt = put(s, SKULKER, "p2", "battlefield", "bf1")
    s.objects[hurt].damage = 1
    assert triggers.fire(s, "defends", obj=warwick, player="p1", battlefield="bf1") == 0


# --- Sett, Brawler ----------------------------------------------------------------------------------


def test_sett_buffs_himself_when_played_and_spends_it_for_four_might() -> None:
    s = game()
    runes(s, "p1", 6, BODY_RUNE)
    sett = put(s, SETT, "p1", "hand")
    s = play(s, sett)
    s = pass_all(s)
    assert s.objects[sett].buffed and layers.might_of(s, sett) == 5
    s = activate(s, sett, ability=2)
    s = pass_all(s)
    assert not s.objects[sett].buffed and layers.might_of(s, sett) == 8


def test_sett_cannot_spend_a_buff_he_does_not_have() -> None:
    s = game()
    sett = put(s, SETT, "p1", "base")
    d = AbilityActivated(player="p1", source=sett, ability=2, payment=Payment())
    assert "702.2.b.1" in violations(s, d)


def test_sett_buffs_himself_when_he_conquers() -> None:
    s = game()
    sett = put(s, SETT, "p1", "battlefield", "bf1")
    s = fire(s, "conquers", player="p1", battlefield="bf1")
    s = pass_all(s)
    assert s.objects[sett].buffed


# --- Cemetery Attendant ----------------------------------------------------------------------------


def test_cemetery_attendant_returns_a_unit_from_the_trash() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    dead = put(s, SKULKER, "p1", "trash")
    gear = put(s, SYREN, "p1", "trash")
    s = play(s, put(s, ATTENDANT, "p1", "hand"))
    s = pass_all(s)
    assert s.objects[dead].zone == "hand" and s.objects[gear].zone == "trash"


def test_cemetery_attendant_takes_nothing_from_an_opponents_trash() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    theirs = put(s, SKULKER, "p2", "trash")
    s = play(s, put(s, ATTENDANT, "p1", "hand"))
    s = pass_all(s)
    assert s.objects[theirs].zone == "trash" and not s.players["p1"].hand


# --- Undercover Agent (the 422.4 example) -------------------------------------------------------


def test_undercover_agent_with_one_card_discards_it_and_still_draws_two() -> None:
    s = game()
    agent = put(s, AGENT, "p1", "battlefield", "bf1")
    lone = put(s, SKULKER, "p1", "hand")
    s = kill(s, agent)
    s = pass_all(s)
    assert s.objects[lone].zone == "trash" and len(s.players["p1"].hand) == 2


def test_undercover_agent_with_three_cards_chooses_two_to_discard() -> None:
    s = game()
    agent = put(s, AGENT, "p1", "battlefield", "bf1")
    cards = [put(s, SKULKER, "p1", "hand") for _ in range(3)]
    s = kill(s, agent)
    s = pass_all(s)
    assert "422.1" in violations(s, ChoiceMade(player="p1", choice={"cards": cards[:1]}))
    s = choose(s, "p1", cards=cards[:2])
    assert s.objects[cards[2]].zone == "hand" and len(s.players["p1"].hand) == 3


# --- Scrapheap ---------------------------------------------------------------------------------------


def test_scrapheap_draws_when_played_and_when_killed() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    heap = put(s, SCRAPHEAP, "p1", "hand")
    s = play(s, heap)
    s = pass_all(s)
    assert s.objects[heap].zone == "base" and len(s.players["p1"].hand) == 1
    s = kill(s, heap)
    s = pass_all(s)
    assert s.objects[heap].zone == "trash" and len(s.players["p1"].hand) == 2


def test_scrapheap_draws_when_discarded() -> None:
    s = game()
    agent = put(s, AGENT, "p1", "battlefield", "bf1")
    heap = put(s, SCRAPHEAP, "p1", "hand")
    s = kill(s, agent)
    s = pass_all(s)  # discards the heap (only card), draws 2; the heap's trigger draws 1
    assert s.objects[heap].zone == "trash" and len(s.players["p1"].hand) == 3


# --- The Syren -----------------------------------------------------------------------------------


def test_the_syren_moves_a_friendly_unit_at_a_battlefield_to_base() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    syren = put(s, SYREN, "p1", "base")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = activate(s, syren, energy=1, targets={"t": (unit,)})
    s = pass_all(s)
    assert s.objects[unit].location == "base:p1" and s.objects[syren].exhausted


def test_the_syren_refuses_enemies_an_unpaid_cost_and_exhaustion() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    syren = put(s, SYREN, "p1", "base")
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    pay = pay_for(s, "p1", cost=Cost(1))
    assert "355.5" in violations(s, AbilityActivated(player="p1", source=syren, ability=0,
                                                     targets={"t": (foe,)}, payment=pay))
    assert "165.2" in violations(s, AbilityActivated(player="p1", source=syren, ability=0,
                                                     targets={"t": (mine,)}))
    s.objects[syren].exhausted = True
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=syren, ability=0,
                                                     targets={"t": (mine,)}, payment=pay))


# --- Zaunite Bouncer, Maddened Marauder -------------------------------------------------------------


def test_zaunite_bouncer_returns_another_unit_at_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 6, CHAOS_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    friend = put(s, SKULKER, "p1", "battlefield", "bf2")
    s = play(s, put(s, BOUNCER, "p1", "hand"))
    (req,) = engine.pending(s)
    assert sorted(req.options["targets"]["t"]["from"]) == sorted([foe, friend])
    s = choose(s, "p1", targets={"t": [foe]})
    s = pass_all(s)
    assert s.objects[foe].zone == "hand" and s.objects[friend].zone == "battlefield"


def test_zaunite_bouncer_without_a_unit_at_a_battlefield_does_nothing() -> None:
    s = game()
    runes(s, "p1", 6, CHAOS_RUNE)
    home = put(s, SKULKER, "p2", "base")
    s = play(s, put(s, BOUNCER, "p1", "hand"))
    assert not s.chain and s.objects[home].zone == "base"


def test_maddened_marauder_sends_a_unit_at_a_battlefield_home() -> None:
    s = game()
    runes(s, "p1", 5, CHAOS_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = play(s, put(s, MARAUDER, "p1", "hand"))
    s = pass_all(s)
    assert s.objects[foe].location == "base:p2"


def test_maddened_marauder_cannot_choose_a_unit_in_a_base() -> None:
    s = game()
    runes(s, "p1", 5, CHAOS_RUNE)
    home = put(s, SKULKER, "p2", "base")
    a = put(s, SKULKER, "p2", "battlefield", "bf1")
    b = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = play(s, put(s, MARAUDER, "p1", "hand"))
    (req,) = engine.pending(s)
    assert sorted(req.options["targets"]["t"]["from"]) == sorted([a, b])
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [home]}}))


# --- Kog'Maw, Caustic ----------------------------------------------------------------------------


def test_kogmaw_deals_four_to_every_unit_where_it_died() -> None:
    s = game()
    kog = put(s, KOGMAW, "p1", "battlefield", "bf1")
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    away = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = kill(s, kog)
    s = pass_all(s)
    assert s.objects[friend].zone == "trash" and s.objects[foe].zone == "trash"
    assert s.objects[away].zone == "battlefield" and s.objects[away].damage == 0


def test_kogmaw_dying_in_base_deals_nothing() -> None:
    s = game()
    kog = put(s, KOGMAW, "p1", "base")
    friend = put(s, SKULKER, "p1", "base")
    s = kill(s, kog)
    s = pass_all(s)
    assert s.objects[friend].zone == "base" and s.objects[friend].damage == 0


# --- Mindsplitter ------------------------------------------------------------------------------------


def test_mindsplitter_reveals_a_hand_and_discards_the_chosen_card() -> None:
    s = game()
    runes(s, "p1", 9, CHAOS_RUNE)
    a = put(s, SKULKER, "p2", "hand")
    b = put(s, SYREN, "p2", "hand")
    s = play(s, put(s, MINDSPLITTER, "p1", "hand"))
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert req.player == "p1" and sorted(req.options["from"]) == sorted([a, b])
    assert "378" in violations(s, ChoiceMade(player="p1", choice={"cards": [a, b]}))
    s = choose(s, "p1", cards=[b])
    assert s.objects[b].zone == "trash" and s.objects[a].zone == "hand"


def test_mindsplitter_against_an_empty_hand_does_nothing() -> None:
    s = game()
    runes(s, "p1", 9, CHAOS_RUNE)
    s = play(s, put(s, MINDSPLITTER, "p1", "hand"))
    s = pass_all(s)
    assert not s.chain and not s.players["p2"].trash


# --- Teemo, Scout -----------------------------------------------------------------------------------


def test_teemo_gets_three_might_this_turn_when_played() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    teemo = put(s, TEEMO, "p1", "hand")
    s = play(s, teemo)
    s = pass_all(s)
    assert layers.might_of(s, teemo) == 4
    layers.expire_effects(s, "end_of_turn")
    assert layers.might_of(s, teemo) == 1


def test_teemo_costs_his_energy() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    teemo = put(s, TEEMO, "p1", "hand")
    d = CardPlayed(player="p1", card=teemo, destination="base",
                   payment=pay_for(s, "p1", cost=Cost(1)))
    assert "165.2" in violations(s, d)


# --- Tideturner -------------------------------------------------------------------------------------


def test_tideturner_may_trade_places_with_a_friendly_unit_elsewhere() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    there = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    tide = put(s, TIDETURNER, "p1", "hand")
    s = play(s, tide)
    s = choose(s, "p1", use=True)  # "you may" as it triggers; the only target is chosen
    s = pass_all(s)
    assert s.objects[tide].location == "bf1" and s.objects[there].location == "base:p1"


def test_tideturner_offers_only_units_at_another_location() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    put(s, SKULKER, "p1", "base")
    enemy = put(s, SKULKER, "p2", "battlefield", "bf2")
    a = put(s, SKULKER, "p1", "battlefield", "bf1")
    b = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    s = play(s, put(s, TIDETURNER, "p1", "hand"))
    s = choose(s, "p1", use=True)
    (req,) = engine.pending(s)
    assert sorted(req.options["targets"]["t"]["from"]) == sorted([a, b])
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [enemy]}}))


def test_tideturner_from_hidden_may_choose_a_unit_away_from_its_battlefield() -> None:
    # 811.1.d.2 example: its restriction can never be met at its battlefield, so the
    # target is chosen freely.
    s = game()
    control(s, "bf1", "p1")
    runes(s, "p1", 1, CHAOS_RUNE)
    home = put(s, SKULKER, "p1", "base")
    guard = put(s, SKULKER, "p1", "battlefield", "bf1")
    put(s, SKULKER, "p1", "base")
    tide = put(s, TIDETURNER, "p1", "hand")
    s, _ = engine.apply(s, CardHidden(player="p1", card=tide, battlefield="bf1",
                                      payment=pay_for(s, "p1", cost=HIDE_COST)))
    s.turn += 1
    s, _ = engine.apply(s, CardPlayed(player="p1", card=tide, destination="bf1"))
    s = choose(s, "p1", use=True)
    (req,) = engine.pending(s)
    assert guard not in req.options["targets"]["t"]["from"]
    assert home in req.options["targets"]["t"]["from"]  # away from its battlefield: allowed
    s = choose(s, "p1", targets={"t": [home]})
    s = pass_all(s)
    assert s.objects[tide].location == "base:p1" and s.objects[home].location == "bf1"


# --- Twisted Fate, Gambler ----------------------------------------------------------------------


def _fate(rune: str) -> tuple[GameState, str, list[str]]:
    s = game()
    tf = put(s, TWISTED, "p1", "battlefield", "bf1")
    top = put(s, rune, "p1", "rune_deck")
    put(s, CHAOS_RUNE, "p1", "rune_deck")
    foes = [put(s, SKULKER, "p2", "battlefield", "bf1") for _ in range(2)]
    foes.append(put(s, SKULKER, "p2", "battlefield", "bf2"))
    s = fire(s, "attacks", obj=tf, player="p1", battlefield="bf1")
    s = pass_all(s)
    assert s.players["p1"].rune_deck[-1] == top  # revealed, then recycled
    return s, tf, foes


def test_twisted_fate_fury_deals_two_to_a_chosen_enemy_here_and_one_to_the_rest() -> None:
    s, _, (a, b, away) = _fate(FURY_RUNE)
    (req,) = engine.pending(s)
    assert sorted(req.options["from"]) == sorted([a, b])
    assert "378" in violations(s, ChoiceMade(player="p1", choice={"cards": [away]}))
    s = choose(s, "p1", cards=[b])
    assert s.objects[b].damage == 2 and s.objects[a].damage == 1 and s.objects[away].damage == 0


def test_twisted_fate_mind_draws_one() -> None:
    s, _, foes = _fate(MIND_RUNE)
    assert len(s.players["p1"].hand) == 1 and all(s.objects[o].damage == 0 for o in foes)


def test_twisted_fate_order_stuns_a_chosen_enemy_anywhere() -> None:
    s, _, (a, _b, away) = _fate(ORDER_RUNE)
    s = choose(s, "p1", cards=[away])
    assert s.objects[away].stunned and not s.objects[a].stunned


def test_twisted_fate_other_domains_do_nothing() -> None:
    s, _, foes = _fate(BODY_RUNE)
    assert engine.pending(s)[0].kind != "choice"
    assert not s.players["p1"].hand and all(s.objects[o].damage == 0 for o in foes)
