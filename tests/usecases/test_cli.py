"""The game commands: new, play, bot, replay, state, step (scripted keys), judge, demo."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from riftlog.cli import main
from tests.usecases.helpers import DECKS

P1 = f"p1:Alice:{DECKS / 'annie-dark-child.txt'}"
P2 = f"p2:Bob:{DECKS / 'garen-might-of-demacia.txt'}"


def run(db: Path, *args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["--db", str(db), *args], input=input)


def _db(tmp_path: Path) -> Path:
    db = tmp_path / "riftlog.db"
    assert run(db, "db", "upgrade").exit_code == 0
    return db


def _game(tmp_path: Path, turns: str = "4") -> Path:
    db = _db(tmp_path)
    res = run(db, "new", "g1", "--player", P1, "--player", P2, "--seed", "s", "--match", "m1",
              "--edition", "v1.3")  # these tests read v1.3 citations
    assert res.exit_code == 0, res.output
    res = run(db, "bot", "g1", "--seed", "3", "--turns", turns, "--keep-open")
    assert res.exit_code == 0, res.output
    return db


def test_new_games_are_judged_under_rup4_unless_created_with_another_edition(tmp_path: Path) -> None:
    """Issue 19: RUP4 is the default; --edition rup4 (any case) and v1.3 pin the game."""
    db = _db(tmp_path)
    assert run(db, "new", "g1", "--player", P1, "--player", P2, "--seed", "s").exit_code == 0
    assert run(db, "new", "g2", "--player", P1, "--player", P2, "--seed", "s",
               "--edition", "rup4").exit_code == 0
    assert run(db, "new", "g3", "--player", P1, "--player", P2, "--seed", "s",
               "--edition", "v1.3").exit_code == 0
    for game, cited in (("g1", "RUP4 316.9"), ("g2", "RUP4 316.9"), ("g3", "v1.3 316.6")):
        res = run(db, "play", game, '{"type": "TurnEnded", "player": "p1"}')
        assert res.exit_code == 1 and cited in res.output, res.output
    res = run(db, "replay", "g3", "--rules", "rup4")
    assert res.exit_code == 0 and "judged under RUP4" in res.output, res.output


def test_new_says_what_the_game_awaits(tmp_path: Path) -> None:
    db = _db(tmp_path)
    res = run(db, "new", "g1", "--player", P1, "--player", P2, "--seed", "s")
    assert res.exit_code == 0
    assert "created at seq" in res.output and "mulligan from" in res.output


def test_play_strict_refuses_in_one_line(tmp_path: Path) -> None:
    db = _game(tmp_path)
    res = run(db, "play", "g1", '{"type": "MulliganChosen", "player": "p1"}')
    assert res.exit_code == 1
    assert res.output.count("\n") == 1 and res.output.startswith("error: ") and "v1.3" in res.output


def test_play_record_mode_keeps_it(tmp_path: Path) -> None:
    db = _game(tmp_path)
    res = run(db, "play", "g1", '{"type": "MulliganChosen", "player": "p1", "set_aside": ["p2.m01"]}',
              "--record-mode")
    assert res.exit_code == 1 and "cannot be carried out" in res.output  # refused in both modes
    state = json.loads(run(db, "state", "g1", "--json").output)["state"]
    who = state["turn_player"]
    other = "p2" if who == "p1" else "p1"
    res = run(db, "play", "g1", json.dumps({"type": "TurnEnded", "player": other}), "--record-mode")
    # 316.2 in an open main phase; 308.1 if the bot stopped during a showdown; 305 if it
    # stopped with a triggered ability on the chain (more cards trigger now)
    assert res.exit_code == 0 and ("kept although illegal: v1.3 316.2" in res.output
                                   or "kept although illegal: v1.3 308.1" in res.output
                                   or "kept although illegal: v1.3 305" in res.output)


def test_replay_exit_status_and_json(tmp_path: Path) -> None:
    db = _game(tmp_path)
    ok = run(db, "replay", "g1", "--json")
    assert ok.exit_code == 0 and json.loads(ok.output)["counts"]["illegal"] == 0
    state = json.loads(run(db, "state", "g1", "--json").output)["state"]
    other = "p2" if state["turn_player"] == "p1" else "p1"
    run(db, "play", "g1", json.dumps({"type": "TurnEnded", "player": other}), "--record-mode")
    bad = run(db, "replay", "g1")
    assert bad.exit_code == 2
    assert "first illegal event" in bad.output and "state just before it" in bad.output


def test_replay_under_an_edition_not_known_is_one_clear_error(tmp_path: Path) -> None:
    db = _game(tmp_path)
    res = run(db, "replay", "g1", "--rules", "v1.1", "--json")
    assert res.exit_code == 1 and "judging under v1.1 is not implemented" in res.output


def test_state_at_a_seq_for_a_viewer(tmp_path: Path) -> None:
    db = _game(tmp_path)
    res = run(db, "state", "g1", "--at", "12", "--view", "p1", "--json")
    data = json.loads(res.output)
    assert data["seq"] == 12 and isinstance(data["state"]["players"]["p2"]["hand"], dict)
    board = run(db, "state", "g1", "--at", "12", "--view", "spectator")
    assert board.exit_code == 0 and "Battlefields" in board.output and "hidden" in board.output


def test_step_with_scripted_keys(tmp_path: Path) -> None:
    db = _game(tmp_path)
    keys = "n\nn\nN\nv p2\ng 3\ns\nP\nx\nq\n"
    res = run(db, "step", "g1", input=keys)
    assert res.exit_code == 0, res.output
    assert "seq 3 ·" in res.output and "viewer p2" in res.output and "verdict: legal" in res.output
    assert "awaited:" in res.output and "unknown command 'x'" in res.output


def test_judge_commands(tmp_path: Path) -> None:
    db = _game(tmp_path)
    assert run(db, "judge", "ruling", "g1", "--judge", "Ann", "--text", "ok", "--rule", "316.2").exit_code == 0
    assert run(db, "judge", "penalty", "g1", "--judge", "Ann", "--player", "p2",
               "--penalty", "Warning").exit_code == 0
    res = run(db, "judge", "rewind", "g1", "--judge", "Ann", "--to", "10")
    assert res.exit_code == 0 and "GameRewound" in res.output
    res = run(db, "judge", "loss", "g1", "--judge", "Ann", "--player", "p2")
    assert res.exit_code == 0 and "SeedRevealed" in res.output
    report = json.loads(run(db, "replay", "g1", "--json").output)
    assert [j["type"] for j in report["judge_events"]] == [
        "RulingGiven", "PenaltyIssued", "GameRewound", "GameLossIssued"]


def test_every_command_has_help_with_an_example() -> None:
    for cmd in (["new"], ["play"], ["bot"], ["replay"], ["state"], ["step"], ["transcript"],
                ["demo"], ["judge"], ["judge", "rewind"], ["judge", "correct"]):
        res = CliRunner().invoke(main, [*cmd, "--help"])
        assert res.exit_code == 0 and "Example" in res.output, cmd


def test_demo_runs_and_exits_0(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["demo", "--dir", str(tmp_path / "demo")])
    assert res.exit_code == 0, res.output
    assert "verified the hash chains of 4 games: all intact" in res.output
    assert "first illegal event at seq" in res.output
    assert (tmp_path / "demo" / "reports" / "demo-dispute.json").is_file()
    assert "{'" not in res.output and "None" not in res.output  # issue 15: no Python reprs
    # what holds deck orders is its owner's only: the store, the seeds, reports, exports
    demo = tmp_path / "demo"
    modes = {p.name: p.stat().st_mode & 0o777 for p in
             [demo, demo / "riftlog.db", demo / "riftlog.db.secrets", demo / "reports",
              demo / "exports"]}
    assert modes == {"demo": 0o700, "riftlog.db": 0o600, "riftlog.db.secrets": 0o700,
                     "reports": 0o700, "exports": 0o700}


def test_bot_stopping_at_a_turn_limit_leaves_the_game_open(tmp_path: Path) -> None:
    """An unfinished game keeps its seed secret and stays open for more decisions."""
    db = str(tmp_path / "open.db")
    decks = DECKS
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "db", "upgrade"]).exit_code == 0
    made = runner.invoke(main, ["--db", db, "new", "g1", "--seed", "s",
                                "--player", f"p1:A:{decks / 'annie-dark-child.txt'}",
                                "--player", f"p2:B:{decks / 'garen-might-of-demacia.txt'}"])
    assert made.exit_code == 0, made.output
    first = runner.invoke(main, ["--db", db, "bot", "g1", "--seed", "1", "--turns", "2"])
    assert first.exit_code == 0, first.output
    assert "not sealed" in first.output and "sealed " not in first.output.replace("not sealed", "")
    more = runner.invoke(main, ["--db", db, "bot", "g1", "--seed", "2", "--turns", "3"])
    assert more.exit_code == 0, more.output
    assert "bot appended 0 events" not in more.output


def _two_games(tmp_path: Path) -> Path:
    from tests.usecases.helpers import bot_game, new_store

    store = new_store(tmp_path)
    for k, gid in enumerate(("g1", "g2")):
        bot_game(store, gid, 50 + k, turns=3)
    store.close()
    return tmp_path / "riftlog.db"


def test_replay_all_on_two_workers_streams_the_reports_of_one_process(tmp_path: Path) -> None:
    db = _two_games(tmp_path)
    apart, here = (run(db, "replay", "--all", "--json", "--jobs", n) for n in ("2", "1"))
    assert apart.exit_code == here.exit_code == 0, apart.output
    reports = [json.loads(r.stdout) for r in (apart, here)]
    for rep in reports:
        for game in rep:
            game.pop("seconds")
    assert [g["game_id"] for g in reports[0]] == ["g1", "g2"] and reports[0] == reports[1]


def test_replay_names_a_game_it_cannot_judge_and_judges_the_others(tmp_path: Path) -> None:
    db = _two_games(tmp_path)
    res = run(db, "replay", "g1", "nope", "g2", "--jobs", "2")
    assert res.exit_code == 1
    assert "game g1 judged under v1.3" in res.stdout and "game g2 judged under v1.3" in res.stdout
    assert res.stderr.splitlines() == [f"error: no game 'nope' in {db}"]


def test_replay_shows_a_voided_event_as_voided(tmp_path: Path) -> None:
    # "[voided by seq N]" is literal text, not console markup
    db = _game(tmp_path)
    state = json.loads(run(db, "state", "g1", "--json").output)["state"]
    other = "p2" if state["turn_player"] == "p1" else "p1"
    kept = run(db, "play", "g1", json.dumps({"type": "TurnEnded", "player": other}), "--record-mode")
    assert kept.exit_code == 0, kept.output
    bad_seq = json.loads(run(db, "events", "g1", "--json").output.splitlines()[-1])["seq"]
    res = run(db, "judge", "rewind", "g1", "--judge", "Ann", "--to", str(bad_seq - 1))
    assert res.exit_code == 0, res.output
    shown = run(db, "replay", "g1")
    assert f"[voided by seq {bad_seq + 1}]" in shown.stdout


def _events(db: Path) -> int:
    from riftlog.store import EventStore

    with EventStore.open(str(db)) as store:
        return sum(g.last_seq for g in store.games())


def test_who_acts_on_the_command_line(tmp_path: Path) -> None:
    db = _db(tmp_path)
    assert run(db, "new", "g1", "--player", P1, "--player", P2, "--seed", "s").exit_code == 0
    before = _events(db)
    # a player concedes only for their own seat
    res = run(db, "--as", "p1", "play", "g1", '{"type": "GameConceded", "player": "p2"}')
    assert res.exit_code == 1 and "player p1 may not append GameConceded" in res.output
    # judge commands need a judge identity; the local default is recorder:local
    res = run(db, "judge", "loss", "g1", "--player", "p2")
    assert res.exit_code == 1 and "you act as recorder 'local'" in res.output
    res = CliRunner().invoke(main, ["--db", str(db), "judge", "loss", "g1", "--player", "p2"],
                             env={"RIFTLOG_AS": "p1"})
    assert res.exit_code == 1 and "you act as player p1" in res.output
    res = run(db, "--as", "judge:Ann", "judge", "loss", "g1", "--judge", "Bob", "--player", "p2")
    assert res.exit_code == 1 and "disagree" in res.output
    # nothing skips the engine through `riftlog append`
    res = run(db, "append", "g1", "--type", "GameCreated", "--payload", '{"mode": "duel"}')
    assert res.exit_code == 1 and "a game is created once" in res.output
    res = run(db, "append", "g1", "--type", "SeedRevealed", "--payload", '{"seed": "s"}')
    assert res.exit_code == 1 and "riftlog reveals the seed itself" in res.output
    assert _events(db) == before
    # what may be done is done, and says who did it
    res = CliRunner().invoke(main, ["--db", str(db), "judge", "loss", "g1", "--player", "p2"],
                             env={"RIFTLOG_AS": "judge:Ann"})
    assert res.exit_code == 0, res.output
    lines = run(db, "events", "g1", "--json").output.splitlines()
    loss = next(json.loads(ln) for ln in lines if '"GameLossIssued"' in ln)
    assert (loss["actor"], loss["payload"]["judge"]) == ("judge:Ann", "Ann")
