"""``riftlog export`` and ``riftlog import`` on real SQLite files."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from riftlog.cli import main
from riftlog.store import EventStore


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_export_then_import_round_trip(store: EventStore, tmp_path: Path) -> None:
    out = tmp_path / "m1.json"
    code, stdout, _ = run("export", "--match", "m1", "-o", str(out), "--db", store.where)
    assert code == 0 and f"to {out}" in stdout
    dst = tmp_path / "new.db"
    code, stdout, _ = run("import", str(out), "--db", str(dst))
    assert code == 0 and "imported game m1-g1 (5 events" in stdout
    with EventStore.open(str(dst)) as s:
        assert [g.id for g in s.games()] == ["m1-g1", "m1-g2"]


def test_import_twice_says_nothing_to_do(store: EventStore, tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    run("export", "g9", "-o", str(out), "--db", store.where)
    run("import", str(out), "--db", str(tmp_path / "n.db"))
    code, stdout, _ = run("import", str(out), "--db", str(tmp_path / "n.db"))
    assert code == 0 and "already stored with the same events" in stdout
    assert "nothing imported" in stdout


def test_tampered_import_is_one_line_error(store: EventStore, tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    run("export", "m1-g1", "-o", str(out), "--db", store.where)
    doc = json.loads(out.read_text())
    doc["games"][0]["events"][2]["payload"]["text"] = "forged"
    out.write_text(json.dumps(doc))
    code, _, stderr = run("import", str(out), "--db", str(tmp_path / "n.db"))
    assert code == 1
    assert stderr.strip().count("\n") == 0
    assert "game m1-g1: hash chain breaks at seq 3" in stderr


def test_jsonl_to_stdout(store: EventStore) -> None:
    code, stdout, _ = run("export", "g9", "--format", "jsonl", "--db", store.where)
    assert code == 0 and len(stdout.splitlines()) == 5


def test_lossless_format_refuses_a_view(store: EventStore) -> None:
    code, _, stderr = run("export", "g9", "--view", "spectator", "--db", store.where)
    assert code == 1 and "cannot be cut to view 'spectator'" in stderr


def test_no_match_is_an_error(store: EventStore) -> None:
    code, _, stderr = run("export", "--player", "zed", "--db", store.where)
    assert code == 1 and "no game" in stderr and "player zed" in stderr


def test_bad_date_names_the_option(store: EventStore) -> None:
    code, _, stderr = run("export", "--since", "yesterday", "--db", store.where)
    assert code == 1 and "--since" in stderr


def test_failed_export_leaves_no_file(store: EventStore, tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    code, _, _ = run("export", "nope", "-o", str(out), "--db", store.where)
    assert code == 1 and not out.exists()


def test_help_has_examples() -> None:
    for cmd in ("export", "import"):
        code, stdout, _ = run(cmd, "--help")
        assert code == 0 and "Example" in stdout
