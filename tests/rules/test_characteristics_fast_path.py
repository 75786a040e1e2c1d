"""Issue 7: ``layers.characteristics`` answers from the printed facts (its buff and
Assault/Shield) for an object that no effect, mod or attached card touches; that answer
must be what the layer system (``_run_layers``) computes for it.  Checked on every board
object of random bot games with the sample decks, in every mode."""

from __future__ import annotations

import pytest

from riftlog.rules.board import layers
from riftlog.rules.board.state import BOARD_ZONES
from tests.rules.bot_games import bot_moves


@pytest.mark.parametrize("mode,seed", [("duel", 7), ("ffa3", 8), ("ffa4", 9), ("2v2", 10)])
def test_the_fast_path_is_what_the_layers_compute(mode: str, seed: int) -> None:
    compared = designated = 0
    for _, state, _log in bot_moves(mode, seed, 400):
        for oid, obj in state.objects.items():
            if obj.zone not in BOARD_ZONES or obj.mods or layers._attached(state, obj) or any(
                    layers._affects(state, e, obj) for e in state.effects):
                continue
            p = layers._printed(obj.card)
            slow = layers._freeze(obj, p, layers._run_layers(state, obj, p, [], []), on_board=True)
            assert layers.characteristics(state, oid) == slow, (mode, seed, oid, obj.card)
            compared += 1
            designated += obj.designation is not None
    assert compared > 500 and designated > 0
