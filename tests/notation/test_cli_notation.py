"""``riftlog play`` takes a line of notation (JSON stays accepted)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from riftlog.cli import main
from tests.usecases.helpers import DECKS

P1 = f"p1:Alice:{DECKS / 'annie-dark-child.txt'}"
P2 = f"p2:Bob:{DECKS / 'garen-might-of-demacia.txt'}"


def run(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--db", str(db), *args])


def _new(tmp_path: Path) -> Path:
    db = tmp_path / "riftlog.db"
    assert run(db, "db", "upgrade").exit_code == 0
    res = run(db, "new", "g1", "--player", P1, "--player", P2, "--seed", "s3cret")
    assert res.exit_code == 0, res.output
    return db


def test_play_takes_notation_and_json(tmp_path: Path) -> None:
    db = _new(tmp_path)
    res = run(db, "play", "g1", "mulligan nothing")
    assert res.exit_code == 0, res.output
    assert "stored 9 MulliganChosen" in res.output
    res = run(db, "play", "g1", '{"type": "MulliganChosen", "player": "p2"}')
    assert res.exit_code == 0, res.output


def test_a_bad_line_is_one_error_line(tmp_path: Path) -> None:
    db = _new(tmp_path)
    res = run(db, "play", "g1", "mulligan Zzyzx")
    assert res.exit_code == 1
    assert res.output == ("error: there is no card 'Zzyzx' here (names are matched by prefix; "
                          "an object id may follow '#')\n")
    res = run(db, "play", "g1", "p2: end")
    assert res.exit_code == 1 and "RUP4" in res.output and res.output.count("\n") == 1


def test_moves_lists_every_legal_move_in_notation(tmp_path: Path) -> None:
    db = _new(tmp_path)
    assert run(db, "play", "g1", "keep").exit_code == 0
    assert run(db, "play", "g1", "keep").exit_code == 0
    res = run(db, "moves", "g1")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert "play Legion @ base pay 2 Fury" in lines  # the payment the recorder would choose
    assert "end" in lines and lines[-1] == "concede"
    assert not any("p1." in x for x in lines)  # names, not ids
    other = run(db, "moves", "g1", "--player", "p2")
    assert other.output.splitlines() == ["p2: concede"]
    played = run(db, "play", "g1", "play Legion @ base")
    assert played.exit_code == 0, played.output
