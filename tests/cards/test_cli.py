"""The card-facing commands: cards show, cards coverage, deck check."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from riftlog.cli import main

DECKS = Path(__file__).resolve().parents[2] / "replays" / "decks"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_cards_show_prints_facts_and_support() -> None:
    code, out = run("cards", "show", "Mountain", "Drake")
    assert code == 0
    assert "Mountain Drake (OGN-142)" in out
    assert "yes: no rules text" in out


def test_cards_show_unsupported_says_why() -> None:
    code, out = run("cards", "show", "VEN-007")  # SFD-006 is encoded now
    assert code == 0
    assert "no: its abilities are not encoded yet" in out


def test_cards_show_unknown_card_is_one_error_line() -> None:
    code, out = run("cards", "show", "Blazing Scorchr")
    assert code == 1
    assert "error: no card 'Blazing Scorchr'" in out and "Blazing Scorcher" in out


def test_cards_coverage_has_a_row_per_set_and_all() -> None:
    code, out = run("cards", "coverage")
    assert code == 0
    for set_id in ("OGN", "OGS", "SFD", "UNL", "VEN", "all"):
        assert set_id in out


def test_cards_coverage_missing_lists_cards_of_the_set() -> None:
    code, out = run("cards", "coverage", "--set", "VEN", "--missing")  # SFD is nearly done
    assert code == 0
    assert "VEN: not supported yet" in out and "Punching Poro" in out


def test_deck_check_legal_deck_exits_zero() -> None:
    code, out = run("deck", "check", str(DECKS / "annie-dark-child.txt"))
    assert code == 0
    assert "legal for duel" in out


def test_deck_check_lists_violations_and_exits_one(tmp_path: Path) -> None:
    text = (DECKS / "annie-dark-child.txt").read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("3 Pouty Poro", "4 Pouty Poro"), encoding="utf-8")
    code, out = run("deck", "check", str(bad), "--mode", "2v2")
    assert code == 1
    assert "v1.3 103.2.b" in out and "4 copies of Pouty Poro" in out


def test_deck_check_parse_error_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Legend: Dark Child\nChampion: Anny\n", encoding="utf-8")
    code, out = run("deck", "check", str(bad))
    assert code == 1
    assert "line 2" in out


def test_commands_have_examples_in_help() -> None:
    for args in (["cards", "show"], ["cards", "coverage"], ["deck", "check"]):
        code, out = run(*args, "--help")
        assert code == 0 and "Example:" in out
