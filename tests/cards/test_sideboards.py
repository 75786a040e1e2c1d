"""A registered sideboard (Tournament Rules 601.1.c) in deck lists and deck check."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from riftlog.cards import load_catalog, parse_deck, read_deck
from riftlog.cards.sideboards import sideboard_violations
from riftlog.cli import main

DECKS = Path(__file__).resolve().parents[2] / "replays" / "decks"
ANNIE = (DECKS / "annie-dark-child.txt").read_text()


def with_sideboard(lines: str) -> str:
    return ANNIE + "\nSideboard:\n" + lines + "\n"


def test_sideboard_section_is_read_and_written_back() -> None:
    deck = parse_deck(with_sideboard("2 Flame Chompers\n1 Magma Wurm"))
    assert [(e.card_id, e.count) for e in deck.sideboard] == [("OGN-006", 2), ("OGN-011", 1)]
    assert parse_deck(deck.to_text()) == deck
    assert sideboard_violations(deck) == []


def test_a_sideboard_of_nine_is_too_big() -> None:
    deck = parse_deck(with_sideboard("3 Legion Rearguard\n3 Pouty Poro\n3 Chemtech Enforcer"))
    assert [v.rule for v in sideboard_violations(deck)].count("TR 601.1.c.1") == 1


def test_only_main_deck_cards_of_the_identity() -> None:
    deck = parse_deck(with_sideboard("1 Fury Rune\n1 Garen, Rugged"))
    rules = [(v.rule, v.card_id) for v in sideboard_violations(deck)]
    assert ("TR 601.1.c.2", "OGN-007") in rules  # a rune
    assert ("TR 601.1.c.2", "OGS-007") in rules  # outside Fury/Chaos


def test_copies_count_over_main_deck_and_sideboard() -> None:
    main = read_deck(DECKS / "annie-dark-child.txt")
    three = next(e for e in main.main if e.count == 3)
    name = load_catalog().get(three.card_id).name
    deck = parse_deck(with_sideboard(f"1 {name}"))
    (v,) = sideboard_violations(deck)
    assert v.rule == "TR 601.1.c.3" and "4 copies" in v.message


def test_deck_check_reports_the_sideboard(tmp_path: Path) -> None:
    f = tmp_path / "deck.txt"
    f.write_text(with_sideboard("1 Fury Rune"))
    res = CliRunner().invoke(main, ["deck", "check", str(f), "--format", "none"])
    assert res.exit_code == 1
    assert "TR 601.1.c.2" in res.output and "sideboard of 1" in res.output
