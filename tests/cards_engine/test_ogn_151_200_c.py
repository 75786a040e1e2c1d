"""Batch ogn_151_200, permissions to play units elsewhere (355.2.b): Deadbloom Predator (161),
Sai Scout (174), Sneaky Deckhand (176), Miss Fortune, Buccaneer (193)."""

from __future__ import annotations

from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CHAOS_RUNE,
    SKULKER,
    control,
    game,
    hide_pakaa,
    hold_both,
    move,
    pay_for,
    play,
    put,
    runes,
    to_p2_turn,
    violations,
)

DEADBLOOM, SAI_SCOUT, DECKHAND, BUCCANEER = "OGN-161", "OGN-174", "OGN-176", "OGN-193"


def refused(s: GameState, oid: str, where: str) -> list[str]:
    return violations(s, CardPlayed(player="p1", card=oid, destination=where,
                                    payment=pay_for(s, "p1", oid)))


def test_sneaky_deckhand_may_be_played_to_an_open_battlefield() -> None:
    s = game()
    runes(s, "p1", 3, CHAOS_RUNE)
    hand = put(s, DECKHAND, "p1", "hand")
    s = play(s, hand, destination="bf1")
    assert s.objects[hand].location == "bf1"
    assert s.battlefield("bf1").contested_by == "p1"


def test_sneaky_deckhand_is_refused_at_an_occupied_or_enemy_battlefield() -> None:
    s = game()
    runes(s, "p1", 3, CHAOS_RUNE)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    control(s, "bf2", "p2")  # controlled, nobody there: not open either
    hand = put(s, DECKHAND, "p1", "hand")
    assert "355.2.a" in refused(s, hand, "bf1")
    assert "355.2.a" in refused(s, hand, "bf2")


def test_sai_scout_may_be_played_to_an_open_battlefield_but_not_an_occupied_one() -> None:
    s = game()
    runes(s, "p1", 6, CHAOS_RUNE)
    put(s, SKULKER, "p2", "battlefield", "bf2")
    scout = put(s, SAI_SCOUT, "p1", "hand")
    assert "355.2.a" in refused(s, scout, "bf2")
    s = play(s, scout, destination="bf1")
    assert s.objects[scout].location == "bf1"


def test_miss_fortune_buccaneer_lets_other_friendly_units_go_to_open_battlefields() -> None:
    s = game()
    runes(s, "p1", 7, CHAOS_RUNE)
    plain = put(s, SKULKER, "p1", "hand")
    assert "355.2.a" in refused(s, plain, "bf2")  # not without her
    put(s, BUCCANEER, "p1", "base")
    assert refused(s, plain, "bf2") == []
    s = play(s, plain, destination="bf2")
    assert s.objects[plain].location == "bf2"


def test_miss_fortune_buccaneer_may_be_played_to_an_open_battlefield_herself() -> None:
    s = game()
    runes(s, "p1", 5, CHAOS_RUNE)
    mf = put(s, BUCCANEER, "p1", "hand")
    s = play(s, mf, destination="bf1")
    assert s.objects[mf].location == "bf1"


def test_miss_fortune_buccaneer_does_not_help_her_opponent() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    put(s, BUCCANEER, "p2", "base")
    plain = put(s, SKULKER, "p1", "hand")
    assert "355.2.a" in refused(s, plain, "bf2")


