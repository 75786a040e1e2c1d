"""The copied activated abilities of Svellsongur's (SFD-059) wearer (issue 24) in the
legal-moves generator, the notation, the random bot and ``riftlog position moves``: each is
offered beside the unit's own, reads back from its line of notation, and random bot
decisions around every such wearer are legal and never crash (seeded, bounded)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from riftlog import notation
from riftlog.cards.decks import deck_file, read_deck
from riftlog.cli import main
from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import TurnEnded
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.positions import print_position
from riftlog.rules import bot, engine
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.legal_moves import legal_decisions
from tests.cards_engine import helpers
from tests.cards_engine.helpers import CALM_RUNE, MIND_RUNE, SKULKER, control, put, runes
from tests.cards_engine.svellsongur import game, wear
from tests.cards_engine.test_svellsongur_activated import (
    AZIR,
    CAITLYN,
    EZREAL,
    LEE_SIN,
    LUX,
    MALZAHAR,
    RENATA,
    SETT,
    UDYR,
    VI,
    _activated_units,
)

UNITS = (VI, CAITLYN, LEE_SIN, MALZAHAR, UDYR, SETT, LUX, AZIR, EZREAL, RENATA)


def _board(card: str, battlefields: tuple[str, str] | None = None) -> tuple[GameState, str, str]:
    """p1 holds bf1, where a buffed *card* wears Svellsongur beside a friendly unit; an enemy
    unit at bf2; runes for Calm and Mind costs; two cards in p1's trash (under RUP4; on
    *battlefields*, the test token battlefield by default)."""
    if battlefields is None:
        s = game()
    else:
        s = helpers.game(battlefields)
        s.edition = "RUP4"
    control(s, "bf1", "p1")
    control(s, "bf2", "p2")
    unit, gear = wear(s, card, "p1", "battlefield", "bf1")
    s.objects[unit].buffed = True
    put(s, SKULKER, "p1", "battlefield", "bf1")
    put(s, SKULKER, "p2", "battlefield", "bf2")
    runes(s, "p1", 5, MIND_RUNE)
    runes(s, "p1", 5, CALM_RUNE)
    for _ in range(2):
        put(s, SKULKER, "p1", "trash")
    return s, unit, gear


def _activations(s: GameState, unit: str) -> dict[str | None, set[int]]:
    """The abilities of *unit* the legal moves activate: own (None) and per Equipment."""
    out: dict[str | None, set[int]] = {}
    for d in legal_decisions(s, "p1"):
        if isinstance(d, AbilityActivated) and d.source == unit:
            out.setdefault(d.choices.get("ability_of"), set()).add(d.ability)
    return out


@pytest.mark.parametrize("card", UNITS)
def test_legal_moves_offer_each_copied_activation_beside_the_own(card: str) -> None:
    s, unit, gear = _board(card)
    found = _activations(s, unit)
    assert found.get(None), f"{card}: no own activation offered"
    assert found.get(gear) == found[None], card
    for d in legal_decisions(s, "p1"):
        if isinstance(d, AbilityActivated) and d.choices.get("ability_of") == gear:
            assert engine.check(s, d) == []


def test_every_encoded_activated_unit_is_in_the_moves_test() -> None:
    assert set(_activated_units()) == set(UNITS)


def test_no_copy_is_offered_once_svellsongur_is_detached() -> None:
    s, unit, gear = _board(LEE_SIN)
    actions.detach(s, gear, [])
    assert set(_activations(s, unit)) == {None}


@pytest.mark.parametrize("card", UNITS)
def test_the_notation_writes_and_reads_back_each_copied_activation(card: str) -> None:
    s, _unit, gear = _board(card)
    copies = [d for d in legal_decisions(s, "p1") if isinstance(d, AbilityActivated)
              and d.choices.get("ability_of") == gear]
    assert copies
    for d in copies:
        line = notation.format_decision(s, d, with_player=True)
        assert " via Svellsongur" in line, line
        assert notation.parse_decision(s, line) == d, line
    if card == LEE_SIN:  # nothing else to say: the words alone
        assert notation.format_decision(s, copies[0]) == "activate Lee via Svellsongur"


@pytest.mark.parametrize("card", UNITS)
def test_random_bot_decisions_around_a_wearer_are_legal_and_pick_copies(card: str) -> None:
    picked = 0
    for seed in range(6):
        s, _unit, gear = _board(card)
        rng = random.Random(seed)
        for _ in range(25):
            if s.is_over() or not engine.pending(s):
                break
            d = bot.choose(s, rng)
            if d is None:
                break
            if isinstance(d, TurnEnded):
                break
            assert engine.check(s, d) == [], d
            if isinstance(d, AbilityActivated) and d.choices.get("ability_of") == gear:
                picked += 1
            s, _ = engine.apply(s, d)
    assert picked, f"{card}: the bot never used the copy"


def test_position_moves_lists_the_copied_activation(tmp_path: Path) -> None:
    s, _unit, gear = _board(LEE_SIN, ("OGN-298", "OGN-298"))  # real battlefield cards
    board = tmp_path / "board.txt"
    board.write_text(print_position(s), encoding="utf-8")
    res = CliRunner().invoke(main, ["position", "moves", str(board)])
    assert res.exit_code == 0, res.output
    lines = [x for x in res.output.splitlines() if "activate" in x and "Lee" in x]
    assert any(x.strip().startswith("activate Lee via Svellsongur")
               and f'"ability_of": "{gear}"' in x for x in lines), res.output
    assert any(x.strip().startswith("activate Lee ") and "via" not in x for x in lines), res.output


#: Master Yi's sample deck (Calm/Body) with Svellsongur and Calm/Body units with activated
#: abilities
SWAPS = {"3 Playful Phantom": "3 Svellsongur", "3 Stalwart Poro": "3 Lee Sin, Ascetic",
         "3 Sunlit Guardian": "3 Caitlyn, Patrolling", "3 Zephyr Sage": "3 Sett, Brawler",
         "3 Pakaa Cub": "3 Udyr, Wildman", "3 Mountain Drake": "3 Azir, Ascendant"}


def _deck(folder: Path) -> Path:
    text = deck_file("master-yi-wuju-bladesman").read_text(encoding="utf-8")
    for old, new in SWAPS.items():
        assert old in text, old
        text = text.replace(old, new)
    path = folder / "yi-svellsongur-activated.txt"
    path.write_text(text, encoding="utf-8")
    return path


#: seeds whose games attach Svellsongur to such a unit and use the copy (checked below)
@pytest.mark.parametrize(("mode", "seed"), [("duel", 0), ("duel", 7), ("ffa3", 18)])
def test_bot_games_with_svellsongur_and_activated_units_run_to_a_winner(
        tmp_path: Path, mode: str, seed: int) -> None:
    deck = read_deck(_deck(tmp_path)).to_spec()
    seats = {"duel": 2, "ffa3": 3}[mode]
    players = tuple(PlayerSpec(id=f"p{i + 1}", name=f"P{i + 1}", deck=deck)
                    for i in range(seats))
    rng = random.Random(seed)
    s = engine.new_game(GameCreated(mode=mode, players=players, catalog_version="test",
                                    engine_version="test"))
    copies = 0
    while not s.is_over() and s.turn <= 80:
        s, log = engine.apply(s, bot.choose(s, rng))
        copies += sum(1 for a in log if a.kind == "activate" and "equipment" in a.details)
    assert s.is_over() and s.winner, f"{mode}: no winner by turn 80"
    assert copies, f"{mode}: no copied ability was activated"
    assert GameState.from_json(s.to_json()) == s
