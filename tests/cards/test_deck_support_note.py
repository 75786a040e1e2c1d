"""A deck with cards the engine does not support yet is named as such at `deck check` and
`new`, with what that means for verdicts (issue 15)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from riftlog.cards import read_deck, support_note, unsupported_cards
from riftlog.cli import main

DECKS = Path(__file__).resolve().parents[2] / "replays" / "decks"


def _deck_with_poros(folder: Path) -> Path:
    text = (DECKS / "annie-dark-child.txt").read_text(encoding="utf-8")
    path = folder / "annie-poro.txt"
    path.write_text(text.replace("3 Noxus Hopeful", "3 Punching Poro"), encoding="utf-8")
    return path


def test_unsupported_cards_counts_the_copies(tmp_path: Path) -> None:
    found = unsupported_cards(read_deck(_deck_with_poros(tmp_path)))
    assert [(card.id, n) for card, n in found] == [("VEN-007", 3)]
    assert unsupported_cards(read_deck(DECKS / "annie-dark-child.txt")) == []
    assert support_note(read_deck(DECKS / "annie-dark-child.txt")) is None


def test_deck_check_names_unsupported_cards_and_what_they_mean(tmp_path: Path) -> None:
    deck = _deck_with_poros(tmp_path)
    result = CliRunner().invoke(main, ["deck", "check", str(deck)])
    assert result.exit_code == 0, result.output  # legal by the deck rules: still exit 0
    assert "legal for duel" in result.output
    assert "3 cards of this deck are not supported by the engine yet" in result.output
    assert "3 Punching Poro (VEN-007)" in result.output
    assert "unverifiable" in result.output and "--record-mode" in result.output
    plain = CliRunner().invoke(main, ["deck", "check", str(DECKS / "annie-dark-child.txt")])
    assert "not supported" not in plain.output


def test_new_names_unsupported_cards_of_each_deck(tmp_path: Path) -> None:
    deck = _deck_with_poros(tmp_path)
    db = str(tmp_path / "r.db")
    assert CliRunner().invoke(main, ["--db", db, "db", "upgrade"]).exit_code == 0
    result = CliRunner().invoke(main, [
        "--db", db, "new", "g1", "--player", f"p1:A:{deck}",
        "--player", f"p2:B:{DECKS / 'garen-might-of-demacia.txt'}", "--seed", "s"])
    assert result.exit_code == 0, result.output
    notes = [ln for ln in result.output.splitlines() if ln.startswith("note:")]
    assert len(notes) == 1 and notes[0].startswith("note: p1's deck: 3 cards")
    assert "Punching Poro (VEN-007)" in notes[0] and "unverifiable" in notes[0]
