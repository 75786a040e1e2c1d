"""Errors a new user meets print one line (``error: ...``), never a traceback (issue 15)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from riftlog.cli import main
from riftlog.recorder import Recorder, create_game, player_from_deck
from riftlog.rules import bot, engine
from tests.usecases.helpers import DECKS, bot_game, new_store

P1 = f"p1:Alice:{DECKS / 'annie-dark-child.txt'}"
P2 = f"p2:Bob:{DECKS / 'garen-might-of-demacia.txt'}"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def one_line_error(res: Result) -> str:
    """The error line of a failed command (asserting it is the whole output)."""
    assert res.exit_code == 1, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.output.startswith("error: ") and res.output.count("\n") == 1, res.output
    return res.output


def test_new_with_one_player_names_the_players_the_mode_needs(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    assert run("--db", str(db), "db", "upgrade").exit_code == 0
    out = one_line_error(run("--db", str(db), "new", "g1", "--player", P1))
    assert "duel needs 2 players" in out and "not 1" in out and "v1.3 480.1" in out
    out = one_line_error(run("--db", str(db), "new", "g1", "--mode", "ffa3", "--player", P1,
                             "--player", P2))
    assert "ffa3 needs 3 players" in out


def test_demo_in_a_folder_that_cannot_be_made_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    out = one_line_error(run("demo", "--dir", str(blocker / "demo")))
    assert "the demo cannot write to" in out and "--dir" in out


def test_postgres_without_psycopg_names_the_extra_to_install(tmp_path: Path) -> None:
    # a child interpreter in which psycopg cannot be imported, as after `pip install riftlog`
    code = ("import sys; sys.modules['psycopg'] = None; sys.modules['psycopg2'] = None\n"
            "from riftlog.cli import main\n"
            "sys.argv = ['riftlog', '--db', 'postgresql://me@localhost/riftlog', 'games']\n"
            "main()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "pip install 'riftlog[postgres]'" in done.stderr


def _legend_trigger_game(tmp_path: Path) -> tuple[Path, Recorder]:
    """A duel played by the bot up to the Dark Child legend's end-of-turn choice."""
    store = new_store(tmp_path)
    rec = create_game(store, "g", mode="duel", rules_edition="v1.3", seed="x", players=[
        player_from_deck("p1", "A", DECKS / "annie-dark-child.txt"),
        player_from_deck("p2", "B", DECKS / "garen-might-of-demacia.txt")])
    rng = random.Random(1)
    for _ in range(400):
        req = engine.pending(rec.state)[0]
        if req.player == "p1" and req.options.get("source") == "p1.legend":
            break
        rec.record(bot.choose(rec.state, rng))
    else:
        pytest.fail("the bot never reached the legend's trigger")
    assert req.options["choices"]
    store.close()
    return tmp_path / "riftlog.db", rec


@pytest.mark.parametrize("answer", ['{}', '{"use": true}', '{"runes": 3}'])
def test_wrong_answer_to_a_legend_trigger_is_refused_citing_the_rule(tmp_path: Path,
                                                                     answer: str) -> None:
    db, _ = _legend_trigger_game(tmp_path)
    decision = f'{{"type": "ChoiceMade", "player": "p1", "choice": {answer}}}'
    out = one_line_error(run("--db", str(db), "play", "g", decision))
    assert "nothing was written" in out and "v1.3 415" in out
    assert 'choose one of {"runes": [' in out  # the options as pasteable JSON
    assert "'" not in out.split("choose one of")[1]


def test_play_refuses_an_unsupported_card_with_a_hint_at_record_mode(tmp_path: Path) -> None:
    deck = (DECKS / "annie-dark-child.txt").read_text().replace(
        "3 Noxus Hopeful", "3 Punching Poro")  # VEN-007: not encoded yet (Empower)
    (tmp_path / "uns.txt").write_text(deck)
    store = new_store(tmp_path)
    rec = create_game(store, "g", mode="duel", rules_edition="v1.3", randomness="recorded", players=[
        player_from_deck("p1", "A", tmp_path / "uns.txt"),
        player_from_deck("p2", "B", DECKS / "garen-might-of-demacia.txt")])
    rng = random.Random(1)
    from riftlog.events.decisions import DeckOrderRecorded

    first = True
    while True:  # the client reports a first shuffle putting the Poros on top
        req = engine.pending(rec.state)[0]
        hand = [o for o in rec.state.players["p1"].hand
                if rec.state.objects[o].card == "VEN-007"]
        if req.kind == "main" and req.player == "p1" and hand:
            break
        if req.player is None:
            out: Any = bot.random_outcome(rec.state, req, rng)
            if first and isinstance(out, DeckOrderRecorded) and out.player == "p1":
                first = False
                out = DeckOrderRecorded(player="p1", deck=out.deck, order=tuple(sorted(
                    out.order, key=lambda o: rec.state.objects[o].card != "VEN-007")))
            rec.record(out)
        else:
            rec.record(bot.choose(rec.state, rng))
        assert rec.seq < 200
    store.close()
    play = f'{{"type": "CardPlayed", "player": "p1", "card": "{hand[0]}", "destination": "base"}}'
    out = one_line_error(run("--db", str(tmp_path / "riftlog.db"), "play", "g", play))
    assert "Punching Poro (VEN-007)" in out and "not supported" in out
    assert "--record-mode" in out and "nothing was written" in out


def test_a_judge_event_its_schema_refuses_is_one_line(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    create_game(store, "g", mode="duel", rules_edition="v1.3", randomness="recorded", players=[
        player_from_deck("p1", "A", DECKS / "annie-dark-child.txt"),
        player_from_deck("p2", "B", DECKS / "garen-might-of-demacia.txt")])
    store.close()
    out = one_line_error(run("--db", str(tmp_path / "riftlog.db"), "judge", "ruling", "g",
                             "--judge", "Ann", "--text", "x" * 4001))
    assert "invalid RulingGiven: text: String should have at most 4000 characters" in out


def test_a_broken_pipe_stops_quietly(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    for gid in ("g1", "g2"):  # their JSON reports are far more than a pipe holds
        bot_game(store, gid, 1, turns=8)
    store.close()
    code = ("import sys\nfrom riftlog.cli import main\n"
            f"sys.argv = ['riftlog', '--db', {str(tmp_path / 'riftlog.db')!r}, 'replay', '--all', "
            "'--json', '--jobs', '1']\nmain()\n")
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, cwd=tmp_path)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.read(10)
    child.stdout.close()  # the reader goes away, as `riftlog replay --all --json | head` does
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) in (0, 1)
    assert "Traceback" not in err and "error:" not in err, err
