"""Bots with Svellsongur (SFD-059) worn by units whose non-activated abilities are now
copied (riftlog.rules.board.copied_text): the legal-moves generator and the random bot
answer the choices a copy adds (a second look first, a third death replacement to order,
a discount taken as power), every decision they make is legal, and random bot games with
Svellsongur and such units in the decks run to a winner without a crash (bounded: seeded,
a few dozen decisions per board, 80 turns per game)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from riftlog.cards.decks import deck_file, read_deck
from riftlog.events.abilities import ChoiceMade
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.events.play import CardPlayed
from riftlog.rules import bot, engine
from riftlog.rules.board import copied_text
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.legal_moves import legal_decisions
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    cleanup_with_lethal,
    hold_both,
    move,
    pass_all,
    put,
    runes,
)
from tests.cards_engine.svellsongur import game, wear
from tests.rules.board import control

#: every encoded unit whose abilities had a kind the copy did not carry before, but
#: activated abilities (their own part of issue 24)
STATIC_UNITS = (
    "OGN-070",  # Mageseeker Warden
    "OGN-084",  # Eager Apprentice
    "OGN-111",  # Heimerdinger, Inventor
    "OGN-140",  # Herald of Scales
    "OGN-194",  # Nocturne, Horrifying
    "OGN-236",  # Karthus, Eternal
    "OGS-001",  # Annie, Fiery
    "SFD-014",  # Minotaur Reckoner
    "SFD-015",  # Perched Grimwyrm
    "SFD-018",  # Void Hatchling
    "SFD-029",  # Rek'Sai, Breacher
    "SFD-054",  # Jax, Unmatched
    "SFD-055",  # Needlessly Large Yordle
    "SFD-060",  # Tianna Crownguard
    "SFD-141",  # Irelia, Graceful
    "SFD-146",  # Vex, Cheerless
    "SFD-149",  # Ezreal, Prodigy
    "SFD-173",  # Soraka, Wanderer
    "SFD-175",  # Undertitan
)
RUNES = (BODY_RUNE, CALM_RUNE, CHAOS_RUNE, FURY_RUNE, MIND_RUNE, ORDER_RUNE)
HAND = ("OGN-085", "OGS-003", "OGN-229", "SFD-066", "OGN-009", "OGN-142")  # spells, a Dragon


def _bot_steps(s: GameState, seed: int, steps: int, until_main: bool = False) -> GameState:
    """*steps* random bot decisions (fewer if the game ends, or with *until_main* once the
    Main Phase is back with an empty chain), each checked legal first."""
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over() or (until_main and engine.pending(s)[0].kind == "main" and not s.chain):
            break
        d = bot.choose(s, rng)
        assert engine.check(s, d) == [], d
        s, _ = engine.apply(s, d)
    assert GameState.from_json(s.to_json()) == s
    return s


@pytest.mark.parametrize("unit", STATIC_UNITS)
def test_random_bot_decisions_around_a_worn_unit_are_legal(unit: str) -> None:
    for seed in range(2):
        s = game(deck=8)
        control(s, "bf1", "p1")
        worn, _ = wear(s, unit, "p1", "battlefield", "bf1")
        put(s, SKULKER, "p1", "battlefield", "bf1")
        put(s, SKULKER, "p2", "battlefield", "bf2")
        control(s, "bf2", "p2")
        for pid in ("p1", "p2"):
            for rune in RUNES:
                runes(s, pid, 2, rune)
            for card in HAND:
                put(s, card, pid, "hand")
        assert copied_text.copies(s, worn) == 1
        _bot_steps(s, seed, 40)


def test_bots_answer_the_second_look_of_a_worn_void_hatchling() -> None:
    for seed in range(4):
        s = game(deck=0)
        hold_both(s)
        wear(s, "SFD-018")
        smith = put(s, "SFD-041", "p1", "base")
        s.objects[smith].exhausted = False
        for _ in range(3):
            put(s, SKULKER, "p1", "main_deck")
        s = pass_all(move(s, (smith,), to="bf1"))
        s, _ = engine.apply(s, ChoiceMade(player="p1", choice={"recycle_top": False}))
        offered = legal_decisions(s, "p1")  # the copy's look: both answers offered
        assert {tuple(sorted(d.choice.items())) for d in offered
                if isinstance(d, ChoiceMade)} == {(("recycle_top", True),),
                                                  (("recycle_top", False),)}
        s = _bot_steps(s, seed, 10, until_main=True)
        assert engine.pending(s)[0].kind == "main"  # the reveal went on (a unit: recycled)
        assert len(s.players["p1"].main_deck) == 3 and not s.players["p1"].hand


def test_bots_order_the_three_death_replacements_of_a_worn_soraka() -> None:
    for seed in range(4):
        s = game()
        soraka, _ = wear(s, "SFD-173", "p1", "battlefield", "bf1")
        angel = put(s, "SFD-051", "p1", "battlefield", "bf1")
        actions.attach(s, angel, soraka, [])
        here = [put(s, "OGN-271", "p1", "battlefield", "bf1") for _ in range(2)]
        cleanup_with_lethal(s, soraka, *here)
        assert len([d for d in legal_decisions(s, "p1") if isinstance(d, ChoiceMade)]) >= 3
        s = _bot_steps(s, seed, 10, until_main=True)
        assert s.objects[soraka].zone == "base"  # the Angel's saves her, whatever the order


def test_the_legal_moves_offer_a_worn_irelias_discount_as_energy_or_power() -> None:
    s = game()
    control(s, "bf1", "p1")
    irelia, _ = wear(s, "SFD-141", "p1", "battlefield", "bf1")
    put(s, "OGN-009", "p1", "hand")  # Hextech Ray: 1 Energy + 1 Fury
    runes(s, "p1", 1, FURY_RUNE)
    plays = [d for d in legal_decisions(s, "p1") if isinstance(d, CardPlayed)
             and d.targets.get("t") == (irelia,)]
    assert {p.choices.get("less", "energy") for p in plays} == {"energy", "power"}
    assert all(engine.check(s, p) == [] for p in plays)


#: Master Yi's sample deck (Calm/Body) with Svellsongur and Calm/Body units of these kinds
SWAPS = {"3 Playful Phantom": "3 Svellsongur", "3 Stalwart Poro": "3 Herald of Scales",
         "3 Sunlit Guardian": "3 Mageseeker Warden", "3 Zephyr Sage": "3 Tianna Crownguard",
         "3 Pakaa Cub": "3 Jax, Unmatched"}


def _deck(folder: Path) -> Path:
    text = deck_file("master-yi-wuju-bladesman").read_text(encoding="utf-8")
    for old, new in SWAPS.items():
        assert old in text, old
        text = text.replace(old, new)
    path = folder / "yi-svellsongur.txt"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("mode", ["duel", "ffa3"])
def test_bot_games_with_svellsongur_and_static_units_run_to_a_winner(tmp_path: Path,
                                                                     mode: str) -> None:
    deck = read_deck(_deck(tmp_path)).to_spec()
    seats = {"duel": 2, "ffa3": 3}[mode]
    players = tuple(PlayerSpec(id=f"p{i + 1}", name=f"P{i + 1}", deck=deck)
                    for i in range(seats))
    rng = random.Random(5)
    s = engine.new_game(GameCreated(mode=mode, players=players, catalog_version="test",
                                    engine_version="test"))
    while not s.is_over() and s.turn <= 80:
        s, _ = engine.apply(s, bot.choose(s, rng))
    assert s.is_over() and s.winner, f"{mode}: no winner by turn 80"
    assert GameState.from_json(s.to_json()) == s
