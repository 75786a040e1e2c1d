"""Spiritforged (SFD) units and gear the vocabulary expresses: each played (or used) through
the engine, and a use of each that must be refused (a wrong target, an unpaid cost, a wrong
timing, a place it may not be played)."""

from __future__ import annotations

from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import triggers
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    activate,
    choose,
    control,
    game,
    hold_both,
    move,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    to_p2_turn,
    violations,
)

GEM_JAMMER, DUNEBREAKER, RAKE, PORO_SNAX, HERDER, HEART, CUB, VANGUARD, DIREWING, \
    BEAST, WINDSINGER, SANDSHIFTER, CORINA = (
        "SFD-007", "SFD-027", "SFD-032", "SFD-046", "SFD-048", "SFD-052", "SFD-067",
        "SFD-093", "SFD-094", "SFD-132", "SFD-138", "SFD-158", "SFD-179")
SUN_DISC = "OGN-021"   # a gear
RECRUIT = "OGN-271"    # the Recruit unit token
BIG = "OGN-219"        # a unit of Might 4


def _unpaid(s: GameState, card: str, **kw: object) -> CardPlayed:
    return CardPlayed(player="p1", card=put(s, card, "p1", "hand"), payment=Payment(),
                      destination="base", **kw)  # type: ignore[arg-type]


def _board_unit(s: GameState, pid: str = "p2", where: str = "bf1", card: str = SKULKER) -> str:
    return put(s, card, pid, "battlefield", where)


# --- entering ready: Dunebreaker, Direwing ---------------------------------


def test_dunebreaker_enters_ready_with_a_small_hand_and_draws_two_on_a_hold() -> None:
    s = game()
    runes(s, "p1", 8, FURY_RUNE)
    unit = put(s, DUNEBREAKER, "p1", "hand")
    s = pass_all(play(s, unit))
    assert not s.objects[unit].exhausted                   # no card left in hand
    held = _board_unit(s, "p1", card=DUNEBREAKER)
    control(s, "bf1", "p1")
    hand = len(s.players["p1"].hand)
    assert triggers.fire(s, "holds", player="p1", battlefield="bf1") == 1   # only `held`
    turn.advance(s, [])
    s = pass_all(s)
    assert len(s.players["p1"].hand) == hand + 2 and held in s.battlefield("bf1").units


def test_dunebreaker_enters_exhausted_with_three_cards_in_hand() -> None:
    s = game()
    runes(s, "p1", 8, FURY_RUNE)
    for _ in range(3):
        put(s, SKULKER, "p1", "hand")
    unit = put(s, DUNEBREAKER, "p1", "hand")
    s = pass_all(play(s, unit))
    assert s.objects[unit].exhausted


def test_direwing_enters_ready_only_beside_another_dragon() -> None:
    s = game()
    runes(s, "p1", 14, BODY_RUNE)
    first = put(s, DIREWING, "p1", "hand")
    s = pass_all(play(s, first))
    assert s.objects[first].exhausted                       # no other Dragon
    second = put(s, DIREWING, "p1", "hand")
    s = pass_all(play(s, second))
    assert not s.objects[second].exhausted                  # the first one is a Dragon


# --- play effects with a target ------------------------------------------------------------


def test_gem_jammer_gives_a_unit_ganking_this_turn() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    mine = put(s, SKULKER, "p1", "base")
    s = play(s, put(s, GEM_JAMMER, "p1", "hand"))
    s = pass_all(choose(s, "p1", targets={"t": [mine]}))
    assert layers.characteristics(s, mine).has("Ganking")


def test_gem_jammer_refuses_a_battlefield_as_its_target() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    put(s, SKULKER, "p1", "base")
    s = play(s, put(s, GEM_JAMMER, "p1", "hand"))
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": ["bf1"]}}))


def test_disarming_rake_may_kill_a_gear() -> None:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)
    gear, other = (put(s, SUN_DISC, "p2", "base", "base:p2") for _ in range(2))
    s = play(s, put(s, RAKE, "p1", "hand"))
    s = choose(s, "p1", use=True)
    s = pass_all(choose(s, "p1", targets={"t": [gear]}))
    assert s.objects[gear].zone == "trash" and s.objects[other].zone == "base"