def test_deadbloom_predator_may_be_played_to_an_occupied_enemy_battlefield() -> None:
    s = game()
    runes(s, "p1", 10, BODY_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    pred = put(s, DEADBLOOM, "p1", "hand")
    assert "355.2.a" in refused(s, pred, "bf2")  # open is not enough
    s = play(s, pred, destination="bf1")
    assert s.objects[pred].location == "bf1" and s.objects[foe].location == "bf1"
    assert s.battlefield("bf1").contested_by == "p1"
    assert engine.pending(s)


# --- Stacked Deck ----------------------------------------------------------------------------------

STACKED = "OGN-183"


def test_stacked_deck_keeps_one_of_three_and_recycles_the_rest_in_a_recorded_order() -> None:
    from riftlog.events.decisions import DeckOrderRecorded
    from tests.cards_engine.helpers import choose, pass_all

    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    top = list(s.players["p1"].main_deck[:3])
    below = list(s.players["p1"].main_deck[3:])
    s = play(s, put(s, STACKED, "p1", "hand"), destination=None)
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert sorted(req.options["from"]) == sorted(top) and req.options["count"] == 1
    s = choose(s, "p1", cards=[top[1]])
    assert s.objects[top[1]].zone == "hand"
    (req,) = engine.pending(s)
    assert req.kind == "deck_order" and req.player is None
    bad = DeckOrderRecorded(player="p1", deck="main", order=(top[0], *below, top[2]))
    assert "416.5" in violations(s, bad)
    s, _ = engine.apply(s, DeckOrderRecorded(player="p1", deck="main",
                                             order=(*below, top[2], top[0])))
    assert s.players["p1"].main_deck == [*below, top[2], top[0]]


def test_stacked_deck_refuses_a_card_not_among_the_three() -> None:
    from riftlog.events.abilities import ChoiceMade
    from tests.cards_engine.helpers import pass_all

    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    fourth = s.players["p1"].main_deck[3]
    s = play(s, put(s, STACKED, "p1", "hand"), destination=None)
    s = pass_all(s)
    assert "378" in violations(s, ChoiceMade(player="p1", choice={"cards": [fourth]}))


# --- Traveling Merchant, Stealthy Pursuer ("moves" triggers) ------------------------------------

MERCHANT, PURSUER = "OGN-185", "OGN-177"


def test_traveling_merchant_discards_then_draws_when_it_moves() -> None:
    from tests.cards_engine.helpers import pass_all

    s = game()
    merchant = put(s, MERCHANT, "p1", "base")
    junk = put(s, SKULKER, "p1", "hand")
    s = move(s, (merchant,), "bf1")
    s = pass_all(s)
    assert s.objects[junk].zone == "trash"
    assert len(s.players["p1"].hand) == 1 and s.players["p1"].hand[0] != junk


def test_traveling_merchant_ignores_other_units_moving() -> None:
    s = game()
    put(s, MERCHANT, "p1", "base")
    other = put(s, SKULKER, "p1", "base")
    junk = put(s, SKULKER, "p1", "hand")
    s = move(s, (other,), "bf1")
    assert not s.chain and s.objects[junk].zone == "hand"


def test_stealthy_pursuer_may_follow_a_friendly_unit_leaving_its_location() -> None:
    from tests.cards_engine.helpers import choose, pass_all

    s = game()
    pursuer = put(s, PURSUER, "p1", "base", exhausted=True)
    friend = put(s, SKULKER, "p1", "base")
    s = move(s, (friend,), "bf1")
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options["kind"] == "may"
    s = choose(s, "p1", use=True)
    s = pass_all(s)
    assert s.objects[pursuer].location == "bf1" and s.objects[friend].location == "bf1"


def test_stealthy_pursuer_does_not_follow_from_elsewhere_or_when_declined() -> None:
    from tests.cards_engine.helpers import choose

    s = game()
    pursuer = put(s, PURSUER, "p1", "base")
    away = put(s, SKULKER, "p1", "battlefield", "bf2")
    control(s, "bf2", "p1")
    s = move(s, (away,), "base")
    assert not s.chain and s.objects[pursuer].location == "base:p1"
    friend = put(s, SKULKER, "p1", "base")
    s = move(s, (friend,), "bf1")
    s = choose(s, "p1", use=False)
    assert not s.chain and s.objects[pursuer].location == "base:p1"


# --- The Harrowing, Soulgorger (play a unit from the trash, power still paid) ----------------------

HARROWING, SOULGORGER, QIYANA, TEEMO = "OGN-198", "OGN-196", "OGN-155", "OGN-197"


def test_the_harrowing_plays_a_unit_from_the_trash_paying_only_its_power() -> None:
    from riftlog.events.abilities import ChoiceMade
    from tests.cards_engine.helpers import choose, pass_all

    s = game()
    runes(s, "p1", 8, CHAOS_RUNE)
    body = put(s, BODY_RUNE, "p1", "base")
    qiyana = put(s, QIYANA, "p1", "trash")
    s = play(s, put(s, HARROWING, "p1", "hand"), destination=None,
             payment=pay_for(s, "p1", cost=Cost(6, {"Chaos": 2})))
    s = pass_all(s)
    (req,) = engine.pending(s)
    pick = {"card": qiyana, "to": "base:p1", "payment": {"exhaust": [], "recycle": [body]}}
    assert pick in req.options["choices"] and {"card": None} not in req.options["choices"]
    assert "355.2" in violations(s, ChoiceMade(player="p1", choice={**pick, "to": "bf1"}))
    s = choose(s, "p1", **pick)
    assert s.objects[qiyana].zone == "base" and s.objects[qiyana].exhausted
    assert s.objects[body].zone == "rune_deck"


def test_the_harrowing_without_a_payable_unit_does_nothing() -> None:
    from tests.cards_engine.helpers import pass_all

    s = game()
    runes(s, "p1", 8, CHAOS_RUNE)
    qiyana = put(s, QIYANA, "p1", "trash")  # needs Body power: no Body rune
    s = play(s, put(s, HARROWING, "p1", "hand"), destination=None)
    s = pass_all(s)
    assert s.objects[qiyana].zone == "trash" and not s.chain


def test_soulgorger_may_play_a_unit_from_the_trash_and_its_play_effect_triggers() -> None:
    from riftlog.rules.board import layers
    from tests.cards_engine.helpers import choose, pass_all

    s = game()
    runes(s, "p1", 10, CHAOS_RUNE)
    teemo = put(s, TEEMO, "p1", "trash")
    s = play(s, put(s, SOULGORGER, "p1", "hand"))
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert {"card": None} in req.options["choices"]
    s = choose(s, "p1", card=teemo, to="base:p1", payment={"exhaust": [], "recycle": []})
    s = pass_all(s)
    assert s.objects[teemo].zone == "base" and layers.might_of(s, teemo) == 4


def test_soulgorger_may_decline() -> None:
    from tests.cards_engine.helpers import choose, pass_all

    s = game()
    runes(s, "p1", 10, CHAOS_RUNE)
    teemo = put(s, TEEMO, "p1", "trash")
    s = play(s, put(s, SOULGORGER, "p1", "hand"))
    s = pass_all(s)
    s = choose(s, "p1", card=None)
    assert s.objects[teemo].zone == "trash" and not s.chain


# --- Fading Memories (a granted Temporary, 816) -------------------------------------------------------

FADING, SYREN = "OGN-180", "OGN-184"


def test_fading_memories_kills_the_unit_at_its_controllers_next_beginning_phase() -> None:
    from riftlog.rules.board import layers
    from tests.cards_engine.helpers import pass_all

    s = game()
    runes(s, "p1", 5, CHAOS_RUNE)
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = play(s, put(s, FADING, "p1", "hand"), destination=None, targets=(foe,))
    s = pass_all(s)
    assert layers.characteristics(s, foe).has("Temporary") and s.objects[foe].zone == "battlefield"
    s = to_p2_turn(s)
    s = pass_all(s)
    assert s.objects[foe].zone == "trash"


def test_fading_memories_may_choose_a_gear_in_a_base_but_not_a_unit_there() -> None:
    from riftlog.rules.board import layers
    from tests.cards_engine.helpers import pass_all

    s = game()
    runes(s, "p1", 5, CHAOS_RUNE)
    gear = put(s, SYREN, "p2", "base")
    home = put(s, SKULKER, "p2", "base")
    spell = put(s, FADING, "p1", "hand")
    assert "355.5" in violations(s, CardPlayed(player="p1", card=spell, targets=(home,),
                                               payment=pay_for(s, "p1", spell)))
    s = play(s, spell, destination=None, targets=(gear,))
    s = pass_all(s)
    assert layers.characteristics(s, gear).has("Temporary")


# --- Miss Fortune, Captain (first move each turn), Ember Monk (played from Hidden) ------------------

CAPTAIN, EMBER, BLIND_MONK = "OGN-162", "OGN-167", "OGN-257"


def test_miss_fortune_captain_first_move_may_ready_another_exhausted_thing() -> None:
    from tests.cards_engine.helpers import choose, pass_all

    s = game()
    mf = put(s, CAPTAIN, "p1", "base")
    rune = put(s, CHAOS_RUNE, "p1", "base", exhausted=True)
    monk = put(s, BLIND_MONK, "p1", "legend", exhausted=True)
    put(s, SKULKER, "p1", "base")  # ready: not a legal choice
    s = move(s, (mf,), "bf1")
    s = choose(s, "p1", use=True)
    (req,) = engine.pending(s)
    assert sorted(req.options["targets"]["t"]["from"]) == sorted([rune, monk])  # not herself
    s = choose(s, "p1", targets={"t": [monk]})
    s = pass_all(s)
    assert not s.objects[monk].exhausted and s.objects[rune].exhausted


def test_miss_fortune_captain_second_move_in_a_turn_does_not_trigger() -> None:
    from tests.cards_engine.helpers import choose, pass_all

    s = game()
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    mf = put(s, CAPTAIN, "p1", "base")
    put(s, CHAOS_RUNE, "p1", "base", exhausted=True)
    s = move(s, (mf,), "bf1")
    s = choose(s, "p1", use=False)
    s = pass_all(s)
    s.objects[mf].exhausted = False
    s = move(s, (mf,), "base")
    assert not s.chain and engine.pending(s)[0].kind != "choice"


def _hidden_pakaa(s: GameState) -> tuple[GameState, str]:
    s, cub = hide_pakaa(s)
    s.turn += 1
    return s, cub


def test_ember_monk_gets_two_might_when_a_card_is_played_from_hidden() -> None:
    from riftlog.rules.board import layers
    from tests.cards_engine.helpers import pass_all

    s = game()
    monk = put(s, EMBER, "p1", "base")
    s, cub = _hidden_pakaa(s)
    s, _ = engine.apply(s, CardPlayed(player="p1", card=cub, destination="bf1"))
    s = pass_all(s)
    assert s.objects[cub].location == "bf1" and layers.might_of(s, monk) == 6


def test_ember_monk_ignores_cards_played_from_hand() -> None:
    from riftlog.rules.board import layers

    s = game()
    runes(s, "p1", 3, CHAOS_RUNE)
    monk = put(s, EMBER, "p1", "base")
    s = play(s, put(s, SKULKER, "p1", "hand"))
    assert not s.chain and layers.might_of(s, monk) == 4


# --- Pack of Wonders ----------------------------------------------------------------------------------

PACK = "OGN-181"


def test_pack_of_wonders_returns_a_friendly_facedown_card_to_hand() -> None:
    from riftlog.events.abilities import AbilityActivated
    from tests.cards_engine.helpers import activate, pass_all

    s = game()
    pack = put(s, PACK, "p1", "base")
    s, cub = _hidden_pakaa(s)
    d = AbilityActivated(player="p1", source=pack, ability=0, targets={"t": (pack,)})
    assert "355.5" in violations(s, d)  # not itself
    s = activate(s, pack, targets={"t": (cub,)})
    s = pass_all(s)
    assert s.objects[cub].zone == "hand" and not s.battlefield("bf1").facedown
    assert s.objects[pack].exhausted


def test_pack_of_wonders_returns_a_friendly_unit_or_gear_but_no_enemy_or_rune() -> None:
    from riftlog.events.abilities import AbilityActivated
    from tests.cards_engine.helpers import activate, pass_all

    s = game()
    pack = put(s, PACK, "p1", "base")
    gear = put(s, SYREN, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    rune = put(s, CHAOS_RUNE, "p1", "base")
    for bad in (foe, rune):
        assert "355.5" in violations(s, AbilityActivated(player="p1", source=pack, ability=0,
                                                         targets={"t": (bad,)}))
    s = activate(s, pack, targets={"t": (gear,)})
    s = pass_all(s)
    assert s.objects[gear].zone == "hand"
    assert "377.1" in violations(s, AbilityActivated(player="p1", source=pack, ability=0,
                                                     targets={"t": (gear,)}))


# --- Kayn, Unleashed (the 460.2.c.9 example) -------------------------------------------------------

KAYN = "OGN-189"


def _kayn_moves(n: int) -> tuple[GameState, str]:
    from riftlog.rules.playing import abilities

    s = game()
    hold_both(s)
    kayn = put(s, KAYN, "p1", "base")
    abilities.start_passives(s, kayn)
    for to in ("bf1", "bf2")[:n]:
        s.objects[kayn].exhausted = False
        s = move(s, (kayn,), to)
    return s, kayn


def test_kayn_after_two_moves_this_turn_takes_no_damage_nor_lethal_assignment() -> None:
    from riftlog.rules.flow.combat_damage import lethal_remaining
    from riftlog.rules.game_actions import actions

    s, kayn = _kayn_moves(2)
    assert actions.deal(s, kayn, 3, []) == 0 and s.objects[kayn].damage == 0
    assert lethal_remaining(s, kayn) is None  # ignored for lethal assignment (460.2.c.9)


def test_kayn_after_one_move_takes_damage() -> None:
    from riftlog.rules.flow.combat_damage import lethal_remaining
    from riftlog.rules.game_actions import actions

    s, kayn = _kayn_moves(1)
    assert actions.deal(s, kayn, 3, []) == 3 and s.objects[kayn].damage == 3
    assert lethal_remaining(s, kayn) == 3


def test_kayn_moved_twice_is_unharmed_by_a_damage_spell() -> None:
    from tests.cards_engine.helpers import FURY_RUNE, pass_all

    s, kayn = _kayn_moves(2)
    s.turn_player = s.priority = "p2"
    s.queue[0]["player"] = "p2"
    runes(s, "p2", 7, FURY_RUNE)
    other = next(o for o in s.battlefield("bf2").units if o != kayn)
    s = play(s, put(s, "OGS-002", "p2", "hand"), player="p2", destination=None,
             targets={"bf": ("bf2",)})
    s = pass_all(s)
    assert s.objects[kayn].damage == 0 and s.objects[other].zone == "trash"


# --- Volibear, Imposing -----------------------------------------------------------------------------

VOLIBEAR = "OGN-158"


def _p2_turn(s: GameState) -> GameState:
    s.turn_player = s.priority = "p2"
    s.queue[0]["player"] = "p2"
    return s


def _p2_move(s: GameState, units: tuple[str, ...], to: str) -> GameState:
    return move(s, units, to, "p2")


def test_volibear_draws_once_when_an_opponent_moves_units_to_another_battlefield() -> None:
    from tests.cards_engine.helpers import pass_all

    s = game()
    put(s, VOLIBEAR, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    a = put(s, SKULKER, "p2", "base")
    b = put(s, SKULKER, "p2", "base")
    s = _p2_move(_p2_turn(s), (a, b), "bf2")
    assert len(s.chain) == 1  # one move of two units: one trigger
    s = pass_all(s)
    assert len(s.players["p1"].hand) == 1


def test_volibear_ignores_moves_to_his_battlefield_to_base_and_his_own_side() -> None:
    s = game()
    put(s, VOLIBEAR, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    foe = put(s, SKULKER, "p2", "battlefield", "bf2")
    control(s, "bf2", "p2")
    s = _p2_move(_p2_turn(s), (foe,), "base")
    assert not s.chain
    s.objects[foe].exhausted = False
    s = _p2_move(s, (foe,), "bf1")
    assert not s.chain
    t = game()
    put(t, VOLIBEAR, "p1", "battlefield", "bf1")
    control(t, "bf1", "p1")
    mine = put(t, SKULKER, "p1", "base")
    t = move(t, (mine,), "bf2")
    assert not t.chain


# --- Mistfall ("buffed" event) --------------------------------------------------------------------

MISTFALL = "OGN-152"


def _buff_with_monk(pay_rune: bool = True) -> tuple[GameState, str, str, str | None]:
    from tests.cards_engine.helpers import activate, pass_all

    s = game()
    mist = put(s, MISTFALL, "p1", "base")
    monk = put(s, BLIND_MONK, "p1", "legend")
    runes(s, "p1", 1, CHAOS_RUNE)
    body = put(s, BODY_RUNE, "p1", "base") if pay_rune else None
    unit = put(s, SKULKER, "p1", "base", exhausted=True)
    s = activate(s, monk, energy=1, targets={"t": (unit,)})
    s = pass_all(s)
    return s, mist, unit, body


def test_mistfall_may_pay_body_and_exhaust_to_ready_the_buffed_unit() -> None:
    from tests.cards_engine.helpers import choose, pass_all

    s, mist, unit, body = _buff_with_monk()
    (req,) = engine.pending(s)
    assert {"pay": None} in req.options["choices"]
    pick = next(c for c in req.options["choices"] if c["pay"] is not None)
    assert pick["pay"]["recycle"] == [body]
    s = choose(s, "p1", **pick)
    s = pass_all(s)
    assert s.objects[unit].buffed and not s.objects[unit].exhausted
    assert s.objects[mist].exhausted and s.objects[body or ""].zone == "rune_deck"


def test_mistfall_declined_or_unpayable_leaves_the_unit_exhausted() -> None:
    from tests.cards_engine.helpers import choose, pass_all

    s, mist, unit, _ = _buff_with_monk()
    s = choose(s, "p1", pay=None)
    s = pass_all(s)
    assert s.objects[unit].exhausted and not s.objects[mist].exhausted
    s, mist, unit, _ = _buff_with_monk(pay_rune=False)  # no Body power to pay with
    assert not s.chain and engine.pending(s)[0].kind != "choice" and s.objects[unit].exhausted


# --- Udyr, Wildman (modes, each at most once per turn) ---------------------------------------------

UDYR = "OGN-157"


def test_udyr_spends_his_buff_to_deal_two_then_cannot_repeat_that_mode_this_turn() -> None:
    from riftlog.events.abilities import AbilityActivated
    from tests.cards_engine.helpers import activate, pass_all

    s = game()
    udyr = put(s, UDYR, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s.objects[udyr].buffed = True
    s = activate(s, udyr, ability=0, targets={"t": (foe,)})
    s = pass_all(s)
    assert s.objects[foe].damage == 2 and not s.objects[udyr].buffed
    s.objects[udyr].buffed = True
    again = AbilityActivated(player="p1", source=udyr, ability=0, targets={"t": (foe,)})
    assert "377.2.b" in violations(s, again)
    s = activate(s, udyr, ability=1, targets={"t": (foe,)})  # another mode is fine
    s = pass_all(s)
    assert s.objects[foe].stunned
    s.turn += 1
    s.objects[udyr].buffed = True
    assert "377.2.b" not in violations(s, again)


def test_udyr_readies_himself_or_gains_ganking_and_needs_a_buff() -> None:
    from riftlog.events.abilities import AbilityActivated
    from riftlog.rules.board import layers
    from tests.cards_engine.helpers import activate, pass_all

    s = game()
    udyr = put(s, UDYR, "p1", "base", exhausted=True)
    assert "702.2.b.1" in violations(s, AbilityActivated(player="p1", source=udyr, ability=2))
    s.objects[udyr].buffed = True
    s = activate(s, udyr, ability=2)
    s = pass_all(s)
    assert not s.objects[udyr].exhausted
    s.objects[udyr].buffed = True
    s = activate(s, udyr, ability=3)
    s = pass_all(s)
    assert layers.characteristics(s, udyr).has("Ganking")
    home = put(s, SKULKER, "p2", "base")
    s.objects[udyr].buffed = True
    put(s, SKULKER, "p2", "battlefield", "bf2")
    assert "355.5" in violations(s, AbilityActivated(player="p1", source=udyr, ability=0,
                                                     targets={"t": (home,)}))


# --- Treasure Trove ("leaves" the board) -------------------------------------------------------------

TROVE = "OGN-186"


def test_treasure_trove_killing_itself_draws_and_channels() -> None:
    from tests.cards_engine.helpers import activate, pass_all

    s = game()
    trove = put(s, TROVE, "p1", "base")
    chaos = put(s, CHAOS_RUNE, "p1", "base")
    rune = put(s, BODY_RUNE, "p1", "rune_deck")
    s = activate(s, trove, ability=1, payment=Payment(recycle=(chaos,)))
    s = pass_all(s)
    assert s.objects[trove].zone == "trash" and len(s.players["p1"].hand) == 1
    assert s.objects[rune].zone == "base" and s.objects[rune].exhausted


def test_treasure_trove_returned_to_hand_also_triggers_but_needs_chaos_and_to_be_ready() -> None:
    from riftlog.events.abilities import AbilityActivated
    from tests.cards_engine.helpers import activate, pass_all

    s = game()
    trove = put(s, TROVE, "p1", "base")
    assert "165.2" in violations(s, AbilityActivated(player="p1", source=trove, ability=1))
    pack = put(s, PACK, "p1", "base")
    s = activate(s, pack, targets={"t": (trove,)})
    s = pass_all(s)
    assert s.objects[trove].zone == "hand" and len(s.players["p1"].hand) == 2  # it + 1 drawn


# --- Dazzling Aurora --------------------------------------------------------------------------------

AURORA = "OGN-160"


def test_dazzling_aurora_plays_the_first_unit_revealed_and_recycles_the_rest() -> None:
    from riftlog.events.decisions import DeckOrderRecorded
    from tests.cards_engine.helpers import pass_all

    s = game()
    put(s, AURORA, "p1", "base")
    p1 = s.players["p1"]
    g1, g2 = put(s, SYREN, "p1", "main_deck"), put(s, FADING, "p1", "main_deck")
    teemo = put(s, TEEMO, "p1", "main_deck")
    rest = [o for o in p1.main_deck if o not in (g1, g2, teemo)]
    p1.main_deck = [g1, g2, teemo, *rest]
    s = to_p2_turn(s)
    s = pass_all(s)
    (req,) = engine.pending(s)
    assert req.kind == "deck_order" and sorted(req.options["randomize"]) == sorted([g1, g2])
    assert s.objects[teemo].zone == "base" and s.objects[teemo].exhausted
    s, _ = engine.apply(s, DeckOrderRecorded(player="p1", deck="main", order=(*rest, g2, g1)))
    assert s.players["p1"].main_deck[-2:] == [g2, g1] and s.objects[g1].zone == "main_deck"


def test_dazzling_aurora_does_nothing_at_the_end_of_an_opponents_turn() -> None:
    from riftlog.rules.interpreter import triggers

    s = game()
    put(s, AURORA, "p1", "base")
    assert triggers.fire(s, "end_of_turn", player="p2") == 0
    assert triggers.fire(s, "end_of_turn", player="p1") == 1
