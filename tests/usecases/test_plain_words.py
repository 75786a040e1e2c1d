"""What users read is plain words or JSON, never a Python repr (issue 15): results, judge
events, step-through events, the game list and transcripts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from riftlog.cli import main
from riftlog.replay import describe_result
from tests.usecases.helpers import DECKS

P1 = f"p1:Alice:{DECKS / 'annie-dark-child.txt'}"
P2 = f"p2:Bob:{DECKS / 'garen-might-of-demacia.txt'}"
#: a Python dict, list or None as repr() prints them
REPR = re.compile(r"\{'|\['|\bNone\b")


def run(db: Path, *args: str, input: str | None = None) -> Result:
    res = CliRunner().invoke(main, ["--db", str(db), *args], input=input)
    return res


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """g1: played, rewound, a note without an actor, one illegal decision kept, ended by a
    game loss; g2: unfinished."""
    db = tmp_path_factory.mktemp("plain") / "riftlog.db"
    assert run(db, "db", "upgrade").exit_code == 0
    for gid in ("g1", "g2"):
        res = run(db, "new", gid, "--player", P1, "--player", P2, "--seed", "s")
        assert res.exit_code == 0, res.output
        res = run(db, "bot", gid, "--seed", "3", "--turns", "3")
        assert res.exit_code == 0, res.output
    steps = [
        ["judge", "rewind", "g1", "--to", "12", "--judge", "J. Doe", "--reason", "misdeal"],
        ["--as", "judge:judge-1", "append", "g1", "--type", "NoteAdded", "--payload",
         '{"author": "judge-1", "text": "deck check"}'],
        ["judge", "loss", "g1", "--judge", "Ann", "--player", "p2", "--reason", "left"],
    ]
    for args in steps:
        res = run(db, *args)
        assert res.exit_code == 0, res.output
    return db


def test_replay_prints_the_result_in_words(db: Path) -> None:
    res = run(db, "replay", "g1")
    assert res.exit_code == 0, res.output
    assert "result: over at turn" in res.output and "winner p1 (game loss)" in res.output
    assert "judge event seq" in res.output and "NoteAdded by judge judge-1" in res.output
    assert "voids seqs 13-" in res.output and "[13, 14" not in res.output
    assert not REPR.search(res.output), REPR.findall(res.output)
    res = run(db, "replay", "g2")
    assert "result: unfinished: turn " in res.output and "points p1 " in res.output
    assert not REPR.search(res.output)


def test_describe_result_says_draws_and_stops() -> None:
    assert describe_result({}) == "no game state (the game was never set up)"
    draw = {"turn": 9, "phase": "over", "winner": [], "end_reason": "draw",
            "points": {"p1": 8, "p2": 8}, "stopped": None}
    assert describe_result(draw) == "over at turn 9: a draw (draw); points p1 8, p2 8"
    stopped = {**draw, "phase": "main", "winner": None,
               "stopped": {"seq": 40, "kind": "unsupported", "message": "card X"}}
    assert describe_result(stopped).startswith("stopped at seq 40 (card X), turn 9")


def test_step_shows_events_in_notation_not_reprs(db: Path) -> None:
    # issue 20: the step screen prints each event as a line of notation (a decision: "p1:
    # end") or in words, never a payload's repr
    res = run(db, "step", "g1", input="g 20\ns\nq\n")
    assert res.exit_code == 0, res.output
    line = next(ln for ln in res.output.splitlines() if ln.startswith("seq 20 "))
    assert "{'" not in line and "type" not in line, line  # no dict, no payload field names
    assert not REPR.search(res.output), REPR.findall(res.output)


def test_games_lists_players_result_and_score(db: Path) -> None:
    res = run(db, "games")
    assert res.exit_code == 0, res.output
    for col in ("players", "result", "score"):
        assert col in res.output
    assert "p1 Alice (Dark Child)" in res.output and "winner p1" in res.output
    rows = json.loads(run(db, "games", "--json").output)
    g1 = next(r for r in rows if r["id"] == "g1")
    assert g1["players"].startswith("p1 Alice (Dark Child), p2 Bob")
    assert g1["result"].startswith("over at turn") and g1["score"].startswith("p1 ")


def test_transcripts_end_with_the_result(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "t.txt"
    res = run(db, "export", "g1", "--format", "transcript", "-o", str(out))
    assert res.exit_code == 0, res.output
    last = out.read_text(encoding="utf-8").rstrip("\n").splitlines()[-1]
    assert last.startswith("Result: over at turn") and "winner p1" in last