def test_disarming_rake_refuses_a_unit() -> None:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)
    put(s, SUN_DISC, "p2", "base", "base:p2")
    put(s, SUN_DISC, "p2", "base", "base:p2")
    foe = _board_unit(s)
    s = choose(play(s, put(s, RAKE, "p1", "hand")), "p1", use=True)
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [foe]}}))


def test_frostcoat_cub_paid_gives_minus_two() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    foe = _board_unit(s, card=BIG)
    s = play(s, put(s, CUB, "p1", "hand"), choices={"additional": True})
    s = pass_all(choose(s, "p1", targets={"t": [foe]}))
    assert layers.might_of(s, foe) == 2


def test_frostcoat_cub_unpaid_does_nothing_and_cannot_pay_without_mind_power() -> None:
    s = game()
    runes(s, "p1", 3, MIND_RUNE)
    foe = _board_unit(s, card=BIG)
    s = pass_all(play(s, put(s, CUB, "p1", "hand")))
    assert layers.might_of(s, foe) == 4 and not s.chain
    s2 = game()
    runes(s2, "p1", 3, ORDER_RUNE)
    cub = put(s2, CUB, "p1", "hand")
    d = CardPlayed(player="p1", card=cub, destination="base", choices={"additional": True},
                   payment=pay_for(s2, "p1", cub))
    assert "356.2" in violations(s2, d)  # the additional cost's rule (issue 19)


def test_sandshifter_kills_an_enemy_of_might_three_or_less() -> None:
    s = game()
    runes(s, "p1", 7, ORDER_RUNE)
    small, other = _board_unit(s), _board_unit(s, where="bf2")
    s = play(s, put(s, SANDSHIFTER, "p1", "hand"))
    s = pass_all(choose(s, "p1", targets={"t": [small]}))
    assert s.objects[small].zone == "trash" and s.objects[other].zone == "battlefield"


def test_sandshifter_refuses_an_enemy_of_might_four() -> None:
    s = game()
    runes(s, "p1", 7, ORDER_RUNE)
    _board_unit(s)
    _board_unit(s, where="bf2")
    big = _board_unit(s, card=BIG)
    s = play(s, put(s, SANDSHIFTER, "p1", "hand"))
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [big]}}))


def test_beast_below_bounces_a_friendly_and_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 9, CHAOS_RUNE)
    mine, foe = _board_unit(s, "p1", "bf2"), _board_unit(s)
    _board_unit(s, "p1", "bf2")
    _board_unit(s)
    s = play(s, put(s, BEAST, "p1", "hand"))
    s = pass_all(choose(s, "p1", targets={"mine": [mine], "theirs": [foe]}))
    assert mine in s.players["p1"].hand and foe in s.players["p2"].hand


def test_beast_below_refuses_an_enemy_as_the_friendly_unit() -> None:
    s = game()
    runes(s, "p1", 9, CHAOS_RUNE)
    _board_unit(s, "p1", "bf2")
    _board_unit(s, "p1", "bf2")
    foe = _board_unit(s)
    _board_unit(s)
    s = play(s, put(s, BEAST, "p1", "hand"))
    bad = ChoiceMade(player="p1", choice={"targets": {"mine": [foe], "theirs": [foe]}})
    assert "355.5" in violations(s, bad)


def test_windsinger_may_bounce_a_small_unit_at_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    foe = _board_unit(s)
    _board_unit(s, where="bf2")
    s = choose(play(s, put(s, WINDSINGER, "p1", "hand")), "p1", use=True)
    s = pass_all(choose(s, "p1", targets={"t": [foe]}))
    assert foe in s.players["p2"].hand


def test_windsinger_refuses_a_unit_in_a_base() -> None:
    s = game()
    runes(s, "p1", 2, CHAOS_RUNE)
    _board_unit(s)
    _board_unit(s, where="bf2")
    home = put(s, SKULKER, "p2", "base")
    s = choose(play(s, put(s, WINDSINGER, "p1", "hand")), "p1", use=True)
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [home]}}))


# --- moves: Stellacorn Herder, Corina Veraza -----------------------------------------------


