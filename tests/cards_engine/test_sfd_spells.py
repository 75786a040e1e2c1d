"""Spiritforged (SFD) spells the vocabulary expresses: each played through the engine, and a
use of each that must be refused (a wrong target, an unpaid cost, a wrong timing)."""

from __future__ import annotations

from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    apply,
    cast,
    game,
    pass_all,
    pay_for,
    put,
    runes,
    spell_played,
    to_p2_turn,
    violations,
)

BLOOD_RUSH, DETONATE, FERAL, FRIGID, PREMONITION, PUNCH, SHOW, FACTORY_RECALL, DOWNWELL, \
    BONDS, ON_THE_HUNT = ("SFD-003", "SFD-005", "SFD-034", "SFD-066", "SFD-087", "SFD-097",
                          "SFD-106", "SFD-135", "SFD-147", "SFD-151", "SFD-204")
SUN_DISC = "OGN-021"   # a gear
BIG = "OGN-219"        # a unit of Might 4


def _unpaid(s: GameState, card: str, **kw: object) -> CardPlayed:
    """*card* played from p1's hand with nothing paid."""
    return CardPlayed(player="p1", card=put(s, card, "p1", "hand"), payment=Payment(), **kw)  # type: ignore[arg-type]


def _unit(s: GameState, pid: str = "p2", where: str = "bf1") -> str:
    return put(s, SKULKER, pid, "battlefield", where)


# --- Blood Rush: Assault 2 this turn (errata), Repeat [1] -----------------------------------


def test_blood_rush_grants_assault_2_for_the_turn() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    mine = _unit(s, "p1")
    s = pass_all(cast(s, BLOOD_RUSH, targets={"t": (mine,)}))
    assert layers.characteristics(s, mine).value("Assault") == 2


def test_blood_rush_repeated_grants_it_to_a_second_unit() -> None:
    s = game()
    runes(s, "p1", 3, FURY_RUNE)
    a, b = _unit(s, "p1"), _unit(s, "p1")
    spell = put(s, BLOOD_RUSH, "p1", "hand")
    choices = {"repeat": [0]}
    s = pass_all(apply(s, CardPlayed(player="p1", card=spell, targets={"t": (a,), "t@2": (b,)},
                                     choices=choices,
                                     payment=pay_for(s, "p1", spell, choices=choices))))
    assert layers.characteristics(s, a).value("Assault") == layers.characteristics(s, b).value("Assault") == 2


def test_blood_rush_is_an_action_not_playable_on_the_opponents_open_turn() -> None:
    s = to_p2_turn(game())
    runes(s, "p1", 3, FURY_RUNE)
    mine = _unit(s, "p1")
    d = spell_played(s, BLOOD_RUSH, targets={"t": (mine,)})
    assert "316.2" in violations(s, d)  # v1.3 316.2: not p1's turn, no showdown


# --- Detonate -------------------------------------------------------------------------------


def test_detonate_kills_a_gear_and_its_controller_draws_two() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    gear = put(s, SUN_DISC, "p2", "base", "base:p2")
    hand = len(s.players["p2"].hand)
    s = pass_all(cast(s, DETONATE, targets={"t": (gear,)}))
    assert s.objects[gear].zone == "trash"
    assert len(s.players["p2"].hand) == hand + 2


def test_detonate_refuses_a_unit() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    put(s, SUN_DISC, "p2", "base", "base:p2")
    foe = _unit(s)
    assert "355.5" in violations(s, spell_played(s, DETONATE, targets={"t": (foe,)}))


# --- Might this turn: Feral Strength, Frigid Touch, Punch First, Bonds of Strength ------------


def test_feral_strength_gives_plus_two_this_turn() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    mine = _unit(s, "p1")
    before = layers.might_of(s, mine)
    s = pass_all(cast(s, FERAL, targets={"t": (mine,)}))
    assert layers.might_of(s, mine) == before + 2


def test_feral_strength_unpaid_is_refused() -> None:
    s = game()
    mine = _unit(s, "p1")
    assert "165.2" in violations(s, _unpaid(s, FERAL, targets={"t": (mine,)}))


def test_frigid_touch_gives_minus_two_this_turn_and_repeats() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    foe = put(s, BIG, "p2", "battlefield", "bf1")
    spell = put(s, FRIGID, "p1", "hand")
    choices = {"repeat": [0]}
    s = pass_all(apply(s, CardPlayed(player="p1", card=spell, targets={"t": (foe,), "t@2": (foe,)},
                                     choices=choices,
                                     payment=pay_for(s, "p1", spell, choices=choices))))
    assert layers.might_of(s, foe) == 0


