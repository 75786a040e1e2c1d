"""Spiritforged (SFD) spells of the spells lane that the vocabulary says (Bushwhack, Thwonk!,
Bellows Breath, Rally the Troops): each played through the engine, and a use of each that
must be refused, citing the rule."""

from __future__ import annotations

from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    CALM_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    apply,
    cast,
    game,
    pass_all,
    pay_for,
    play,
    put,
    runes,
    spell_played,
    to_p2_turn,
    violations,
)

BUSHWHACK, THWONK, BELLOWS, RALLY = "SFD-004", "SFD-040", "SFD-080", "SFD-166"
GOLD = "SFD-T03"


def _unit(s: GameState, pid: str = "p2", where: str = "bf1") -> str:
    return put(s, SKULKER, pid, "battlefield", where)


# --- Bushwhack: units enter ready this turn, a Gold played exhausted ------------------------


def test_bushwhack_makes_units_played_this_turn_enter_ready_and_plays_a_gold() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    s = pass_all(cast(s, BUSHWHACK))
    golds = [o for o in s.players["p1"].base if s.objects[o].card == GOLD]
    assert len(golds) == 1 and s.objects[golds[0]].exhausted
    runes(s, "p1", 2, FURY_RUNE)
    unit = put(s, SKULKER, "p1", "hand")
    s = pass_all(play(s, unit))
    assert s.objects[unit].zone == "base" and not s.objects[unit].exhausted


def test_bushwhack_is_not_an_action_on_the_opponents_turn() -> None:
    s = to_p2_turn(game())
    runes(s, "p1", 3, FURY_RUNE)
    assert "316.2" in violations(s, spell_played(s, BUSHWHACK))  # no Action/Reaction: own turn


# --- Thwonk!: stun an attacking unit, Repeat 2 ----------------------------------------------


def test_thwonk_stuns_an_attacker_and_repeats_on_another() -> None:
    s = game()
    runes(s, "p1", 4, CALM_RUNE)
    a, b = _unit(s), _unit(s)
    s.objects[a].designation = s.objects[b].designation = "attacker"
    spell = put(s, THWONK, "p1", "hand")
    choices = {"repeat": [0]}
    s = pass_all(apply(s, CardPlayed(player="p1", card=spell, targets={"t": (a,), "t@2": (b,)},
                                     choices=choices,
                                     payment=pay_for(s, "p1", spell, choices=choices))))
    assert s.objects[a].stunned and s.objects[b].stunned


def test_thwonk_refuses_a_unit_that_is_not_attacking() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    attacker, idle = _unit(s), _unit(s, where="bf2")
    s.objects[attacker].designation = "attacker"
    assert "355.5" in violations(s, spell_played(s, THWONK, targets={"t": (idle,)}))


# --- Bellows Breath: 1 to up to three units at one location, Repeat ---------------------------


def test_bellows_breath_hits_three_units_at_one_battlefield() -> None:
    s = game()
    runes(s, "p1", 1, MIND_RUNE)
    foes = (_unit(s), _unit(s), _unit(s, "p1"))
    s = pass_all(cast(s, BELLOWS, targets={"t": foes}))
    assert all(s.objects[o].damage == 1 for o in foes)


def test_bellows_breath_refuses_units_at_two_locations() -> None:
    s = game()
    runes(s, "p1", 1, MIND_RUNE)
    here, there = _unit(s), _unit(s, where="bf2")
    assert "355.11" in violations(s, spell_played(s, BELLOWS, targets={"t": (here, there)}))


def test_bellows_breath_refuses_four_units() -> None:
    s = game()
    runes(s, "p1", 1, MIND_RUNE)
    foes = tuple(_unit(s) for _ in range(4))
    assert "355.5" in violations(s, spell_played(s, BELLOWS, targets={"t": foes}))


# --- Rally the Troops: friendly units played this turn are buffed; draw one ----------------


def test_rally_the_troops_buffs_each_friendly_unit_played_this_turn() -> None:
    s = game()
    runes(s, "p1", 8, ORDER_RUNE)
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, RALLY))
    assert len(s.players["p1"].hand) == hand + 1
    first = put(s, SKULKER, "p1", "hand")
    s = pass_all(play(s, first))
    second = put(s, SKULKER, "p1", "hand")
    s = pass_all(play(s, second))
    assert s.objects[first].buffed and s.objects[second].buffed


def test_rally_the_troops_does_not_buff_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    s = pass_all(cast(s, RALLY))
    s = to_p2_turn(s)  # the delayed ability ends with p1's turn
    runes(s, "p2", 2, ORDER_RUNE)
    foe = put(s, SKULKER, "p2", "hand")
    s = pass_all(play(s, foe, player="p2"))
    assert not s.objects[foe].buffed


def test_rally_the_troops_refused_unpaid() -> None:
    s = game()
    runes(s, "p1", 1, ORDER_RUNE)  # it costs two
    spell = put(s, RALLY, "p1", "hand")
    d = CardPlayed(player="p1", card=spell, payment=Payment(exhaust=tuple(s.players["p1"].base)))
    assert "165.2" in violations(s, d)  # v1.3 165.2: the pool cannot pay the cost
