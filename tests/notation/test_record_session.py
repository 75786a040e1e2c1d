"""``riftlog record``: one process for the whole game, driven through a pseudo-terminal
(readline completion of legal moves, a refused move explained, undo as a judge rewind)."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from riftlog.cli import main
from riftlog.reducer import state_at
from riftlog.store import EventStore
from tests.usecases.helpers import DECKS

P1 = f"p1:Alice:{DECKS / 'annie-dark-child.txt'}"
P2 = f"p2:Bob:{DECKS / 'garen-might-of-demacia.txt'}"


def _new(tmp_path: Path) -> Path:
    db = tmp_path / "riftlog.db"
    runner = CliRunner()
    assert runner.invoke(main, ["--db", str(db), "db", "upgrade"]).exit_code == 0
    res = runner.invoke(main, ["--db", str(db), "new", "g1", "--player", P1, "--player", P2,
                               "--seed", "s3cret"])
    assert res.exit_code == 0, res.output
    return db


#: terminal control: escape sequences, the bell, carriage returns (what a screen does not show)
_CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|[\x00-\x08\x0b-\x1f]")


class Terminal:
    """``riftlog record`` on the slave side of a pseudo-terminal."""

    def __init__(self, db: Path, *args: str) -> None:
        self.master, slave = pty.openpty()
        script = Path(sys.executable).with_name("riftlog")
        cmd = [str(script)] if script.exists() else [sys.executable, "-m", "riftlog.cli"]
        env = {**os.environ, "TERM": "dumb", "COLUMNS": "100", "LINES": "40"}
        self.proc = subprocess.Popen([*cmd, "--db", str(db), "record", "g1", *args], stdin=slave,
                                     stdout=slave, stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 60.0) -> str:
        end = time.monotonic() + timeout
        while text not in self.seen:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{text!r} not seen; the terminal shows:\n{self.seen[-2000:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096).decode(errors="replace")
                except OSError:
                    chunk = ""
                if not chunk:
                    raise AssertionError(f"{text!r} not seen before the end:\n{self.seen[-2000:]}")
                self.seen += _CONTROL.sub("", chunk.replace("\r\n", "\n"))
        at = self.seen.index(text) + len(text)
        shown, self.seen = self.seen[:at], self.seen[at:]
        return shown

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)
        os.close(self.master)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_record_a_game_at_a_terminal(tmp_path: Path) -> None:
    db = _new(tmp_path)
    term = Terminal(db, "--judge", "Ann")  # the session records as judge:Ann (undo = rewind)
    try:
        term.expect("p1 mulligan> ")
        term.send("keep\r")
        term.expect("seq 9  p1: mulligan nothing")
        term.expect("p2 mulligan> ")
        term.send("mulligan no\t\r")  # Tab completes the only legal line that starts so
        term.expect("seq 10  p2: mulligan nothing")
        term.expect("p1 main> ")
        term.send("play Leg\t")  # completes what the legal moves share: the card's name
        term.expect("play Legion")
        term.send(" @ base\r")
        term.expect("seq 11  p1: play Legion @ base pay 2 Fury")
        term.expect("p1 played Legion Rearguard to p1's base")
        term.expect("p1 main> ")
        term.send("p2: end\r")
        refused = term.expect("p1 main> ")
        assert "refused: RUP4 316.5" in refused and "legal now: end" in refused
        term.send("undo\r")
        term.expect("undo seq 11  p1: play Legion @ base pay 2 Fury?")
        term.expect("confirm? [y/N] ")
        term.send("y\r")
        term.expect("judge Ann rewound the game to seq 10")
        term.expect("p1 main> ")
        term.send("board\r")
        board = term.expect("p1 main> ")
        assert "Back-Alley Bar" in board and "p1 Alice: 0 pts" in board
        assert "Legion" not in board  # the play was undone: back in the hand
        term.send("quit\r")
        term.expect("bye")
        assert term.proc.wait(timeout=30) == 0
    finally:
        term.close()
    store = EventStore.open(str(db))
    try:
        pos = state_at(store, "g1")
        assert pos.seq == 12 and pos.voided == [11]
        last = list(store.read("g1"))[-1]
        assert last.type == "GameRewound" and last.actor == "judge:Ann"
    finally:
        store.close()


def test_undo_without_a_judge_identity_is_refused_in_words(tmp_path: Path) -> None:
    db = _new(tmp_path)
    res = CliRunner().invoke(main, ["--db", str(db), "record", "g1"], input="keep\nundo\nquit\n")
    assert res.exit_code == 0, res.output
    assert "undo records a judge rewind, so it needs a judge: start the session with " \
           "--judge NAME (or --as judge:NAME); nothing was undone" in res.output
    store = EventStore.open(str(db))
    try:
        events = list(store.read("g1"))
        assert events[-1].type == "MulliganChosen" and events[-1].actor == "recorder:local"
    finally:
        store.close()


def test_the_session_appends_as_the_identity_of_as(tmp_path: Path) -> None:
    db = _new(tmp_path)
    res = CliRunner().invoke(main, ["--db", str(db), "--as", "p2", "record", "g1"],
                             input="keep\np2: keep\nquit\n")
    assert res.exit_code == 0, res.output
    assert "refused: " in res.output  # p2 may not keep for p1 (a seat decides for itself)
    store = EventStore.open(str(db))
    try:
        assert all(ev.type != "MulliganChosen" for ev in store.read("g1"))
    finally:
        store.close()


def test_a_player_lists_only_their_own_moves(tmp_path: Path) -> None:
    db = _new(tmp_path)
    runner = CliRunner()
    res = runner.invoke(main, ["--db", str(db), "--as", "p2", "moves", "g1"])
    assert res.exit_code == 1 and "p2 may list only their own moves, not p1's" in res.output
    res = runner.invoke(main, ["--db", str(db), "--as", "p1", "moves", "g1"])
    assert res.exit_code == 0 and "mulligan nothing" in res.output
