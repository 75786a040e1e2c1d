"""replay-perf: ``turn.advance`` skips the cleanup after the chain's ``resolve_chain`` task
from a clean state (``triggers.resolve_chain_task``: it only sets the priority and queues
a priority await and itself).  Bot games (every mode) played with and without that
shortcut give the same game actions and states."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from riftlog.cards.decks import read_deck
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.reducer_fold import state_hash
from riftlog.rules import bot, engine, triggers

DECKS = sorted((Path(__file__).resolve().parents[2] / "replays" / "decks").glob("*.txt"))
SEATS = {"duel": 2, "ffa3": 3, "2v2": 4}


def _created(mode: str, seed: int) -> GameCreated:
    players = tuple(
        PlayerSpec(id=f"p{k + 1}", name=f"p{k + 1}", deck=read_deck(DECKS[(seed + k) % len(DECKS)]).to_spec(),
                   team=("ab"[k % 2] if mode == "2v2" else None))
        for k in range(SEATS[mode]))
    return GameCreated(mode=mode, catalog_version="test", engine_version="test", players=players)


def _play(mode: str, seed: int) -> list[tuple[str, list[Any]]]:
    rng = random.Random(seed)
    state = engine.new_game(_created(mode, seed))
    out = []
    for _ in range(500):
        if state.is_over():
            break
        log = engine.apply_in_place(state, bot.choose(state, rng))
        out.append((state_hash(state), [a.to_json() for a in log]))
    return out


@pytest.mark.parametrize("mode,seed", [("duel", 21), ("ffa3", 22), ("2v2", 23)])
def test_the_cleanup_skipped_after_resolve_chain_would_change_nothing(
        mode: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _play(mode, seed)
    with monkeypatch.context() as m:  # not the task advance knows: a cleanup after each run
        m.setattr(triggers, "resolve_chain_task", lambda *a: None)
        slow = _play(mode, seed)
    assert len(fast) > 50
    assert fast == slow
