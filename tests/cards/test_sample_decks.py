"""The sample decks riftlog ships: given by name wherever a deck file goes, and listed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from riftlog.cards import read_deck
from riftlog.cards.decks import SAMPLE_DECKS, deck_file, samples_dir
from riftlog.cli import main
from riftlog.errors import DeckError

CHECKOUT_DECKS = Path(__file__).resolve().parents[2] / "replays" / "decks"


def test_every_sample_deck_is_found_by_name_and_is_legal() -> None:
    assert sorted(p.stem for p in CHECKOUT_DECKS.glob("*.txt")) == sorted(SAMPLE_DECKS)
    for name in SAMPLE_DECKS:
        assert deck_file(name) == samples_dir() / "decks" / f"{name}.txt"
        assert deck_file(f"{name}.txt") == deck_file(name)
        assert read_deck(name) == read_deck(CHECKOUT_DECKS / f"{name}.txt")


def test_a_file_of_that_name_wins_over_the_sample(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    mine = tmp_path / "annie-dark-child.txt"
    mine.write_text((CHECKOUT_DECKS / "lux-lady-of-luminosity.txt").read_text())
    monkeypatch.chdir(tmp_path)
    assert deck_file("annie-dark-child.txt") == Path("annie-dark-child.txt")
    assert read_deck("annie-dark-child.txt") == read_deck(CHECKOUT_DECKS / "lux-lady-of-luminosity.txt")


@pytest.mark.parametrize("text", ["nope", "decks/annie-dark-child", os.sep.join(("x", "annie-dark-child.txt"))])
def test_neither_a_file_nor_a_sample_name_is_one_clear_error(text: str) -> None:
    with pytest.raises(DeckError) as err:
        read_deck(text)
    assert str(err.value).startswith(f"{text}: cannot read deck list: no such file")
    assert "annie-dark-child" in str(err.value) and "riftlog deck samples" in str(err.value)


def test_deck_samples_lists_the_names_with_their_legends() -> None:
    res = CliRunner().invoke(main, ["deck", "samples"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    n = len(SAMPLE_DECKS)
    assert [line.split()[0] for line in lines[:n]] == list(SAMPLE_DECKS)
    assert "legend Dark Child, champion Annie, Fiery" in lines[0]
    assert lines[n] == f"deck-list files: {samples_dir() / 'decks'}"


def test_deck_check_and_new_take_a_sample_deck_name(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["deck", "check", "annie-dark-child", "--mode", "duel"])
    assert res.exit_code == 0 and res.output.startswith("annie-dark-child: legal for duel")
    db = str(tmp_path / "r.db")
    assert runner.invoke(main, ["--db", db, "db", "upgrade"]).exit_code == 0
    res = runner.invoke(main, ["--db", db, "new", "g1", "--player", "p1:Alice:annie-dark-child",
                               "--player", "p2:Bob:garen-might-of-demacia.txt"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(main, ["--db", db, "new", "g2", "--player", "p1:Alice:annie",
                               "--player", "p2:Bob:garen-might-of-demacia"])
    assert res.exit_code == 1 and res.stderr.startswith("error: annie: no such deck file, not a sample deck (annie-dark-child,")
