"""Random bot games with decks of encoded cards (spells with targets, play effects, Legion,
Deathknell, Vision, Hidden, Deflect, an Add gear, legend abilities and triggers, battlefield
triggers and passives): never crash, keep zones consistent and the state plain JSON."""

from __future__ import annotations

import random

import pytest

from riftlog.events.payloads import DeckSpec, GameCreated, PlayerSpec
from riftlog.rules import bot, engine
from riftlog.rules.board.state import GameState
from tests.rules import engine_fixtures as F

ENCODED = ["OGN-229", "OGS-002", "OGN-004", "OGN-137", "OGN-217", "OGN-012", "OGN-195",
           "OGN-002", "OGN-163", "OGN-096", "OGN-171", "OGN-135", "OGN-013"]
RUNES = [F.BODY_RUNE, F.ORDER_RUNE, "OGN-007", "OGN-166"]


def _created(seed: int) -> GameCreated:
    main = tuple(ENCODED[(i + seed) % len(ENCODED)] for i in range(24))
    players = []
    for i, (legend, bf) in enumerate((("OGN-257", "OGN-280"), ("OGN-251", "OGN-279"))):
        deck = DeckSpec(legend=legend, champion=F.CHAMPION, main=main,
                        runes=tuple(RUNES[j % 4] for j in range(12)),
                        battlefields=(bf if seed % 2 else "OGN-294",))
        players.append(PlayerSpec(id=f"p{i + 1}", name=f"P{i + 1}", deck=deck))
    return GameCreated(mode="duel", players=tuple(players), catalog_version="test",
                       engine_version="test")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_games_with_encoded_cards(seed: int) -> None:
    rng = random.Random(seed)
    s = engine.new_game(_created(seed))
    kinds: set[str] = set()
    for _ in range(400):
        if s.is_over() or not engine.pending(s):
            break
        d = bot.choose(s, rng)
        s, actions = engine.apply(s, d)
        kinds.update(a.kind for a in actions)
        assert engine.zone_problems(s) == []
    assert GameState.from_json(s.to_json()) == s
    assert {"play", "resolve"} <= kinds
