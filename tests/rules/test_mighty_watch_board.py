"""issue 26: ``mighty_watch`` reads the board once for its units and for what is attached
to what, and hands the latter to ``mighty.mighty_units``: the same units and the same
answer as the separate passes, on the states of seeded bot games (the SFD decks hear
"becomes Mighty")."""

from __future__ import annotations

import pytest

from riftlog.rules.board import layers, mighty
from riftlog.rules.interpreter import effects, mighty_watch
from tests.rules.combat_board import DORANS_BLADE, SERGEANT, SKULKER, attach, table, unit
from tests.rules.test_mighty_units import _states


@pytest.mark.parametrize("mode,seed", [("duel", 1), ("duel", 6), ("ffa3", 2)])
def test_one_board_pass_gives_what_the_separate_passes_gave(mode: str, seed: int) -> None:
    states = held = 0
    for state in _states(mode, seed, 400):
        objects = state.objects
        units, holders = mighty_watch._board_units(state)
        assert units == [o for lst in effects._board_lists(state) for o in lst
                         if objects[o].attached_to is None
                         and layers.printed_type(objects[o].card) == "Unit"]
        assert mighty.mighty_units(state, units, holders) == mighty.mighty_units(state, units)
        states, held = states + 1, held + bool(holders)
    assert states >= 100, states


def test_attached_gear_is_read_in_the_same_pass() -> None:
    """Bot games attach nothing: a table with gear attached at a battlefield and in a base
    (Doran's Blade, +2 Might) checks the holders handed over."""
    state = table()
    at_bf = unit(state, SKULKER, "p1")
    in_base = unit(state, SKULKER, "p2", "base")
    plain = unit(state, SERGEANT, "p2")
    for top in (at_bf, in_base):
        attach(state, DORANS_BLADE, top)
    units, holders = mighty_watch._board_units(state)
    assert holders == {at_bf, in_base} and plain in units
    assert at_bf in units and in_base in units
    assert mighty.mighty_units(state, units, holders) == mighty.mighty_units(state, units) == \
        [o for o in units if layers.is_mighty(state, o)]