def test_frigid_touch_refuses_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 2, MIND_RUNE)
    _unit(s)
    assert "355.5" in violations(s, spell_played(s, FRIGID, targets={"t": ("bf1",)}))


def test_punch_first_gives_plus_five() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    mine = _unit(s, "p1")
    before = layers.might_of(s, mine)
    s = pass_all(cast(s, PUNCH, targets={"t": (mine,)}))
    assert layers.might_of(s, mine) == before + 5


def test_punch_first_needs_its_two_body_power() -> None:
    s = game()
    runes(s, "p1", 3, ORDER_RUNE)  # three runes, none of them Body
    mine = _unit(s, "p1")
    d = _unpaid(s, PUNCH, targets={"t": (mine,)})
    assert "165.2" in violations(s, d)


def test_bonds_of_strength_gives_two_friendly_units_one_each() -> None:
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    a, b = _unit(s, "p1"), _unit(s, "p1", "bf2")
    s = pass_all(cast(s, BONDS, targets={"t": (a, b)}))
    assert layers.might_of(s, a) == layers.might_of(s, b) == layers.might_of(s, _unit(s, "p1")) + 1


def test_bonds_of_strength_refuses_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    a, foe = _unit(s, "p1"), _unit(s, "p2")
    assert "355.5" in violations(s, spell_played(s, BONDS, targets={"t": (a, foe)}))


# --- Premonition, Show of Strength ---------------------------------------------------------


def test_premonition_draws_three() -> None:
    s = game()
    runes(s, "p1", 5, MIND_RUNE)
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, PREMONITION))
    assert len(s.players["p1"].hand) == hand + 3


def test_premonition_needs_three_mind_power() -> None:
    s = game()
    runes(s, "p1", 5, MIND_RUNE)
    assert "165.2" in violations(s, _unpaid(s, PREMONITION))


def test_show_of_strength_draws_one_per_mighty_unit() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    a, b = _unit(s, "p1"), _unit(s, "p1")
    _unit(s, "p1")  # not Mighty
    for oid in (a, b):
        layers.add_effect(s, {"source": None, "layer": "arithmetic", "affects": {"oids": [oid]},
                              "might": 5, "until": "end_of_turn"})
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, SHOW))
    assert len(s.players["p1"].hand) == hand + 2


def test_show_of_strength_unpaid_is_refused() -> None:
    s = game()
    assert "165.2" in violations(s, _unpaid(s, SHOW))


# --- Factory Recall, Downwell --------------------------------------------------------------


def test_factory_recall_returns_a_gear_to_its_owners_hand() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    gear = put(s, SUN_DISC, "p2", "base", "base:p2")
    s = pass_all(cast(s, FACTORY_RECALL, targets={"t": (gear,)}))
    assert s.objects[gear].zone == "hand" and gear in s.players["p2"].hand


def test_factory_recall_refuses_a_unit() -> None:
    s = game()
    runes(s, "p1", 1, CHAOS_RUNE)
    put(s, SUN_DISC, "p2", "base", "base:p2")
    foe = _unit(s)
    assert "355.5" in violations(s, spell_played(s, FACTORY_RECALL, targets={"t": (foe,)}))


def test_downwell_returns_every_unit_and_gear() -> None:
    s = game()
    runes(s, "p1", 10, CHAOS_RUNE)
    mine, foe = _unit(s, "p1"), _unit(s, "p2", "bf2")
    gear = put(s, SUN_DISC, "p2", "base", "base:p2")
    s = pass_all(cast(s, DOWNWELL))
    assert all(s.objects[o].zone == "hand" for o in (mine, foe, gear))
    assert mine in s.players["p1"].hand and foe in s.players["p2"].hand


def test_downwell_cannot_be_played_on_the_opponents_turn() -> None:
    s = to_p2_turn(game())
    runes(s, "p1", 10, CHAOS_RUNE)
    assert "316.2" in violations(s, spell_played(s, DOWNWELL))  # v1.3 316.2: own turn only


# --- On the Hunt ---------------------------------------------------------------------------


def test_on_the_hunt_readies_its_controllers_units_only() -> None:
    s = game()
    runes(s, "p1", 3, BODY_RUNE)
    mine, foe = _unit(s, "p1"), _unit(s, "p2", "bf2")
    s.objects[mine].exhausted = s.objects[foe].exhausted = True
    s = pass_all(cast(s, ON_THE_HUNT))
    assert not s.objects[mine].exhausted and s.objects[foe].exhausted


def test_on_the_hunt_unpaid_is_refused() -> None:
    s = game()
    assert "165.2" in violations(s, _unpaid(s, ON_THE_HUNT))
