"""What ``export`` and ``import`` say: nothing stray on stderr, counts in plain words."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from riftlog import plural
from riftlog.cli import main
from riftlog.cli.export import JUDGE_VIEW_NOTE
from riftlog.store import EventStore


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_plural_takes_the_number() -> None:
    assert [plural(n, "game") for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    assert plural(2, "match", "matches") == "2 matches"


JUDGE_NOTE = JUDGE_VIEW_NOTE + "\n"


def test_export_and_import_print_nothing_on_stderr(store: EventStore, tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    code, stdout, stderr = run("export", "g9", "-o", str(out), "--db", store.where)
    assert code == 0 and stderr == JUDGE_NOTE  # the full record says whose view it is, no blank line
    assert stdout == f"wrote bundle of 1 game to {out}\n"
    code, stdout, stderr = run("import", str(out), "--db", str(tmp_path / "n.db"))
    assert code == 0 and stderr == ""
    assert stdout.startswith("imported game g9 (5 events, hash chain verified)")


def test_export_counts_in_the_right_number(store: EventStore, tmp_path: Path) -> None:
    out = tmp_path / "h.csv"
    code, stdout, stderr = run("export", "g9", "--format", "csv", "-o", str(out), "--db", store.where)
    assert (code, stderr) == (0, JUDGE_NOTE)
    assert stdout == f"wrote csv of 1 game (1 row) to {out}\n"
    code, stdout, _ = run("export", "--match", "m1", "--format", "jsonl", "-o", str(out),
                          "--db", store.where)
    assert code == 0 and stdout == f"wrote jsonl of 2 games (10 events) to {out}\n"
