"""issue 26, FRESHFOLD: ``mighty.mighty_units_full`` judges by place
(``board/mighty_by_place.py``: each placed effect read once, each unit from its group's sum):
the same answer as ``is_mighty`` of each unit and as the effect-by-effect computation, on the
states of seeded bot games (duel, ffa3, ffa4, the long FFA4 game of the seek benchmark) and on
those states freshly decoded from their snapshot form (a seek's state); then each input of a
placed effect's test, of a named effect and of a unit, changed alone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from riftlog.rules.board import layers, mighty, mighty_by_place
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import mighty_watch
from riftlog.snapshot_codec import decode_state, encode_state
from tests.rules.combat_board import DUELIST, SERGEANT, SKULKER, table, unit
from tests.rules.test_mighty_memo import _long_states
from tests.rules.test_mighty_units import _big_board_states, _states


def _agree(state: GameState) -> tuple[int, bool]:
    """The look by place against ``is_mighty`` of each board unit and the effect-by-effect
    computation; (how many are Mighty, whether the look by place applied)."""
    units, holders = mighty_watch._board_units(state)
    want = [o for o in units if layers.is_mighty(state, o)]
    applied = mighty_by_place.mighty_units_by_place(
        state, units, holders, mighty._each_effect) is not None
    assert mighty.mighty_units_full(state, units, holders) == want
    assert mighty.mighty_units_full(state, units) == want
    assert mighty._each_effect(state, units, holders) == want
    return len(want), applied


def _every(states: Iterator[GameState], fresh_every: int = 7) -> tuple[int, int, int]:
    """(states, Mighty units seen, states the look by place applied to); every
    *fresh_every*-th state is also compared decoded from its snapshot form."""
    n = seen = applied = 0
    for state in states:
        m, a = _agree(state)
        if n % fresh_every == 0:
            assert _agree(decode_state(encode_state(state))) == (m, a)
        n, seen, applied = n + 1, seen + m, applied + a
    return n, seen, applied


@pytest.mark.parametrize("mode,seed", [("duel", 1), ("duel", 6), ("ffa3", 2), ("ffa4", 5)])
def test_by_place_in_bot_games(mode: str, seed: int) -> None:
    n, seen, applied = _every(_states(mode, seed, 500))
    assert n > 100 and seen > 20, (n, seen, applied)  # (some decks hold effects of no place)


def test_by_place_on_a_big_ffa4_board() -> None:
    n, seen, applied = _every(_big_board_states(5, 400))
    assert n > 300 and seen > 100, (n, seen, applied)  # (its decks hold effects of no place)


def test_by_place_in_the_long_ffa4_game() -> None:
    n, seen, applied = _every(_long_states("ffa4", 5, 64, 900), fresh_every=3)
    assert n >= 850 and seen > 100 and applied > n // 2, (n, seen, applied)


# --- each input changed alone -----------------------------------------------------------------


def _here(source: str, might: int, **more: Any) -> dict[str, Any]:
    """A placed effect: +*might* to the other friendly units at its source's location."""
    affects = {"location": "source", "other_than_source": True, "source_controller": True,
               "type": "Unit", **more}
    return {"layer": "arithmetic", "affects": affects, "might": might, "source": source,
            "until": "source_leaves", "id": f"e{len(affects)}", "timestamp": 1}


def _mighty(state: GameState, oids: list[str]) -> list[str]:
    want = [o for o in oids if layers.is_mighty(state, o)]
    assert mighty._each_effect(state, oids, set()) == want
    got = mighty_by_place.mighty_units_by_place(state, oids, set(), mighty._each_effect)
    assert got == want, (state.effects, got, want)
    return got


def test_a_placed_effect_and_its_own_source() -> None:
    state = table()
    oid = unit(state, SKULKER, "p1")  # Might 3
    src = unit(state, SERGEANT, "p1")  # Might 4
    state.effects = [_here(src, 2)]
    assert _mighty(state, [oid, src]) == [oid]  # (not its source: other_than_source)
    state.effects[0]["affects"].pop("other_than_source")
    assert _mighty(state, [oid, src]) == [oid, src]
    state.effects[0]["might"] = 1
    assert _mighty(state, [oid, src]) == [src]


@pytest.mark.parametrize("key,value,passes", [
    ("controller", "p2", False), ("controller", "p1", True),
    ("not_controller", "p1", False), ("token", True, False), ("token", False, True),
    ("designation", "attacker", False), ("type", "Gear", False)])
def test_each_key_of_a_placed_effects_test(key: str, value: Any, passes: bool) -> None:
    state = table()
    oid = unit(state, SKULKER, "p1")
    src = unit(state, SERGEANT, "p1")
    state.effects = [_here(src, 2, **{key: value})]
    assert _mighty(state, [oid]) == ([oid] if passes else [])


def test_the_source_leaving_the_board_or_another_controller() -> None:
    state = table()
    oid = unit(state, SKULKER, "p1")
    src = unit(state, SERGEANT, "p1")
    state.effects = [_here(src, 2)]
    assert _mighty(state, [oid]) == [oid]
    state.objects[src].controller = "p2"  # source_controller
    assert _mighty(state, [oid]) == []
    state.objects[src].controller = "p1"
    state.objects[src].location = "bf2"  # its location
    assert _mighty(state, [oid]) == []
    state.objects[src].location = "bf1"
    state.objects[src].zone = "trash"  # until source_leaves
    assert _mighty(state, [oid]) == []


def test_effects_that_neither_keep_nor_add_and_a_designated_unit() -> None:
    state = table()
    oid = unit(state, DUELIST, "p1")  # Might 3, Assault 2
    src = unit(state, SERGEANT, "p1")
    state.effects = [{**_here(src, 0), "layer": "ability", "grant": ["Assault"]}]
    assert _mighty(state, [oid]) == []
    state.objects[oid].designation = "attacker"  # touched and designated: characteristics
    assert _mighty(state, [oid]) == [oid]
    state.objects[oid].designation = None
    state.effects = [{**_here(src, 2), "condition": {"tag": "Poro"}}]  # not plain arithmetic
    assert _mighty(state, [oid]) == [o for o in [oid] if layers.is_mighty(state, o)]


def test_named_effects_counts_buffs_and_mods() -> None:
    state = table()
    oid = unit(state, SKULKER, "p1")
    src = unit(state, SERGEANT, "p1")
    state.effects = [{"layer": "arithmetic", "affects": {"is_source": True}, "might": 1,
                      "per": "controller_points", "source": oid, "until": "source_leaves",
                      "id": "e1", "timestamp": 1}, _here(src, 1)]
    for points in (0, 1, 2):
        state.players["p1"].points = points
        assert _mighty(state, [oid, src]) == ([oid] if 3 + 1 + points >= 5 else [])
    state.players["p1"].points = 0
    state.objects[oid].buffed = True
    assert _mighty(state, [oid]) == [oid]
    state.extra["buff_counts"] = {oid: 0}
    assert _mighty(state, [oid]) == []
    state.objects[oid].mods["might"] = 1
    assert _mighty(state, [oid]) == [oid]


def test_an_effect_neither_named_nor_placed_goes_effect_by_effect() -> None:
    state = table()
    oid = unit(state, SKULKER, "p1")
    state.effects = [{"layer": "arithmetic", "affects": {"controller": "p1"}, "might": 2,
                      "until": "end_of_turn", "id": "e1", "timestamp": 1}]
    assert mighty_by_place.mighty_units_by_place(state, [oid], set(),
                                                 mighty._each_effect) is None
    assert mighty.mighty_units_full(state, [oid]) == [oid]
