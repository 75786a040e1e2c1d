"""Spiritforged (SFD) spells that answer a spell on the chain (Hard Bargain, Riposte) or
change Might and places (Switcheroo, Emperor's Divide): each played through the engine, and
a use of each that must be refused, citing the rule."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import PriorityPassed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    CALM_RUNE,
    CHAOS_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    apply,
    cast,
    game,
    pass_all,
    play,
    put,
    request,
    runes,
    spell_played,
    violations,
)

HARD_BARGAIN, RIPOSTE, SWITCHEROO, DIVIDE = "SFD-136", "SFD-206", "SFD-145", "SFD-043"
FERAL = "SFD-034"  # Feral Strength, Reaction, 2 Energy (printed): a chosen unit +2 Might
BIG = "OGN-219"  # a unit of Might 4


def _p2_answers(s: GameState, *, spare: int = 0) -> tuple[GameState, str, str]:
    """p1 plays Feral Strength on a unit of theirs and passes: p2 holds priority with it on the
    chain.  p1 keeps *spare* ready Order runes."""
    runes(s, "p1", 2 + spare, CALM_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    spell = put(s, FERAL, "p1", "hand")
    s = play(s, spell, destination=None, targets={"t": (mine,)})
    item = s.chain[-1].id
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    assert request(s).player == "p2"
    return s, item, mine


# --- Hard Bargain: counter a spell unless its controller pays 2 -----------------------------


def test_hard_bargain_counters_when_the_controller_declines() -> None:
    s, item, mine = _p2_answers(game(), spare=2)
    runes(s, "p2", 2, CHAOS_RUNE)
    before = layers.might_of(s, mine)
    s = play(s, put(s, HARD_BARGAIN, "p2", "hand"), player="p2", destination=None, targets={"t": (item,)})
    s = pass_all(s)
    assert request(s).player == "p1"  # the spell's controller is asked
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"pay": None})))
    assert not s.chain and layers.might_of(s, mine) == before


def test_hard_bargain_paid_lets_the_spell_resolve() -> None:
    s, item, mine = _p2_answers(game(), spare=2)
    runes(s, "p2", 2, CHAOS_RUNE)
    before = layers.might_of(s, mine)
    s = play(s, put(s, HARD_BARGAIN, "p2", "hand"), player="p2", destination=None, targets={"t": (item,)})
    s = pass_all(s)
    pay = next(c for c in request(s).options["choices"] if c["pay"] is not None)
    s = pass_all(apply(s, ChoiceMade(player="p1", choice=pay)))
    assert layers.might_of(s, mine) == before + 2


def test_hard_bargain_counters_when_the_controller_cannot_pay() -> None:
    s, item, mine = _p2_answers(game())
    runes(s, "p2", 2, CHAOS_RUNE)
    before = layers.might_of(s, mine)
    s = pass_all(play(s, put(s, HARD_BARGAIN, "p2", "hand"), player="p2", destination=None, targets={"t": (item,)}))
    assert not s.chain and layers.might_of(s, mine) == before


def test_hard_bargain_refuses_a_unit_as_its_target() -> None:
    s, _item, mine = _p2_answers(game())
    runes(s, "p2", 2, CHAOS_RUNE)
    d = spell_played(s, HARD_BARGAIN, player="p2", destination=None, targets={"t": (mine,)})
    assert "355.5" in violations(s, d)  # v1.3 355.5: a unit is not a spell on the chain


# --- Riposte: counter a spell, a friendly unit +Might = its printed Energy cost -------------


def test_riposte_counters_and_gives_the_spells_energy_cost_as_might() -> None:
    s, item, mine = _p2_answers(game())
    runes(s, "p2", 4, ORDER_RUNE)
    guard = put(s, SKULKER, "p2", "battlefield", "bf2")
    before = layers.might_of(s, guard)
    s = play(s, put(s, RIPOSTE, "p2", "hand"), player="p2", destination=None,
             targets={"u": (guard,), "s": (item,)})
    s = pass_all(s)
    assert not s.chain
    assert layers.might_of(s, guard) == before + 2  # Feral Strength: 2 Energy printed
    assert layers.might_of(s, mine) == layers.might_of(s, guard) - 2  # not given +2


def test_riposte_refuses_an_enemy_unit() -> None:
    s, item, mine = _p2_answers(game())
    runes(s, "p2", 4, ORDER_RUNE)
    put(s, SKULKER, "p2", "battlefield", "bf2")
    d = spell_played(s, RIPOSTE, player="p2", destination=None, targets={"u": (mine,), "s": (item,)})
    assert "355.5" in violations(s, d)  # v1.3 355.5: the unit must be friendly


# --- Switcheroo: two units at one battlefield swap Might this turn ---------------------------


def test_switcheroo_swaps_the_might_of_two_units_at_a_battlefield() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    small, big = put(s, SKULKER, "p1", "battlefield", "bf1"), put(s, BIG, "p2", "battlefield", "bf1")
    ms, mb = layers.might_of(s, small), layers.might_of(s, big)
    s = pass_all(cast(s, SWITCHEROO, targets={"a": (small,), "b": (big,)}))
    assert (layers.might_of(s, small), layers.might_of(s, big)) == (mb, ms)


def test_switcheroo_refuses_units_at_two_battlefields() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    a, b = put(s, SKULKER, "p1", "battlefield", "bf1"), put(s, BIG, "p2", "battlefield", "bf2")
    d = spell_played(s, SWITCHEROO, targets={"a": (a,), "b": (b,)})
    assert "355.11" in violations(s, d)  # v1.3 355.11: a group requirement of its targets


def test_switcheroo_refuses_one_unit_for_both() -> None:
    s = game()
    runes(s, "p1", 4, CHAOS_RUNE)
    a = put(s, SKULKER, "p1", "battlefield", "bf1")
    put(s, BIG, "p2", "battlefield", "bf1")
    d = spell_played(s, SWITCHEROO, targets={"a": (a,), "b": (a,)})
    assert "355.11" in violations(s, d)


# --- Emperor's Divide: any number of friendly units at one battlefield to base ---------------


def test_emperors_divide_sends_the_chosen_units_home() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    a, b = put(s, SKULKER, "p1", "battlefield", "bf1"), put(s, SKULKER, "p1", "battlefield", "bf1")
    stay = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = pass_all(cast(s, DIVIDE, targets={"t": (a, b)}))
    assert s.objects[a].zone == s.objects[b].zone == "base"
    assert s.objects[stay].zone == "battlefield"


def test_emperors_divide_refuses_units_of_two_battlefields_or_an_enemy() -> None:
    s = game()
    runes(s, "p1", 2, CALM_RUNE)
    a, b = put(s, SKULKER, "p1", "battlefield", "bf1"), put(s, SKULKER, "p1", "battlefield", "bf2")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    assert "355.11" in violations(s, spell_played(s, DIVIDE, targets={"t": (a, b)}))
    assert "355.5" in violations(s, spell_played(s, DIVIDE, targets={"t": (a, foe)}))


# --- Not So Fast: counter an enemy spell or ability that chose a friendly unit or gear ------

NOT_SO_FAST = "SFD-045"
FRIGID = "SFD-066"       # Frigid Touch: a chosen unit -2 Might this turn (Reaction)
SANDSHIFTER = "SFD-158"  # as it is played, kills a chosen enemy unit of Might 3 or less


def test_not_so_fast_counters_an_enemy_spell_that_chose_a_friendly_unit() -> None:
    s = game()
    runes(s, "p1", 2, MIND_RUNE)
    guard = put(s, SKULKER, "p2", "battlefield", "bf1")
    before = layers.might_of(s, guard)
    s = play(s, put(s, FRIGID, "p1", "hand"), destination=None, targets={"t": (guard,)})
    item = s.chain[-1].id
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    runes(s, "p2", 3, CALM_RUNE)
    s = pass_all(play(s, put(s, NOT_SO_FAST, "p2", "hand"), player="p2", destination=None,
                      targets={"t": (item,)}))
    assert not s.chain and layers.might_of(s, guard) == before


def test_not_so_fast_counters_an_enemy_ability_that_chose_a_friendly_unit() -> None:
    s = game()
    runes(s, "p1", 7, ORDER_RUNE)
    guard = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = play(s, put(s, SANDSHIFTER, "p1", "hand"))
    (trigger,) = [it for it in s.chain if it.kind != "spell"]
    assert trigger.targets  # the kill chose p2's unit
    s, _ = engine.apply(s, PriorityPassed(player="p1"))
    runes(s, "p2", 3, CALM_RUNE)
    s = pass_all(play(s, put(s, NOT_SO_FAST, "p2", "hand"), player="p2", destination=None,
                      targets={"t": (trigger.id,)}))
    assert s.objects[guard].zone == "battlefield"


def test_not_so_fast_refuses_a_spell_that_chose_only_the_casters_own_unit() -> None:
    s, item, _mine = _p2_answers(game())  # Feral Strength on p1's own unit
    runes(s, "p2", 3, CALM_RUNE)
    d = spell_played(s, NOT_SO_FAST, player="p2", targets={"t": (item,)})
    assert {"355.5", "355.5.b"} & set(violations(s, d))  # not a legal target (355.5)
