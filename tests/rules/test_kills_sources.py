"""Replay-perf: ``kills._combatants`` (the sources of a "combat" damage mark, 417.6.c) looks
only at the battlefield's units and gear; the answer must be the one the scan of every
object gives (designated objects in zone "battlefield" at that place, by controller, in
``state.objects`` order).  Checked after every decision of random bot games in every mode,
and at every place (bases, battlefields, no place)."""

from __future__ import annotations

import random

import pytest

from riftlog.rules import bot, engine, kills
from riftlog.rules.state import GameState
from tests.rules.test_cleanup_settled import _created


def _full_scan(state: GameState, where: str | None) -> dict[str | None, list[str]]:
    out: dict[str | None, list[str]] = {}
    for o, x in state.objects.items():
        if x.designation is not None and x.location == where and x.zone == "battlefield":
            out.setdefault(x.controller, []).append(o)
    return out


@pytest.mark.parametrize("mode,seed", [("duel", 7), ("ffa3", 8), ("ffa4", 9), ("2v2", 10)])
def test_combatants_are_those_of_the_full_scan(mode: str, seed: int) -> None:
    rng = random.Random(seed)
    state = engine.new_game(_created(mode, seed))
    found = 0
    for _ in range(400):
        if state.is_over():
            break
        engine.apply_in_place(state, bot.choose(state, rng))
        places = [None, "nowhere", *(bf.oid for bf in state.battlefields),
                  *(f"base:{p}" for p in state.players)]
        for where in places:
            fast = kills._combatants(state, where)
            assert fast == _full_scan(state, where), (mode, seed, where)
            assert list(fast) == list(_full_scan(state, where))  # controllers in order too
            found += sum(len(v) for v in fast.values())
    assert found > 0


def test_combatants_keep_objects_order() -> None:
    """Units listed at the battlefield in another order than ``state.objects``."""
    rng = random.Random(3)
    state = engine.new_game(_created("duel", 3))
    for _ in range(600):
        if state.is_over():
            break
        engine.apply_in_place(state, bot.choose(state, rng))
        sd = state.showdown
        if sd is not None and sd.combat:
            bf = state.battlefield(sd.battlefield)
            if sum(state.objects[o].designation is not None for o in bf.units) > 1:
                bf.units.reverse()
                assert kills._combatants(state, bf.oid) == _full_scan(state, bf.oid)
                return
    pytest.skip("no combat with two designated units in this game")
