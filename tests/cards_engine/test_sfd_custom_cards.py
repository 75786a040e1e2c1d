"""Spiritforged (SFD) cards with a custom effect of their own (riftlog/cards/sets/sfd/): each
played through the engine, and a use of each that must be refused."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import triggers
from tests.cards_engine.helpers import (
    CALM_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    TOKEN_BATTLEFIELD,
    apply,
    cast,
    choose,
    conquer,
    control,
    game,
    hold_both,
    move,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    spell_played,
    violations,
)

AGAINST, STORM, GUARDIAN, DANCER, ENGINEER, BUBBLE, DROPBOARDER, BLOOD_MONEY, SEAT, \
    PAPERTREE = ("SFD-001", "SFD-017", "SFD-035", "SFD-038", "SFD-061", "SFD-062", "SFD-072",
                 "SFD-162", "SFD-217", "SFD-219")
GOLD = "SFD-T03"
SUN_DISC = "OGN-021"          # a gear
BIG = "OGN-219"               # a unit of Might 4
MECH = "SFD-062"              # Bubble Bot is a Mech itself
RECRUIT = "OGN-271"           # the Recruit unit token: Might 1


def _unpaid(s: GameState, card: str) -> CardPlayed:
    return CardPlayed(player="p1", card=put(s, card, "p1", "hand"), payment=Payment(),
                      destination="base")


def _golds(s: GameState) -> int:
    return sum(1 for o in s.objects.values() if o.card == GOLD and o.zone == "base")


def _fire_and_resolve(s: GameState, event: str, **data: object) -> GameState:
    triggers.fire(s, event, **data)
    turn.advance(s, [])
    return pass_all(s)


# --- Against the Odds ---------------------------------------------------------------------


def test_against_the_odds_gives_two_per_enemy_unit_there() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    for _ in range(2):
        put(s, SKULKER, "p2", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf2")         # not there
    before = layers.might_of(s, mine)
    s = pass_all(cast(s, AGAINST, targets={"t": (mine,)}))
    assert layers.might_of(s, mine) == before + 4


def test_against_the_odds_refuses_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    assert "355.5" in violations(s, spell_played(s, AGAINST, targets={"t": (foe,)}))


# --- Sudden Storm -------------------------------------------------------------------------


def test_sudden_storm_deals_two_to_a_unit_not_attacking() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, STORM, targets={"t": (foe,)}))
    assert s.objects[foe].damage == 2


def test_sudden_storm_deals_four_to_an_attacker() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    s.objects[foe].designation = "attacker"
    s = pass_all(cast(s, STORM, targets={"t": (foe,)}))
    assert s.objects[foe].damage == 4 or s.objects[foe].zone == "trash"   # lethal: 4 Might
    assert s.objects[foe].zone == "trash"


def test_sudden_storm_refuses_a_unit_in_a_base() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    put(s, BIG, "p2", "battlefield", "bf1")
    home = put(s, BIG, "p2", "base")
    assert "355.5" in violations(s, spell_played(s, STORM, targets={"t": (home,)}))


# --- from the trash to the hand: Aspiring Engineer, Guardian of the Passage ----------------


def test_aspiring_engineer_takes_a_gear_back_from_the_trash() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    gear = put(s, SUN_DISC, "p1", "trash")
    unit = put(s, SKULKER, "p1", "trash")
    s = pass_all(play(s, put(s, ENGINEER, "p1", "hand")))
    assert gear in s.players["p1"].hand and unit in s.players["p1"].trash


def test_aspiring_engineer_picks_one_of_several_and_refuses_a_unit() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    first, second = put(s, SUN_DISC, "p1", "trash"), put(s, SUN_DISC, "p1", "trash")
    unit = put(s, SKULKER, "p1", "trash")
    s = pass_all(play(s, put(s, ENGINEER, "p1", "hand")))
    bad = ChoiceMade(player="p1", choice={"targets": {"t": [unit]}})  # not a gear
    assert "355.5" in violations(s, bad)  # the card is a target (RUP4 355.10.a)
    s = pass_all(choose(s, "p1", targets={"t": [second]}))
    assert second in s.players["p1"].hand and first in s.players["p1"].trash


def test_guardian_of_the_passage_may_take_a_unit_back_when_it_holds() -> None:
    s = game()
    guardian = put(s, GUARDIAN, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    unit = put(s, SKULKER, "p1", "trash")
    s = _fire_and_resolve(s, "holds", player="p1", battlefield="bf1")
    s = pass_all(choose(s, "p1", use=True))
    assert unit in s.players["p1"].hand and guardian in s.battlefield("bf1").units


def test_guardian_of_the_passage_unpaid_is_refused() -> None:
    s = game()
    assert "165.2" in violations(s, _unpaid(s, GUARDIAN))


# --- Ribbon Dancer ------------------------------------------------------------------------


def test_ribbon_dancer_gives_another_friendly_unit_one_when_it_arrives() -> None:
    s = game()
    hold_both(s)
    dancer = put(s, DANCER, "p1", "base", exhausted=False)
    other = put(s, BIG, "p1", "base")
    s = move(s, (dancer,), "bf1")
    s = pass_all(choose(s, "p1", targets={"t": [other]}))
    assert layers.might_of(s, other) == 5


def test_ribbon_dancer_refuses_itself_as_the_other_unit() -> None:
    s = game()
    hold_both(s)
    dancer = put(s, DANCER, "p1", "base", exhausted=False)
    put(s, BIG, "p1", "base")
    s = move(s, (dancer,), "bf1")
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [dancer]}}))


# --- readying: Bubble Bot, Dropboarder ----------------------------------------------------


def test_bubble_bot_readies_another_friendly_mech() -> None:
    s = game()
    runes(s, "p1", 6, MIND_RUNE)
    mech = put(s, MECH, "p1", "base", exhausted=True)
    plain = put(s, SKULKER, "p1", "base", exhausted=True)
    s = pass_all(play(s, put(s, BUBBLE, "p1", "hand")))
    assert not s.objects[mech].exhausted and s.objects[plain].exhausted


def test_bubble_bot_unpaid_is_refused() -> None:
    s = game()
    assert "165.2" in violations(s, _unpaid(s, BUBBLE))


def test_dropboarder_readies_itself_with_two_gear() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    put(s, SUN_DISC, "p1", "base")
    put(s, SUN_DISC, "p1", "base")
    unit = put(s, DROPBOARDER, "p1", "hand")
    s = pass_all(play(s, unit))
    assert not s.objects[unit].exhausted


def test_dropboarder_with_one_gear_stays_exhausted() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    put(s, SUN_DISC, "p1", "base")
    unit = put(s, DROPBOARDER, "p1", "hand")
    s = pass_all(play(s, unit))
    assert s.objects[unit].exhausted


# --- Blood Money --------------------------------------------------------------------------


def test_blood_money_on_an_enemy_unit_plays_one_gold() -> None:
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    foe = put(s, RECRUIT, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, BLOOD_MONEY, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash" and _golds(s) == 1


def test_blood_money_on_a_friendly_unit_plays_two_golds() -> None:
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    mine = put(s, RECRUIT, "p1", "battlefield", "bf1")
    s = pass_all(cast(s, BLOOD_MONEY, targets={"t": (mine,)}))
    assert s.objects[mine].zone == "trash" and _golds(s) == 2


def test_blood_money_refuses_a_unit_of_might_three_or_more() -> None:
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    big = put(s, BIG, "p2", "battlefield", "bf1")
    put(s, RECRUIT, "p2", "battlefield", "bf1")
    assert "355.5" in violations(s, spell_played(s, BLOOD_MONEY, targets={"t": (big,)}))


# --- battlefields: Seat of Power, The Papertree -------------------------------------------


def test_seat_of_power_draws_one_per_other_battlefield_held() -> None:
    s = game(battlefields=(SEAT, TOKEN_BATTLEFIELD))
    put(s, SKULKER, "p1", "battlefield", "bf2")
    control(s, "bf2", "p1")
    unit = put(s, SKULKER, "p1", "base", exhausted=False)
    hand = len(s.players["p1"].hand)
    s = pass_all(conquer(s, (unit,)))
    assert len(s.players["p1"].hand) == hand + 1


def test_seat_of_power_does_not_trigger_on_an_opponents_hold_elsewhere() -> None:
    s = game(battlefields=(SEAT, TOKEN_BATTLEFIELD))
    control(s, "bf2", "p2")
    assert triggers.fire(s, "conquers", player="p2", battlefield="bf2") == 0


def test_the_papertree_makes_every_player_channel_one_exhausted() -> None:
    s = game(battlefields=(PAPERTREE, TOKEN_BATTLEFIELD))
    for pid in ("p1", "p2"):
        put(s, CALM_RUNE, pid, "rune_deck")
    control(s, "bf1", "p1")
    s = _fire_and_resolve(s, "holds", player="p1", battlefield="bf1")
    for pid in ("p1", "p2"):
        runes_now = [o for o in s.players[pid].base if s.objects[o].card == CALM_RUNE]
        assert len(runes_now) == 1 and s.objects[runes_now[0]].exhausted


def test_the_papertree_holds_elsewhere_do_not_count() -> None:
    s = game(battlefields=(PAPERTREE, TOKEN_BATTLEFIELD))
    control(s, "bf2", "p1")
    assert triggers.fire(s, "holds", player="p1", battlefield="bf2") == 0


# --- Marching Orders (the Origins fight effect, with Repeat) --------------------------------

MARCHING = "SFD-114"


def test_marching_orders_makes_two_units_fight() -> None:
    s = game()
    runes(s, "p1", 3, ORDER_RUNE)
    mine = put(s, BIG, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, MARCHING, targets={"mine": (mine,), "foe": (foe,)}))
    assert s.objects[foe].zone == "trash"
    assert s.objects[mine].damage == layers.might_of(s, put(s, SKULKER, "p2", "base"))


def test_marching_orders_repeated_fights_again() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    mine = put(s, BIG, "p1", "base")
    a = put(s, RECRUIT, "p2", "battlefield", "bf1")
    b = put(s, RECRUIT, "p2", "battlefield", "bf2")
    spell = put(s, MARCHING, "p1", "hand")
    choices = {"repeat": [0]}
    d = CardPlayed(player="p1", card=spell, choices=choices,
                   targets={"mine": (mine,), "foe": (a,), "mine@2": (mine,), "foe@2": (b,)},
                   payment=pay_for(s, "p1", spell, choices=choices))
    s = pass_all(apply(s, d))
    assert s.objects[a].zone == s.objects[b].zone == "trash" and s.objects[mine].damage == 2


def test_marching_orders_refuses_an_enemy_in_a_base() -> None:
    s = game()
    runes(s, "p1", 3, ORDER_RUNE)
    mine = put(s, BIG, "p1", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    home = put(s, SKULKER, "p2", "base")
    d = spell_played(s, MARCHING, targets={"mine": (mine,), "foe": (home,)})
    assert "355.5" in violations(s, d)
