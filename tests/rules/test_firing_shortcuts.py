"""replay-perf (issue 7): the shortcuts of ``triggers.fire`` must find exactly what a full
scan finds.  Over the states of random bot games (every mode), for every event the game's
cards listen to: the sources found with the per-game candidates (``_Game.oids``, granted
events included) equal those of the scan of every object."""

from __future__ import annotations

import pytest

from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import triggers
from tests.rules.bot_games import bot_moves


def _check_sources(state: GameState, holding: bool = False) -> int:
    """*holding*: as if something were attached to every object (each may gain a keyword)."""
    game = triggers._game(state)
    game.uses = max(game.uses, 4)  # the per-event index in use
    heard = game.heard
    assert heard is not None
    ctx = triggers._grant_context(state)
    if holding:
        ctx = (ctx[0], frozenset(state.objects))
    checked = 0
    for event in sorted(e for e in heard if not e.startswith("\x00")):
        grant = event in triggers._GRANTED_EVENTS and triggers._GRANT in heard
        key = event + triggers._OR_GRANTABLE if grant else event
        use = ctx if grant else None
        data = {"player": state.turn_player}
        fast = triggers._sources(state, data, event, use, game.oids(key), game)
        full = triggers._sources(state, data, event, use, None, game)
        assert fast == full, f"turn {state.turn}: {event}"
        checked += 1
    return checked


@pytest.mark.parametrize("mode,seed", [("duel", 11), ("duel", 12), ("ffa3", 13), ("2v2", 14),
                                       ("ffa4", 15)])
def test_firing_candidates_find_what_a_full_scan_finds(mode: str, seed: int) -> None:
    checked = 0
    for step, state, _log in bot_moves(mode, seed, 400):
        if step % 3 == 0 and not state.is_over():
            checked += _check_sources(state)
            checked += _check_sources(_granting(state))
            checked += _check_sources(state, holding=True)
    assert checked > 50


def _granting(state: GameState) -> GameState:
    """A copy where every unit or gear on the board that could be granted Temporary,
    Vision or Hunt has it from a mod: such objects are sources of the granted events."""
    new = state.clone()
    boards = [p.base for p in new.players.values()] + [bf.units for bf in new.battlefields]
    for zone in boards:
        for oid in zone:
            obj = new.objects[oid]
            info = triggers._CARD_INFO.get(obj.card) or triggers._card_info(obj.card)
            if info[1]:
                obj.mods = {"keywords": [info[1][0]]}
    return new
