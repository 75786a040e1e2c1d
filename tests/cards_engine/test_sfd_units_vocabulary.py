"""Spiritforged (SFD) units the vocabulary says (with the event conditions of
riftlog.cards.vocab_events): each played or triggered through the engine, and a use of each
that must be refused or a trigger that must not happen."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import Payment, PriorityPassed
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import triggers
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    apply,
    choose,
    control,
    game,
    move,
    pass_all,
    play,
    put,
    runes,
    spell_played,
    violations,
)
from tests.rules.rup4_examples import example

SIMIAN, JANNA, EZREAL, EXPLORER, JAULL, HARPOON, XIN = (
    "SFD-047", "SFD-053", "SFD-082", "SFD-100", "SFD-103", "SFD-137", "SFD-176")
PIT_ROOKIE = "OGN-136"   # on play: buff another friendly unit
YASUO = "OGN-076"        # a unit of two Calm power symbols
BIG = "OGN-219"          # a unit of Might 4
MEGA = "OGN-088"         # a unit of Might 8 (Mighty)


# --- Simian Ancestor (SFD-047) ---------------------------------------------------------------


def test_simian_ancestor_readies_when_its_controller_buffs_it() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    simian = put(s, SIMIAN, "p1", "base")
    s.objects[simian].exhausted = True
    s = play(s, put(s, PIT_ROOKIE, "p1", "hand"))
    s = pass_all(s)                                  # the only other friendly unit: chosen
    assert s.objects[simian].buffed and not s.objects[simian].exhausted


def test_simian_ancestor_is_not_readied_by_an_opponents_buff() -> None:
    s = game()
    simian = put(s, SIMIAN, "p1", "base")
    assert triggers.fire(s, "buffed", obj=simian, player="p2", battlefield="base:p1") == 0
    assert triggers.fire(s, "buffed", obj=simian, player="p1", battlefield="base:p1") == 1


# --- Janna, Savior (SFD-053) -----------------------------------------------------------------


def _janna_board(s: GameState) -> tuple[str, str, str]:
    runes(s, "p1", 4, CALM_RUNE)
    control(s, "bf1", "p1")
    mine = put(s, BIG, "p1", "battlefield", "bf1")
    s.objects[mine].damage = 2
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    far = put(s, SKULKER, "p2", "battlefield", "bf2")
    return mine, foe, far


def test_janna_heals_her_side_and_sends_an_enemy_here_to_its_base() -> None:
    s = game()
    mine, foe, far = _janna_board(s)
    s = play(s, put(s, JANNA, "p1", "hand"), destination="bf1")
    s = pass_all(choose(s, "p1", targets={"t": [foe]}))
    assert s.objects[mine].damage == 0
    assert s.objects[foe].zone == "base" and s.objects[foe].location == "base:p2"
    assert s.objects[far].location == "bf2"


def test_janna_may_move_no_enemy_at_all() -> None:  # errata: up to one
    s = game()
    mine, foe, _ = _janna_board(s)
    s = play(s, put(s, JANNA, "p1", "hand"), destination="bf1")
    s = pass_all(choose(s, "p1", targets={"t": []}))
    assert s.objects[mine].damage == 0 and s.objects[foe].location == "bf1"


def test_janna_refuses_an_enemy_at_another_battlefield() -> None:
    s = game()
    _, _, far = _janna_board(s)
    s = play(s, put(s, JANNA, "p1", "hand"), destination="bf1")
    bad = ChoiceMade(player="p1", choice={"targets": {"t": [far]}})
    assert "355.5" in violations(s, bad)             # v1.3 355.5: not a legal target


# --- Ezreal, Dashing (SFD-082) ---------------------------------------------------------------


def test_ezreal_dashing_hits_a_defender_for_his_might_and_deals_no_combat_damage() -> None:
    s = game()
    ezreal = put(s, EZREAL, "p1", "base")
    foe = put(s, BIG, "p2", "battlefield", "bf1")    # Might 4: 3 + 3 would kill it
    control(s, "bf1", "p2")
    s = move(s, (ezreal,))                           # he attacks: his trigger targets the foe
    for _ in range(30):
        req = engine.pending(s)[0]
        if req.kind == "combat_damage":
            break
        s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    assert s.objects[foe].damage == 3                 # his trigger: his Might
    assert req.player == "p2"                         # p1's side has no Might to assign
    s, _ = engine.apply(s, CombatDamageAssigned(player="p2", battlefield="bf1",
                                                assignment={ezreal: 4}))
    assert s.objects[ezreal].zone == "trash"
    assert s.objects[foe].zone == "battlefield"       # no combat damage from him


def test_ezreal_dashing_moves_himself_to_base_for_one_mind_power() -> None:
    s = game()
    runes(s, "p1", 1, MIND_RUNE)
    control(s, "bf1", "p1")
    ezreal = put(s, EZREAL, "p1", "battlefield", "bf1")
    rune = next(o for o in s.players["p1"].base if s.objects[o].card == MIND_RUNE)
    s, _ = engine.apply(s, AbilityActivated(player="p1", source=ezreal, ability=2,
                                            payment=Payment(recycle=(rune,))))
    s = pass_all(s)
    assert s.objects[ezreal].zone == "base"


def test_ezreal_dashing_refuses_the_move_without_mind_power() -> None:
    s = game()
    runes(s, "p1", 1, ORDER_RUNE)
    control(s, "bf1", "p1")
    ezreal = put(s, EZREAL, "p1", "battlefield", "bf1")
    d = AbilityActivated(player="p1", source=ezreal, ability=2, payment=Payment())
    assert violations(s, d)
    assert "165.2" in violations(s, d)               # v1.3 165.2: cost not paid


# --- Yordle Explorer (SFD-100) ---------------------------------------------------------------


def test_yordle_explorer_draws_when_a_two_power_card_is_played() -> None:
    s = game()
    put(s, EXPLORER, "p1", "base")
    runes(s, "p1", 8, CALM_RUNE)
    hand = len(s.players["p1"].hand)
    s = pass_all(play(s, put(s, YASUO, "p1", "hand")))
    assert len(s.players["p1"].hand) == hand + 1


def test_yordle_explorer_does_not_draw_for_a_card_without_two_power() -> None:
    s = game()
    put(s, EXPLORER, "p1", "base")
    runes(s, "p1", 4, BODY_RUNE)
    hand = len(s.players["p1"].hand)
    s = pass_all(play(s, put(s, EXPLORER, "p1", "hand")))   # no Power cost
    assert len(s.players["p1"].hand) == hand


# --- Jaull-Fish (SFD-103) --------------------------------------------------------------------


def test_jaull_fish_costs_two_less_per_mighty_unit() -> None:
    s = game()
    put(s, MEGA, "p1", "base")
    put(s, MEGA, "p1", "base")
    runes(s, "p1", 5, BODY_RUNE)                     # 7 - 2*2 = 3 Energy, and two Body power
    fish = put(s, JAULL, "p1", "hand")
    s = pass_all(play(s, fish))
    assert s.objects[fish].zone == "base"


def test_jaull_fish_refuses_the_smaller_payment_with_one_mighty_unit() -> None:
    s = game()
    put(s, MEGA, "p1", "base")
    put(s, BIG, "p1", "base")                        # Might 4: not Mighty
    runes(s, "p1", 5, BODY_RUNE)
    fish = put(s, JAULL, "p1", "hand")
    runes_ = tuple(o for o in s.players["p1"].base if s.objects[o].card == BODY_RUNE)
    d = CardPlayed(player="p1", card=fish, destination="base",
                   payment=Payment(exhaust=runes_[:3], recycle=runes_[3:]))
    assert "165.2" in violations(s, d)               # v1.3 165.2: 5 Energy due, not 3


# --- Harpoon Squad (SFD-137) -----------------------------------------------------------------


def test_harpoon_squad_gets_two_when_it_moves_from_a_battlefield() -> None:
    s = game()
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    squad = put(s, HARPOON, "p1", "battlefield", "bf1")
    s = pass_all(move(s, (squad,), "base:p1"))
    assert s.objects[squad].zone == "base" and layers.might_of(s, squad) == 6


def test_harpoon_squad_gets_nothing_moving_from_its_base() -> None:
    s = game()
    squad = put(s, HARPOON, "p1", "base")
    s = pass_all(move(s, (squad,), "bf1"))
    assert layers.might_of(s, squad) == 4


# --- Xin Zhao, Vigilant (SFD-176) ------------------------------------------------------------


def test_xin_zhao_enters_ready_with_two_other_units_in_base() -> None:
    s = game()
    put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p1", "base")
    runes(s, "p1", 4, ORDER_RUNE)
    xin = put(s, XIN, "p1", "hand")
    s = pass_all(play(s, xin))
    assert not s.objects[xin].exhausted


def test_xin_zhao_enters_exhausted_with_one_other_unit_in_base() -> None:
    s = game()
    put(s, SKULKER, "p1", "base")
    put(s, SKULKER, "p1", "battlefield", "bf1")      # not in base
    runes(s, "p1", 4, ORDER_RUNE)
    xin = put(s, XIN, "p1", "hand")
    s = pass_all(play(s, xin))
    assert s.objects[xin].exhausted


# --- Ruin Runner (SFD-105) -------------------------------------------------------------------

RUIN_RUNNER = "SFD-105"
VENGEANCE = "OGN-229"    # a spell: kill a chosen unit


@example("757.1")
def test_rup4_757_1_example_ruin_runner_cannot_be_chosen_by_an_enemy_spell() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    runner = put(s, RUIN_RUNNER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf1")      # another legal target exists
    d = spell_played(s, VENGEANCE, targets={"t": (runner,)})
    assert "355.5" in violations(s, d)               # not a legal target for p1's spell


def test_ruin_runner_can_be_chosen_by_its_controllers_own_spell() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    runner = put(s, RUIN_RUNNER, "p1", "battlefield", "bf1")
    s = pass_all(apply(s, spell_played(s, VENGEANCE, targets={"t": (runner,)})))
    assert s.objects[runner].zone == "trash"


# --- Prize of Progress (SFD-075) -------------------------------------------------------------

PRIZE, GOLD = "SFD-075", "SFD-T03"


def test_prize_of_progress_grows_when_a_gears_ability_is_used() -> None:
    s = game()
    prize = put(s, PRIZE, "p1", "base")
    gold = put(s, GOLD, "p1", "base")
    s, _ = engine.apply(s, AbilityActivated(player="p1", source=gold, ability=0,
                                            payment=Payment(), choices={}))
    s = pass_all(s)
    assert s.objects[gold].zone != "base"            # the Gold was killed as its cost
    assert layers.might_of(s, prize) == 3 + 1


def test_prize_of_progress_ignores_a_units_ability() -> None:
    s = game()
    prize = put(s, PRIZE, "p1", "base")
    runes(s, "p1", 1, MIND_RUNE)
    control(s, "bf1", "p1")
    ezreal = put(s, EZREAL, "p1", "battlefield", "bf1")
    rune = next(o for o in s.players["p1"].base if s.objects[o].card == MIND_RUNE)
    s, _ = engine.apply(s, AbilityActivated(player="p1", source=ezreal, ability=2,
                                            payment=Payment(recycle=(rune,))))
    s = pass_all(s)
    assert s.objects[ezreal].zone == "base" and layers.might_of(s, prize) == 3


# --- Irelia, Fervent (SFD-057) and Jae Medarda (SFD-142): the "chosen" event -----------------

IRELIA, JAE = "SFD-057", "SFD-142"
FERAL = "SFD-034"        # a spell: a chosen unit gets +2 Might this turn
HEART = "SFD-052"        # a gear: exhaust it: a chosen unit gets +3 Might this turn


def test_irelia_fervent_grows_when_her_controllers_spell_chooses_her() -> None:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)
    irelia = put(s, IRELIA, "p1", "battlefield", "bf1")
    s = pass_all(apply(s, spell_played(s, FERAL, targets={"t": (irelia,)})))
    assert layers.might_of(s, irelia) == 4 + 2 + 1


def test_irelia_fervent_grows_when_readied_by_her_controller_not_by_an_opponent() -> None:
    s = game()
    irelia = put(s, IRELIA, "p1", "battlefield", "bf1")
    assert triggers.fire(s, "readied", obj=irelia, player="p1") == 1
    assert triggers.fire(s, "chosen", obj=irelia, player="p2", spell=True) == 0


def test_jae_medarda_draws_when_her_controllers_spell_chooses_her() -> None:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)
    jae = put(s, JAE, "p1", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    s = pass_all(apply(s, spell_played(s, FERAL, targets={"t": (jae,)})))
    assert len(s.players["p1"].hand) == hand + 1 and layers.might_of(s, jae) == 5 + 2


def test_jae_medarda_does_not_draw_when_an_ability_chooses_her() -> None:
    s = game()
    jae = put(s, JAE, "p1", "battlefield", "bf1")
    heart = put(s, HEART, "p1", "base")
    hand = len(s.players["p1"].hand)
    s, _ = engine.apply(s, AbilityActivated(player="p1", source=heart, ability=0,
                                            payment=Payment(), targets={"t": (jae,)}))
    s = pass_all(s)
    assert layers.might_of(s, jae) == 5 + 3 and len(s.players["p1"].hand) == hand


def test_irelia_fervent_grows_when_her_controllers_ability_chooses_her() -> None:
    s = game()
    irelia = put(s, IRELIA, "p1", "battlefield", "bf1")
    heart = put(s, HEART, "p1", "base")
    s, _ = engine.apply(s, AbilityActivated(player="p1", source=heart, ability=0,
                                            payment=Payment(), targets={"t": (irelia,)}))
    s = pass_all(s)
    assert layers.might_of(s, irelia) == 4 + 3 + 1


# --- Battering Ram (SFD-012) -----------------------------------------------------------------

RAM, DEFY = "SFD-012", "OGN-045"


def _ram_cost_paid_by(s: GameState, n: int) -> CardPlayed:
    fury = [put(s, "OGN-007", "p1", "base") for _ in range(n)]  # Fury runes
    return CardPlayed(player="p1", card=put(s, RAM, "p1", "hand"), destination="base",
                      payment=Payment(exhaust=tuple(fury)))


def test_battering_ram_costs_one_less_per_card_played_this_turn() -> None:
    s = game()
    runes(s, "p1", 10, ORDER_RUNE)
    s = pass_all(play(s, put(s, SKULKER, "p1", "hand")))
    s = pass_all(play(s, put(s, SKULKER, "p1", "hand")))
    assert "165.2" in violations(s, _ram_cost_paid_by(s, 2))
    d = _ram_cost_paid_by(s, 3)                      # 5 - 2
    assert not violations(s, d)
    s, _ = engine.apply(s, d)
    assert s.objects[d.card].zone == "base"


def test_battering_ram_costs_at_least_one() -> None:
    s = game()
    runes(s, "p1", 30, ORDER_RUNE)
    for _ in range(6):
        s = pass_all(play(s, put(s, SKULKER, "p1", "hand")))
    free = CardPlayed(player="p1", card=put(s, RAM, "p1", "hand"), destination="base",
                      payment=Payment())
    assert violations(s, free) == ["165.2"]           # 5 - 6 stops at 1: one is due
    assert not violations(s, _ram_cost_paid_by(s, 1))


def test_rup4_419_4_b_example_a_countered_spell_still_makes_battering_ram_cheaper() -> None:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)
    runes(s, "p2", 2, CALM_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = apply(s, spell_played(s, FERAL, targets={"t": (mine,)}))
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    spell_item = s.chain[-1].id
    s = apply(s, spell_played(s, DEFY, player="p2", targets={"t": (spell_item,)}))
    s = pass_all(s)
    assert layers.might_of(s, mine) == 3              # Feral Strength was countered
    assert not violations(s, _ram_cost_paid_by(s, 4))  # 5 - 1: it was played all the same
    assert "165.2" in violations(s, _ram_cost_paid_by(s, 3))


# --- Lonely Poro (SFD-036), Unsung Hero (SFD-167): facts noted as they die (808.1.d.3) -------

PORO, HERO = "SFD-036", "SFD-167"


def test_lonely_poro_draws_when_it_dies_alone() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    poro = put(s, PORO, "p1", "battlefield", "bf1")
    put(s, SKULKER, "p1", "battlefield", "bf2")      # elsewhere: it is still alone at bf1
    hand = len(s.players["p1"].hand)
    s = pass_all(apply(s, spell_played(s, VENGEANCE, targets={"t": (poro,)})))
    assert s.objects[poro].zone == "trash" and len(s.players["p1"].hand) == hand + 1


def test_lonely_poro_does_not_draw_dying_beside_a_friend_even_one_dying_with_it() -> None:
    s = game()
    poro = put(s, PORO, "p1", "battlefield", "bf1")
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    for oid in (poro, friend):
        s.objects[oid].damage = 9                    # both die in the same cleanup
    turn.cleanup(s, [])
    s = pass_all(s)
    assert s.objects[poro].zone == "trash" and len(s.players["p1"].hand) == hand


def test_unsung_hero_draws_two_if_it_was_mighty_as_it_died() -> None:
    s = game()
    runes(s, "p1", 18, ORDER_RUNE)
    runes(s, "p1", 12, CALM_RUNE)
    hero = put(s, HERO, "p1", "battlefield", "bf1")
    s = pass_all(apply(s, spell_played(s, FERAL, targets={"t": (hero,)})))  # 2 + 2: not yet
    assert layers.might_of(s, hero) == 4
    hand = len(s.players["p1"].hand)
    s = pass_all(apply(s, spell_played(s, VENGEANCE, targets={"t": (hero,)})))
    assert len(s.players["p1"].hand) == hand                 # Might 4: not Mighty
    hero2 = put(s, HERO, "p1", "battlefield", "bf1")
    s = pass_all(apply(s, spell_played(s, FERAL, targets={"t": (hero2,)})))
    s = pass_all(apply(s, spell_played(s, FERAL, targets={"t": (hero2,)})))
    assert layers.might_of(s, hero2) == 6            # Mighty (708)
    hand = len(s.players["p1"].hand)
    s = pass_all(apply(s, spell_played(s, VENGEANCE, targets={"t": (hero2,)})))
    assert len(s.players["p1"].hand) == hand + 2


# --- a refused play of each unit whose other tests only check a trigger's condition ----------

CONDITION_ONLY = ("SFD-047", "SFD-100", "SFD-137", "SFD-176", "SFD-041", "SFD-075", "SFD-110",
                  "SFD-113", "SFD-120", "SFD-057", "SFD-142", "SFD-036", "SFD-167", "SFD-060",
                  "SFD-123", "SFD-116")


@pytest.mark.parametrize("card", CONDITION_ONLY)
def test_each_unit_refuses_to_be_played_without_paying_its_cost(card: str) -> None:
    s = game()
    runes(s, "p1", 1, ORDER_RUNE)                    # never enough: every one costs 2 or more
    d = CardPlayed(player="p1", card=put(s, card, "p1", "hand"), destination="base",
                   payment=Payment())
    assert "165.2" in violations(s, d)               # v1.3 165.2: the cost is not paid
