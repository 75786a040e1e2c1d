"""CSV exports are safe to open in a spreadsheet: no cell is run as a formula (OWASP CSV
injection), and a UTF-8 byte order mark is there when asked for (``--bom``)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from riftlog.cli import main
from riftlog.history import FORMULA_STARTS, spreadsheet_safe

NAMES = {"p1": "=SUM(1+1)", "p2": "@SUM(A1)"}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def named_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store whose one game seats players named like spreadsheet formulas (sample decks
    given by name)."""
    db = tmp_path_factory.mktemp("csv") / "riftlog.db"
    assert run("--db", str(db), "db", "upgrade")[0] == 0
    code, out, err = run("--db", str(db), "new", "g1", "--seed", "s",
                         "--player", f"p1:{NAMES['p1']}:annie-dark-child",
                         "--player", f"p2:{NAMES['p2']}:garen-might-of-demacia")
    assert code == 0, out + err
    return db


@pytest.mark.parametrize("start", FORMULA_STARTS)
def test_a_cell_starting_like_a_formula_gets_a_leading_quote(start: str) -> None:
    assert spreadsheet_safe(f"{start}1+2") == f"'{start}1+2"


@pytest.mark.parametrize("value", ["Alice", "p1 (=SUM(1+1))", "'=already quoted", "", 3, -2])
def test_other_cells_are_left_as_they_are(value: object) -> None:
    assert spreadsheet_safe(value) == value


@pytest.mark.parametrize("fmt", ["csv", "csv-players"])
def test_csv_export_neutralises_formula_names(named_db: Path, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / "h.csv"
    code, _, err = run("--db", str(named_db), "export", "--format", fmt, "-o", str(out))
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert not text.startswith("\ufeff")
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert not [c for c in cells if c.startswith(FORMULA_STARTS)], cells
    if fmt == "csv-players":
        rows = list(csv.DictReader(io.StringIO(text)))
        assert [r["name"] for r in rows] == ["'=SUM(1+1)", "'@SUM(A1)"]
    else:
        [row] = csv.DictReader(io.StringIO(text))
        assert row["players"] == "p1 (=SUM(1+1)); p2 (@SUM(A1))"  # not at a cell's start


@pytest.mark.parametrize("fmt", ["csv", "csv-players"])
def test_bom_starts_the_csv_with_a_utf8_byte_order_mark(named_db: Path, tmp_path: Path,
                                                        fmt: str) -> None:
    out = tmp_path / "h.csv"
    code, _, err = run("--db", str(named_db), "export", "--format", fmt, "--bom", "-o", str(out))
    assert code == 0, err
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\xef\xbb\xbf") == 1
    header = next(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert header[0] == "tournament"


def test_bom_is_refused_for_a_format_that_is_not_csv(named_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    code, _, err = run("--db", str(named_db), "export", "--bom", "-o", str(out))
    assert code == 1 and err == "error: --bom is for the csv formats, not --format bundle\n"
    assert not out.exists()


def test_export_help_says_how_csv_is_made_safe() -> None:
    code, out, _ = run("export", "--help")
    out = " ".join(out.split())
    assert code == 0 and "--bom" in out and "single quote" in out and "=SUM(1+1)" in out
