"""Seeded bot games with the sample decks (replays/decks), for the property tests that
compare an engine shortcut with the slow way on the states of real games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from riftlog.cards.decks import SAMPLE_DECKS, read_deck
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.rules import bot, engine
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState

#: the four Proving Grounds legends' sample decks (the SFD legends' decks play their own bot
#: games, tests/cards_engine/test_sfd_sample_decks.py), so these seeded games stay as recorded
DECKS = sorted(p for p in (Path(__file__).resolve().parents[2] / "replays" / "decks").glob("*.txt")
               if p.stem in SAMPLE_DECKS[:4])
SEATS = {"duel": 2, "ffa3": 3, "ffa4": 4, "2v2": 4}


def sample_game(mode: str, seed: int) -> GameCreated:
    """A *mode* game whose seats play the sample decks in turn, starting at deck *seed*."""
    players = tuple(
        PlayerSpec(id=f"p{k + 1}", name=f"p{k + 1}", deck=read_deck(DECKS[(seed + k) % len(DECKS)]).to_spec(),
                   team=("ab"[k % 2] if mode == "2v2" else None))
        for k in range(SEATS[mode]))
    return GameCreated(mode=mode, catalog_version="test", engine_version="test", players=players)


def bot_moves(mode: str, seed: int, steps: int = 500, rng: random.Random | None = None,
              ) -> Iterator[tuple[int, GameState, list[GameAction]]]:
    """Play :func:`sample_game` with the bot (*rng*, else ``random.Random(seed)``): after each
    of at most *steps* decisions, ``(step, state, the game actions it caused)``; the state is
    the live one, changed by the next decision.  Stops once the game is over."""
    rng = rng or random.Random(seed)
    state = engine.new_game(sample_game(mode, seed))
    for step in range(steps):
        if state.is_over():
            return
        yield step, state, engine.apply_in_place(state, bot.choose(state, rng))
