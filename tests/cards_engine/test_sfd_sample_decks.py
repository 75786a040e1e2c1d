"""The sample decks built around Spiritforged (SFD) legends (issue 24): legal in every mode
under the current ban lists, and random bot games with them in every mode run to a winner
without a crash, playing their SFD cards (bounded: two seeds per mode, 80 turns at most)."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from riftlog.cards import load_catalog
from riftlog.cards.banlists import FORMAT_BY_MODE, deck_bans
from riftlog.cards.deckcheck import validate_deck
from riftlog.cards.decks import SAMPLE_DECKS, deck_file, read_deck
from riftlog.events.payloads import GameCreated
from riftlog.recorder import player_from_deck
from riftlog.rules import bot, engine
from riftlog.rules.board.state import GameState

SFD_DECKS = ("draven-glorious-executioner", "fiora-grand-duelist",
             "rumble-mechanized-menace", "sivir-battle-mistress")
#: the decks that sit at a table together, alternating seats
PAIRS = {"draven-fiora": SFD_DECKS[:2], "rumble-sivir": SFD_DECKS[2:]}
#: a day after the newest ban list of the reference (2026-09-18)
LATEST = dt.date(2026, 11, 27)
MODES = ("duel", "match", "ffa3", "ffa4", "2v2")
SEATS = {"duel": 2, "match": 2, "ffa3": 3, "ffa4": 4, "2v2": 4}


@pytest.mark.parametrize("deck", SFD_DECKS)
def test_sfd_sample_deck_is_a_legal_sample_around_an_sfd_legend(deck: str) -> None:
    assert deck in SAMPLE_DECKS
    listed = read_deck(deck_file(deck))
    catalog = load_catalog()
    assert listed.legend.startswith("SFD-") and catalog.get(listed.legend).type == "Legend"
    for mode in MODES:
        assert validate_deck(listed, mode) == [], mode  # deck rules and the ban lists
        # and the newest ban list of the mode's format (Called Shot is banned from 2026-07-24)
        assert deck_bans(listed, FORMAT_BY_MODE.get(mode, "standard"), LATEST)[1] == [], mode
    cards = {listed.legend, listed.champion, *listed.to_spec().main,
             *listed.to_spec().battlefields}
    assert all(catalog.get(c).supported for c in cards)  # only cards the engine plays


def _created(mode: str, pair: tuple[str, ...]) -> GameCreated:
    players = tuple(player_from_deck(f"p{i + 1}", f"P{i + 1}", deck_file(pair[i % 2]),
                                     mode=mode, team=("A", "B")[i % 2] if mode == "2v2" else None)
                    for i in range(SEATS[mode]))
    return GameCreated(mode=mode, players=players, catalog_version="test", engine_version="test")


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("pair", PAIRS)
def test_bot_games_with_the_sfd_sample_decks_run_to_a_winner(pair: str, mode: str,
                                                             seed: int) -> None:
    rng = random.Random(seed)
    s = engine.new_game(_created(mode, PAIRS[pair]))
    played: set[str] = set()
    while not s.is_over() and s.turn <= 80:
        s, actions = engine.apply(s, bot.choose(s, rng))
        played.update(s.objects[o].card for a in actions if a.kind == "play"
                      for o in a.objects if o in s.objects)
        if all(r.kind != "choice" for r in engine.pending(s)):
            # (while a resolving spell awaits a choice it is off the chain list: engine-wide)
            assert engine.zone_problems(s) == []
    assert s.is_over() and s.winner, f"{mode} seed {seed}: no winner by turn 80"
    assert GameState.from_json(s.to_json()) == s
    assert sum(1 for c in played if c.startswith("SFD-")) >= 3, sorted(played)