def test_stellacorn_herder_draws_when_it_moves() -> None:
    s = game()
    hold_both(s)
    herder = put(s, HERDER, "p1", "base")
    s.objects[herder].exhausted = False
    hand = len(s.players["p1"].hand)
    s = pass_all(move(s, (herder,), "bf1"))
    assert len(s.players["p1"].hand) == hand + 1


def test_stellacorn_herder_exhausted_cannot_move() -> None:
    s = game()
    hold_both(s)
    herder = put(s, HERDER, "p1", "base")
    s.objects[herder].exhausted = True
    assert "144.2" in violations(s, StandardMove(player="p1", units=(herder,), destination="bf1"))


def test_corina_veraza_makes_three_recruits_where_she_arrives() -> None:
    s = game()
    hold_both(s)
    corina = put(s, CORINA, "p1", "base")
    s.objects[corina].exhausted = False
    s = pass_all(move(s, (corina,), "bf1"))
    recruits = [o for o in s.battlefield("bf1").units if s.objects[o].card == RECRUIT]
    assert len(recruits) == 3


def test_corina_veraza_sent_to_base_makes_no_recruit() -> None:
    s = game()
    hold_both(s)
    corina = _board_unit(s, "p1", card=CORINA)
    s.objects[corina].exhausted = False
    s = pass_all(move(s, (corina,), "base"))
    assert s.objects[corina].zone == "base"
    assert not any(s.objects[o].card == RECRUIT for o in s.objects)


# --- Dauntless Vanguard ---------------------------------------------------------------------


def test_dauntless_vanguard_may_be_played_to_an_enemy_held_battlefield() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    _board_unit(s)
    control(s, "bf1", "p2")
    unit = put(s, VANGUARD, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="bf1", payment=pay_for(s, "p1", unit))
    assert violations(s, d) == []
    s, _ = engine.apply(s, d)
    assert s.objects[unit].location == "bf1"


def test_a_plain_unit_may_not_be_played_there() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    _board_unit(s)
    control(s, "bf1", "p2")
    unit = put(s, SKULKER, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="bf1", payment=pay_for(s, "p1", unit))
    assert "355.2.a" in violations(s, d)
    vanguard = put(s, VANGUARD, "p1", "hand")
    assert "165.2" in violations(s, CardPlayed(player="p1", card=vanguard, destination="bf1",
                                               payment=Payment()))


# --- gear: Poro Snax, Heart of Dark Ice ----------------------------------------------------


def test_poro_snax_draws_as_played_and_again_when_sacrificed() -> None:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)
    snax = put(s, PORO_SNAX, "p1", "hand")
    hand = len(s.players["p1"].hand) - 1
    s = pass_all(play(s, snax))
    assert len(s.players["p1"].hand) == hand + 1
    s = pass_all(activate(s, snax, ability=1, payment=pay_for(s, "p1", cost=Cost(1, {"Calm": 1}))))
    assert s.objects[snax].zone == "trash" and len(s.players["p1"].hand) == hand + 2


def test_poro_snax_ability_unpaid_is_refused() -> None:
    s = game()
    snax = put(s, PORO_SNAX, "p1", "base")
    d = AbilityActivated(player="p1", source=snax, ability=1, payment=Payment())
    assert "165.2" in violations(s, d)


def test_heart_of_dark_ice_gives_plus_three() -> None:
    s = game()
    heart = put(s, HEART, "p1", "base")
    mine = _board_unit(s, "p1")
    s = pass_all(activate(s, heart, targets={"t": (mine,)}))
    assert layers.might_of(s, mine) == layers.might_of(s, _board_unit(s, "p1")) + 3
    assert s.objects[heart].exhausted


def test_heart_of_dark_ice_is_not_usable_on_the_opponents_turn() -> None:
    s = to_p2_turn(game())
    heart = put(s, HEART, "p1", "base")
    mine = _board_unit(s, "p1")
    d = AbilityActivated(player="p1", source=heart, ability=0, targets={"t": (mine,)},
                         payment=Payment())
    assert "316.2" in violations(s, d)  # v1.3 316.2: no timing given, own Main Phase only
