"""``riftlog replay`` reports: voided rulings and penalties, the shape of --json, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from riftlog.cli import main
from riftlog.samples import sample_files
from tests.usecases.helpers import DECKS

P1 = f"p1:Alice:{DECKS / 'annie-dark-child.txt'}"
P2 = f"p2:Bob:{DECKS / 'garen-might-of-demacia.txt'}"


def run(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--db", str(db), *args])


@pytest.fixture(scope="module")
def judged_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Game g1: a ruling and a penalty, then a rewind to seq 10 that voids both."""
    db = tmp_path_factory.mktemp("replay") / "riftlog.db"
    for args in (("db", "upgrade"), ("new", "g1", "--player", P1, "--player", P2, "--seed", "s"),
                 ("bot", "g1", "--seed", "3", "--turns", "3", "--keep-open"),
                 ("judge", "ruling", "g1", "--judge", "Ann", "--text", "play on", "--rule", "316.2"),
                 ("judge", "penalty", "g1", "--judge", "Ann", "--player", "p2",
                  "--penalty", "Warning", "--reason", "slow play"),
                 ("judge", "rewind", "g1", "--judge", "Ann", "--to", "10", "--reason", "misdeal")):
        res = run(db, *args)
        assert res.exit_code == 0, res.output
    return db


def _judge_lines(text: str) -> dict[str, str]:
    return {line.split(":")[1].split(" by ")[0].strip(): line
            for line in text.splitlines() if line.startswith("judge event seq ")}


def test_rulings_and_penalties_a_rewind_voided_are_shown_as_voided(judged_db: Path) -> None:
    report = json.loads(run(judged_db, "replay", "g1", "--json").stdout)
    rewind = next(j for j in report["judge_events"] if j["type"] == "GameRewound")
    ruling, penalty = (next(j for j in report["judge_events"] if j["type"] == t)
                       for t in ("RulingGiven", "PenaltyIssued"))
    assert ruling["voided_by"] == penalty["voided_by"] == rewind["seq"]
    shown = run(judged_db, "replay", "g1")
    assert shown.exit_code == 0, shown.output
    lines = _judge_lines(shown.stdout)
    marked = f"[voided by the rewind at seq {rewind['seq']}]"
    assert "play on" in lines["RulingGiven"] and marked in lines["RulingGiven"]
    assert "slow play" in lines["PenaltyIssued"] and marked in lines["PenaltyIssued"]
    assert "voided by" not in lines["GameRewound"]
    assert f"voids seqs 11-{rewind['seq'] - 1}" in lines["GameRewound"]
    assert "rule_ids=316.2," in lines["RulingGiven"]  # a list as text, not a Python repr
    assert "['316.2']" not in lines["RulingGiven"]


def test_replay_json_is_an_object_for_one_game_and_an_array_with_all(judged_db: Path) -> None:
    one = run(judged_db, "replay", "g1", "--json")
    assert isinstance(json.loads(one.stdout), dict)
    every = run(judged_db, "replay", "--all", "--json")  # a store of one game
    assert every.exit_code == 0
    data = json.loads(every.stdout)
    assert isinstance(data, list) and [g["game_id"] for g in data] == ["g1"]
    both = run(judged_db, "replay", "g1", "g1", "--json")
    assert [g["game_id"] for g in json.loads(both.stdout)] == ["g1", "g1"]
    helptext = " ".join(run(judged_db, "replay", "--help").stdout.split())
    assert "always a JSON array" in helptext and "exit status 130" in helptext


# --- Ctrl-C ---------------------------------------------------------------------------

_CLI = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); " \
       "from riftlog.cli import main; main()"


@pytest.fixture(scope="module")
def library_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The six sample duels: each report as JSON is ~60-230 KB, more than a pipe holds."""
    db = tmp_path_factory.mktemp("library") / "riftlog.db"
    duels = [str(p) for p in sample_files() if p.name.startswith("duel-0")]
    assert len(duels) == 6
    res = run(db, "import", *duels)
    assert res.exit_code == 0, res.output
    return db


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_during_replay_all_json_exits_130_with_a_whole_array(library_db: Path,
                                                                      jobs: str) -> None:
    """Ctrl-C as a terminal sends it: SIGINT to the whole process group (workers too),
    once the first report is being written.  The reader then stops reading, so the
    replay cannot have finished before the signal (the pipe is full)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _CLI, "--db", str(library_db), "replay", "--all", "--json",
         "--jobs", jobs],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, process_group=0, bufsize=0)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first == b"[\n", first
        os.killpg(proc.pid, signal.SIGINT)
        rest, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    stderr = err.decode()
    assert proc.returncode == 130, stderr
    reports = json.loads(first + rest)  # the array is closed: valid JSON
    assert 1 <= len(reports) < 6
    assert [r["game_id"] for r in reports] == ["duel-01", "duel-02", "duel-03", "duel-04-concession",
                                               "duel-05", "duel-06"][: len(reports)]
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert stderr.splitlines() == [
        f"interrupted: stopped after {len(reports)} game{'s' if len(reports) > 1 else ''} of 6; "
        "the output holds the reports of those (a complete JSON document)"]
    # the worker processes ended with it (the process group empties)
    deadline = time.monotonic() + 10
    while True:
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        assert time.monotonic() < deadline, "worker processes outlived the replay"
        time.sleep(0.1)


def test_replay_all_streams_game_ids_without_listing_the_games(
        library_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: ``--all`` pages through the game ids (EventStore.game_ids), never the list
    of every game's row (EventStore.games), so memory stays flat on a large store."""
    from riftlog.store import EventStore

    def listed(self: EventStore) -> list[object]:
        raise AssertionError("replay --all listed every game")

    monkeypatch.setattr(EventStore, "games", listed)
    res = run(library_db, "replay", "--all", "--json", "--jobs", "1")
    assert res.exit_code == 0, res.output
    assert len(json.loads(res.stdout)) == 6
