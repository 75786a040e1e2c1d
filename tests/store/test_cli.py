"""The store commands: thin, one clear error line, non-zero exit, help with examples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from riftlog.cli import main
from riftlog.events.actor import Actor
from riftlog.store import EventStore, head_revision
from tests.store.helpers import drop_append_only_triggers, fill, new_game, raw, snapshot

COMMANDS = [
    ["db", "upgrade"],
    ["db", "status"],
    ["games"],
    ["events"],
    ["append"],
    ["verify"],
    ["seal"],
    ["schema"],
]


def run(db: str, *args: str) -> Result:
    return CliRunner().invoke(main, ["--db", db, *args])


def error_line(result: Result) -> str:
    """The single error line of a failed command (and no traceback)."""
    assert result.exit_code == 1, result.output
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert "Traceback" not in result.output
    return lines[0]


@pytest.fixture
def db(store: EventStore, db_url: str) -> str:
    new_game(store)
    fill(store, "g1", 3)
    return db_url


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_has_help_with_an_example(command: list[str]) -> None:
    result = CliRunner().invoke(main, [*command, "--help"])
    assert result.exit_code == 0
    assert "Example:" in result.output and f"riftlog {' '.join(command)}" in result.output


def test_db_upgrade_creates_a_sqlite_file_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    result = run(str(path), "db", "upgrade")
    assert result.exit_code == 0, result.output
    assert f"database {path}: schema upgraded from nothing to {head_revision()}" in result.output
    assert "up to date" in run(str(path), "db", "status").output


def test_riftlog_db_environment_variable_names_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "env.db"
    monkeypatch.setenv("RIFTLOG_DB", str(path))
    assert CliRunner().invoke(main, ["db", "upgrade"]).exit_code == 0
    assert path.exists()


def test_default_database_is_riftlog_db_in_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RIFTLOG_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["db", "upgrade"]).exit_code == 0
    assert (tmp_path / "riftlog.db").exists()


def test_games_and_events_as_table_and_json(db: str) -> None:
    table = run(db, "games")
    assert table.exit_code == 0 and "g1" in table.output and "duel" in table.output
    games = json.loads(run(db, "games", "--json").output)
    assert [g["id"] for g in games] == ["g1"] and games[0]["last_seq"] == 3
    listing = run(db, "events", "g1")
    assert listing.exit_code == 0 and "NoteAdded" in listing.output
    lines = run(db, "events", "g1", "--from", "2", "--json").stdout.splitlines()
    assert [json.loads(ln)["seq"] for ln in lines] == [2, 3]


def test_append_stores_one_event(db: str) -> None:
    result = run(
        db,
        "--as",
        "judge:j",
        "append",
        "g1",
        "--type",
        "NoteAdded",
        "--expected-seq",
        "3",
        "--client-id",
        "cli-1",
        "--payload",
        '{"author": "j", "text": "deck check"}',
    )
    assert result.exit_code == 0, result.output
    assert "game g1: stored seq 4 (NoteAdded)" in result.output
    again = run(
        db,
        "--as",
        "judge:j",
        "append",
        "g1",
        "--type",
        "NoteAdded",
        "--client-id",
        "cli-1",
        "--payload",
        '{"author": "j", "text": "deck check"}',
    )
    assert "stored seq 4" in again.output  # a retry returns the stored event


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["--type", "NoteAdded", "--payload", '{"author": "j", "text": '],
            "error: --payload: malformed JSON",
        ),
        (["--type", "NoteAdded", "--payload", "[1, 2]"], "error: --payload must be a JSON object"),
        (
            ["--type", "Bogus", "--payload", "{}"],
            "error: game g1 seq 4: unknown event type 'Bogus'",
        ),
        (
            ["--type", "NoteAdded", "--payload", '{"author": "j"}'],
            "error: game g1 seq 4: invalid NoteAdded payload: text",
        ),
        (
            [
                "--type",
                "NoteAdded",
                "--payload",
                '{"author": "j", "text": "t"}',
                "--expected-seq",
                "1",
            ],
            "error: game g1: append expected last seq 1, but the store has 3",
        ),
    ],
    ids=["malformed-json", "not-an-object", "unknown-type", "bad-payload", "wrong-seq"],
)
def test_bad_append_is_one_error_line_and_changes_nothing(
    db: str, store: EventStore, args: list[str], expected: str
) -> None:
    before = snapshot(store)
    assert error_line(run(db, "append", "g1", *args)).startswith(expected)
    assert snapshot(store) == before


def test_unknown_game_is_one_error_line(db: str) -> None:
    assert "no game 'g9'" in error_line(run(db, "events", "g9"))
    assert "no game 'g9'" in error_line(run(db, "verify", "g9"))


def test_missing_database_is_one_error_line(tmp_path: Path) -> None:
    line = error_line(run(str(tmp_path / "none.db"), "games"))
    assert "does not exist: run `riftlog db upgrade`" in line


def test_unreachable_postgres_is_one_error_line() -> None:
    line = error_line(run("postgresql://nobody@127.0.0.1:1/none?connect_timeout=5", "games"))
    assert line.startswith("error: cannot connect to database postgresql+psycopg://nobody@127.0.0.1:1/none")


def test_bad_database_url_is_one_error_line() -> None:
    assert "unsupported database" in error_line(run("mysql://x@y/z", "games"))


def test_verify_passes_then_names_the_first_bad_seq(db: str, store: EventStore) -> None:
    ok = run(db, "verify")
    assert ok.exit_code == 0 and "ok: game g1: 3 events" in ok.output
    drop_append_only_triggers(store)
    raw(store, "UPDATE events SET payload = REPLACE(payload, 'n2', 'n7') WHERE seq = 2")
    line = error_line(run(db, "verify", "g1"))
    assert line.startswith("error: game g1: hash chain breaks at seq 2:")
    report = run(db, "verify", "--json")
    assert report.exit_code == 1
    assert json.loads(report.output)[0]["bad_seq"] == 2


def test_seal_then_append_is_refused(store: EventStore, db_url: str) -> None:
    from riftlog.recorder import create_game, player_from_deck
    from tests.usecases.helpers import DECKS

    db = db_url
    rec = create_game(store, "g1", mode="duel", randomness="recorded", players=[
        player_from_deck("p1", "A", DECKS / "annie-dark-child.txt"),
        player_from_deck("p2", "B", DECKS / "garen-might-of-demacia.txt")])
    rec.game_loss(Actor.judge("judge-1"), "p2", "no-show")  # the game is over: it may be sealed
    assert "sealed with hash" in run(db, "seal", "g1").output
    line = error_line(
        run(
            db,
            "append",
            "g1",
            "--type",
            "NoteAdded",
            "--payload",
            '{"author": "j", "text": "late"}',
        )
    )
    assert "sealed" in line


def test_schema_is_json_schema_with_every_payload_type() -> None:
    from riftlog.events import payload_types

    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert schema["$schema"].endswith("2020-12/schema")
    assert {"game_id", "seq", "hash", "prev_hash", "payload"} <= set(schema["properties"])
    mapping = schema["$defs"]["Payload"]["discriminator"]["mapping"]
    assert set(payload_types()) == set(mapping)
    assert schema["properties"]["payload"]["$ref"] == "#/$defs/Payload"
