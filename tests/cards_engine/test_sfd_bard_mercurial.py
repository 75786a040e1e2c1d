"""Bard, Mercurial (SFD-079): the units his play trigger moves are targets (RUP4 355.10,
355.12, 355.13) and the open battlefield is the move's destination (355.4), both chosen as
the ability goes on the chain, and checked again as it resolves.  Units that are not his
controller's are refused as targets (355.5); a battlefield that is not open is refused by what
"open" means (v1.3 169.10.c, RUP4 170.11.c: unoccupied, .a, and uncontrolled, .b)."""

from __future__ import annotations

from collections.abc import Callable

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import PriorityPassed
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects
from riftlog.rules.interpreter.effects_targets import open_battlefield_violation
from tests.cards_engine.helpers import (
    MIND_RUNE,
    SKULKER,
    apply,
    choose,
    control,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)
from tests.rules.board import table
from tests.rules.showdown_board import main_phase

BARD, LEGEND = "SFD-079", "OGN-247"
#: real battlefield cards (chosen objects are looked at for Deflect, 809.1.c), whose abilities
#: play no part here: a higher Victory Score, a draw when held
BATTLEFIELDS = ("OGN-276", "OGN-280")


def _played(taken: bool = False, setup: Callable[[GameState], None] | None = None,
            state: GameState | None = None) -> tuple[GameState, list[str], str]:
    s = state or game(battlefields=BATTLEFIELDS)
    if taken:  # bf2 is not open: p2 holds it with a unit
        put(s, SKULKER, "p2", "battlefield", "bf2")
        control(s, "bf2", "p2")
    if setup is not None:
        setup(s)
    runes(s, "p1", 5, MIND_RUNE)
    put(s, LEGEND, "p1", "legend")
    units = [put(s, SKULKER, "p1", "base") for _ in range(2)]
    theirs = put(s, SKULKER, "p2", "base")
    s = play(s, put(s, BARD, "p1", "hand"), choices={"exhaust_legend": True})
    for _ in range(6):  # to the question asked as the ability goes on the chain
        req = engine.pending(s)[0]
        if req.kind == "choice":
            break
        s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    return s, units, theirs


def _three_battlefields() -> GameState:
    """An FFA3 board (three battlefields, 476): bf1 and bf2 open, bf3 held by p2 with a unit,
    so the open battlefield is a real choice and bf3 is refused among the options."""
    s = main_phase(table(3, battlefields=3, mode="ffa3"))
    put(s, SKULKER, "p2", "battlefield", "bf3")
    control(s, "bf3", "p2")
    return s


def _move_to(units: list[str], bf: str) -> ChoiceMade:
    return ChoiceMade(player="p1", choice={"targets": {"t": units, "bf": [bf]}})


def test_units_and_an_open_battlefield_are_chosen_as_it_goes_on_the_chain() -> None:
    s, units, _ = _played()
    req = engine.pending(s)[0]
    assert req.rule == "355.5" and req.options["kind"] == "targets"
    assert sorted(req.options["targets"]["bf"]["from"]) == ["bf1", "bf2"]
    s = choose(s, "p1", targets={"t": units[:1], "bf": ["bf2"]})
    assert list(s.chain[-1].targets["bf"]) == ["bf2"]  # on the chain, before it resolves
    s = pass_all(s)
    assert s.objects[units[0]].location == "bf2"
    assert s.objects[units[1]].location == "base:p1"


def test_an_enemy_unit_is_refused_citing_355_5() -> None:
    s, _, theirs = _played()
    bad_unit = ChoiceMade(player="p1", choice={"targets": {"t": [theirs], "bf": ["bf1"]}})
    assert [v.rule for v in engine.check(s, bad_unit)] == ["355.5"]
    assert theirs in str(engine.check(s, bad_unit)[0])


def test_a_battlefield_that_is_not_open_cannot_be_the_destination() -> None:
    s, units, _ = _played(taken=True)
    assert "bf" not in engine.pending(s)[0].options["targets"]  # bf1, the only open one
    bad_place = _move_to(units, "bf2")
    assert violations(s, bad_place) == ["169.10.c"]  # what "open" means, not 355.5
    s = pass_all(choose(s, "p1", targets={"t": units}))
    assert all(s.objects[u].location == "bf1" for u in units)


def test_an_occupied_and_controlled_battlefield_is_refused_citing_rup4_170_11_c() -> None:
    s, units, _ = _played(taken=True)
    s.edition = "RUP4"
    found = engine.check(s, _move_to(units, "bf2"))
    assert [v.citation for v in found] == ["RUP4 170.11.c"]
    message = found[0].message
    assert message.startswith("bf2 is not an open battlefield (occupied: ")
    assert "170.11.a" in message and "controlled by p2, 170.11.b" in message
    assert message.endswith("open: bf1")
    assert "355.5" not in message and "169.10" not in message  # re-cited under RUP4


