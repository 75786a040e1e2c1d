"""Decisions of the sample replays and of seeded bot games, each with the state it was made
in (shared by the notation and legal-move tests)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from riftlog.bundle import load_bundle
from riftlog.cards.decks import SAMPLE_DECKS, read_deck
from riftlog.events.envelope import StoredEvent
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.events.registry import Payload
from riftlog.reducer import Folder
from riftlog.rules import bot, engine
from riftlog.rules.board.state import GameState

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted((ROOT / "replays").glob("*.json"))
#: the four Proving Grounds legends' sample decks (the seeded games the tests read stay as they
#: were; the SFD legends' decks play their own, tests/cards_engine/test_sfd_sample_decks.py)
DECKS = sorted(p for p in (ROOT / "replays" / "decks").glob("*.txt") if p.stem in SAMPLE_DECKS[:4])
SEATS = {"duel": 2, "match": 2, "ffa3": 3, "ffa4": 4, "2v2": 4}
MODES = tuple(SEATS)


def sample_decisions() -> Iterator[tuple[str, int, GameState, Payload]]:
    """(game, seq, state before, decision) for every player decision of every sample game;
    the state is the live one of the fold (changed by the next event): clone it to keep it."""
    for path in REPLAYS:
        for game in load_bundle(path).games:
            folder = Folder()
            for row in game.events:
                ev = StoredEvent(game_id=game.id, **row.model_dump())
                payload = ev.decoded()
                if payload.IS_DECISION and folder.state is not None:
                    yield game.id, ev.seq, folder.state, payload
                folder.feed(ev)


def bot_created(mode: str, seed: int) -> GameCreated:
    """A *mode* game whose seats play the sample decks in turn, starting at deck *seed*."""
    players = tuple(
        PlayerSpec(id=f"p{k + 1}", name=f"p{k + 1}",
                   deck=read_deck(DECKS[(seed + k) % len(DECKS)]).to_spec(),
                   team=("ab"[k % 2] if mode == "2v2" else None))
        for k in range(SEATS[mode]))
    return GameCreated(mode=mode, catalog_version="test", engine_version="test", players=players)


def bot_states(mode: str, seed: int, steps: int) -> Iterator[tuple[GameState, Payload]]:
    """(state before, what the bot chose) for at most *steps* choices of a seeded bot game;
    the state is a copy the caller may keep."""
    rng = random.Random(seed)
    state = engine.new_game(bot_created(mode, seed))
    for _ in range(steps):
        if state.is_over():
            return
        choice = bot.choose(state, rng)
        yield state.clone(), choice
        engine.apply_in_place(state, choice)
