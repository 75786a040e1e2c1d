"""replay-perf: ``combat.cleanup_designations`` (323.2.c) and ``combat.end_combat`` (461.7.a)
look only at the objects the combat designated (``showdown.data["designated"]``), not at
every object.  In bot games (every mode), each time they do, every object that holds a
designation is among them, and after each decision no object outside a combat holds one."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.rules.board.state import GameState
from riftlog.rules.flow import combat
from tests.build_marks import pure_only
from tests.rules.bot_games import bot_moves


@pure_only("riftlog.rules.flow.combat")
@pytest.mark.parametrize("mode,seed", [("duel", 51), ("duel", 52), ("ffa3", 53), ("2v2", 54),
                                       ("ffa4", 55)])
def test_designated_objects_cover_every_designation(
        mode: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = combat._designated
    calls = 0

    def checked(state: GameState) -> Any:
        nonlocal calls
        calls += 1
        found = list(fast(state))
        held = {o.oid for o in state.objects.values() if o.designation is not None}
        assert held <= {o.oid for o in found}
        assert len({id(o) for o in found}) == len(found)
        return found

    monkeypatch.setattr(combat, "_designated", checked)
    for _, state, _log in bot_moves(mode, seed, steps=800):
        if state.showdown is None or not state.showdown.combat:
            assert all(o.designation is None for o in state.objects.values())
    assert calls >= 10
