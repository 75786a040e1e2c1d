"""replay-perf (issue 7): the shortcuts of ``triggers.fire`` must find exactly what a full
scan finds.  Over the states of random bot games (every mode), for every event the game's
cards listen to: the sources found with the per-game candidates (``_Game.oids``, granted
events included) equal those of the scan of every object."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from riftlog.cards.decks import read_deck
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.rules import bot, engine, triggers
from riftlog.rules.state import GameState

DECKS = sorted((Path(__file__).resolve().parents[2] / "replays" / "decks").glob("*.txt"))
SEATS = {"duel": 2, "ffa3": 3, "2v2": 4}


def _created(mode: str, seed: int) -> GameCreated:
    players = tuple(
        PlayerSpec(id=f"p{k + 1}", name=f"p{k + 1}", deck=read_deck(DECKS[(seed + k) % len(DECKS)]).to_spec(),
                   team=("ab"[k % 2] if mode == "2v2" else None))
        for k in range(SEATS[mode]))
    return GameCreated(mode=mode, catalog_version="test", engine_version="test", players=players)


def _check_sources(state: GameState) -> int:
    game = triggers._game(state)
    game.uses = max(game.uses, 4)  # the per-event index in use
    heard = game.heard
    assert heard is not None
    ctx = triggers._grant_context(state)
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


@pytest.mark.parametrize("mode,seed", [("duel", 11), ("duel", 12), ("ffa3", 13), ("2v2", 14)])
def test_firing_candidates_find_what_a_full_scan_finds(mode: str, seed: int) -> None:
    rng = random.Random(seed)
    state = engine.new_game(_created(mode, seed))
    checked = 0
    for step in range(400):
        if state.is_over():
            break
        engine.apply_in_place(state, bot.choose(state, rng))
        if step % 3 == 0 and not state.is_over():
            checked += _check_sources(state)
            checked += _check_sources(_granting(state))
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