def test_a_battlefield_not_open_among_several_choices_is_refused_citing_169_10_c() -> None:
    s, units, _ = _played(state=_three_battlefields())
    assert sorted(engine.pending(s)[0].options["targets"]["bf"]["from"]) == ["bf1", "bf2"]
    found = engine.check(s, _move_to(units, "bf3"))
    assert [v.rule for v in found] == ["169.10.c"]
    assert found[0].message.endswith("open: bf1, bf2")
    s = pass_all(apply(s, _move_to(units, "bf2")))  # an open one is a legal destination
    assert all(s.objects[u].location == "bf2" for u in units)


def test_a_controlled_battlefield_without_units_is_not_open_169_10_b() -> None:
    # a held battlefield nobody occupies is let go in the next cleanup (190.4.c), so the
    # refusal is asked of the rule's own function on such a board
    s = game(battlefields=BATTLEFIELDS)
    control(s, "bf2", "p2")
    spec = next(x for x in effects.targets_of(BARD, 1) if x.name == "bf")
    found = open_battlefield_violation(s, spec, "bf2", "Bard", ["bf1"])
    assert found is not None and found.rule == "169.10.c"
    assert found.message == ("bf2 is not an open battlefield (controlled by p2, 169.10.b): Bard "
                             "may choose only an open one (no unit there, no controller); open: bf1")
    assert open_battlefield_violation(s, spec, "bf1", "Bard", ["bf1"]) is None  # open
    units = next(x for x in effects.targets_of(BARD, 1) if x.name == "t")
    assert open_battlefield_violation(s, units, "bf2", "Bard", []) is None  # not such a target


def test_an_occupied_battlefield_nobody_controls_is_not_open_169_10_a() -> None:
    there: list[str] = []

    def occupied(s: GameState) -> None:  # a unit there, no controller (yet)
        there.append(put(s, SKULKER, "p2", "battlefield", "bf2"))

    s, units, _ = _played(setup=occupied)
    assert s.battlefield("bf2").controller is None
    found = engine.check(s, _move_to(units, "bf2"))
    assert [v.rule for v in found] == ["169.10.c"]
    assert f"(occupied: {there[0]} there, 169.10.a)" in found[0].message


def test_what_is_no_battlefield_is_still_refused_as_a_target_355_5() -> None:
    s, units, _ = _played(state=_three_battlefields())
    assert violations(s, _move_to(units, units[0])) == ["355.5"]


def test_naming_the_only_open_battlefield_is_still_refused_as_no_target_to_choose() -> None:
    s, units, _ = _played(taken=True)  # bf1 was chosen for him: there is no choice to make
    found = engine.check(s, _move_to(units, "bf1"))
    assert [v.rule for v in found] == ["355.5"] and "no target called ['bf']" in found[0].message


def test_the_open_battlefield_is_a_legal_destination_under_rup4() -> None:
    s, units, _ = _played()
    s.edition = "RUP4"
    assert engine.check(s, _move_to(units, "bf2")) == []
    s = pass_all(apply(s, _move_to(units, "bf2")))
    assert all(s.objects[u].location == "bf2" for u in units)


def test_a_battlefield_no_longer_open_as_it_resolves_gets_nobody() -> None:
    s, units, _ = _played()
    s = choose(s, "p1", targets={"t": units, "bf": ["bf2"]})
    s.battlefield("bf2").controller = "p2"  # as if p2 had taken it before it resolves
    s = pass_all(s)
    assert all(s.objects[u].location == "base:p1" for u in units)


def test_an_open_battlefield_target_of_a_spell_or_activation_is_refused_the_same_way() -> None:
    # effects.target_violations judges the targets of spells and activated abilities
    # as they are played: an open-battlefield target there cites 169.10.c too
    s = game(battlefields=BATTLEFIELDS)
    theirs = put(s, SKULKER, "p2", "battlefield", "bf2")
    control(s, "bf2", "p2")
    specs = effects.targets_of(BARD, 1)
    found = effects.target_violations(s, "p1", None, specs, {"t": [], "bf": ["bf2"]}, "Bard")
    assert [v.rule for v in found] == ["169.10.c"]
    assert f"(occupied: {theirs} there, 169.10.a; controlled by p2, 169.10.b)" in found[0].message
    assert effects.target_violations(s, "p1", None, specs, {"t": [], "bf": ["bf1"]}, "Bard") == []
