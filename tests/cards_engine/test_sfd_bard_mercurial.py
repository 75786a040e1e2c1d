"""Bard, Mercurial (SFD-079): the units his play trigger moves are targets (RUP4 355.10,
355.12, 355.13) and the open battlefield is the move's destination (355.4), both chosen as
the ability goes on the chain, refused when not his controller's units or not an open
battlefield (355.5), and checked again as it resolves."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import PriorityPassed
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    MIND_RUNE,
    SKULKER,
    choose,
    control,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)

BARD, LEGEND = "SFD-079", "OGN-247"
#: real battlefield cards (chosen objects are looked at for Deflect, 809.1.c), whose abilities
#: play no part here: a higher Victory Score, a draw when held
BATTLEFIELDS = ("OGN-276", "OGN-280")


def _played(taken: bool = False) -> tuple[GameState, list[str], str]:
    s = game(battlefields=BATTLEFIELDS)
    if taken:  # bf2 is not open: p2 holds it with a unit
        put(s, SKULKER, "p2", "battlefield", "bf2")
        control(s, "bf2", "p2")
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
    bad_place = ChoiceMade(player="p1", choice={"targets": {"t": units, "bf": ["bf2"]}})
    assert violations(s, bad_place) == ["355.5"]
    s = pass_all(choose(s, "p1", targets={"t": units}))
    assert all(s.objects[u].location == "bf1" for u in units)


def test_a_battlefield_no_longer_open_as_it_resolves_gets_nobody() -> None:
    s, units, _ = _played()
    s = choose(s, "p1", targets={"t": units, "bf": ["bf2"]})
    s.battlefield("bf2").controller = "p2"  # as if p2 had taken it before it resolves
    s = pass_all(s)
    assert all(s.objects[u].location == "base:p1" for u in units)
