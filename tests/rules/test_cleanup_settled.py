"""Issue 7: the engine skips the cleanup after tasks that cannot unsettle a settled state
(``turn.cleanup`` reports "clean"; ``turn.advance`` skips the next one).  Whatever it
skipped, the state it awaits a decision in must be settled (v1.3 322, 323): one more
cleanup there changes nothing.  Random bot games with the sample decks, every mode."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from riftlog.cards.decks import read_deck
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.rules import bot, engine, turn
from riftlog.rules.core import GameAction

DECKS = sorted((Path(__file__).resolve().parents[2] / "replays" / "decks").glob("*.txt"))
SEATS = {"duel": 2, "ffa3": 3, "ffa4": 4, "2v2": 4}


def _created(mode: str, seed: int) -> GameCreated:
    players = tuple(
        PlayerSpec(id=f"p{k + 1}", name=f"p{k + 1}", deck=read_deck(DECKS[(seed + k) % len(DECKS)]).to_spec(),
                   team=("ab"[k % 2] if mode == "2v2" else None))
        for k in range(SEATS[mode]))
    return GameCreated(mode=mode, catalog_version="test", engine_version="test", players=players)


@pytest.mark.parametrize("mode,seed", [("duel", 1), ("duel", 2), ("ffa3", 3), ("ffa4", 4), ("2v2", 5)])
def test_a_cleanup_where_a_decision_is_awaited_changes_nothing(mode: str, seed: int) -> None:
    rng = random.Random(seed)
    state = engine.new_game(_created(mode, seed))
    checked = 0
    for _ in range(500):
        if state.is_over():
            break
        engine.apply_in_place(state, bot.choose(state, rng))
        if state.is_over():
            break
        again = state.clone()
        log: list[GameAction] = []
        turn.cleanup(again, log)
        assert log == [] and again == state, f"{mode} seed {seed}: turn {state.turn} " \
            f"{state.phase}: a cleanup was skipped that had work to do: {log}"
        checked += 1
    assert checked > 60
