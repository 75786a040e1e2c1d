"""Random bot games with the last Spiritforged cards of issue 24 in the decks (Eager
Drakehound, Perched Grimwyrm, Void Hatchling, Skyfall of Areion, The Zero Drive, Hostile
Takeover, Forgotten Monument, Svellsongur): in every mode they run to a winner without a crash, the bot
answering the new choices (bounded: one seed per mode, 80 turns at most)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from riftlog.cards.decks import deck_file, read_deck
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.rules import bot, engine
from riftlog.rules.board.state import GameState

#: sample deck -> the swaps that put this lane's cards in it (same count, on-colour)
SWAPS = {
    "draven-glorious-executioner": {
        "3 Noxus Hopeful": "3 Eager Drakehound", "3 Pouty Poro": "3 Void Hatchling",
        "3 Legion Rearguard": "3 Perched Grimwyrm", "3 Gem Jammer": "3 Skyfall of Areion",
        "1 Minefield": "1 Forgotten Monument"},
    "lux-lady-of-luminosity": {
        "3 Daring Poro": "3 The Zero Drive", "3 Petty Officer": "3 Hostile Takeover",
        "1 The Grand Plaza": "1 Forgotten Monument"},
    "master-yi-wuju-bladesman": {"3 Playful Phantom": "3 Svellsongur"},
}
MODES = ("duel", "ffa3", "ffa4", "2v2")
SEATS = {"duel": 2, "ffa3": 3, "ffa4": 4, "2v2": 4}
LANE = {"SFD-006", "SFD-015", "SFD-018", "SFD-030", "SFD-059", "SFD-090", "SFD-202"}


def _deck(folder: Path, name: str) -> Path:
    text = deck_file(name).read_text(encoding="utf-8")
    for old, new in SWAPS[name].items():
        assert old in text, old
        text = text.replace(old, new)
    path = folder / f"{name}.txt"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("mode", MODES)
def test_bot_games_with_this_lanes_cards_run_to_a_winner(tmp_path: Path, mode: str) -> None:
    decks = [read_deck(_deck(tmp_path, name)).to_spec() for name in SWAPS]
    players = tuple(PlayerSpec(id=f"p{i + 1}", name=f"P{i + 1}", deck=decks[i % len(decks)],
                               team=("a", "b")[i % 2] if mode == "2v2" else None)
                    for i in range(SEATS[mode]))
    rng = random.Random(3)
    s = engine.new_game(GameCreated(mode=mode, players=players, catalog_version="test",
                                    engine_version="test"))
    played: set[str] = set()
    while not s.is_over() and s.turn <= 80:
        s, actions = engine.apply(s, bot.choose(s, rng))
        played.update(s.objects[o].card for a in actions if a.kind == "play"
                      for o in a.objects if o in s.objects)
    assert s.is_over() and s.winner, f"{mode}: no winner by turn 80"
    assert GameState.from_json(s.to_json()) == s
    assert len(played & LANE) >= 2, sorted(played & LANE)
