"""``riftlog seal``: only a finished game, its seed revealed first; a sealed game says so
(issue 15)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from riftlog.cli import main
from riftlog.replay import replay_game
from riftlog.store import EventStore
from tests.usecases.helpers import DECKS

P1 = f"p1:Alice:{DECKS / 'annie-dark-child.txt'}"
P2 = f"p2:Bob:{DECKS / 'garen-might-of-demacia.txt'}"


def run(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--db", str(db), *args])


def _open_game(tmp_path: Path) -> Path:
    db = tmp_path / "riftlog.db"
    assert run(db, "db", "upgrade").exit_code == 0
    assert run(db, "new", "g1", "--player", P1, "--player", P2, "--seed", "s3cret").exit_code == 0
    res = run(db, "bot", "g1", "--seed", "7", "--turns", "3")
    assert res.exit_code == 0 and "not sealed" in res.output, res.output
    return db


def test_seal_refuses_an_unfinished_game_and_says_how_to_end_it(tmp_path: Path) -> None:
    db = _open_game(tmp_path)
    res = run(db, "seal", "g1")
    assert res.exit_code == 1 and res.output.count("\n") == 1, res.output
    assert "game g1 is not finished" in res.output and "riftlog judge loss g1" in res.output
    with EventStore.open(str(db)) as store:
        assert not store.game("g1").sealed


def test_a_game_ended_by_a_game_loss_is_sealed_with_its_seed_revealed(tmp_path: Path) -> None:
    db = _open_game(tmp_path)
    # a finished game whose seed is still secret (the bot was told to keep it open)
    res = run(db, "judge", "loss", "g1", "--judge", "Ann", "--player", "p2", "--reason", "left")
    assert res.exit_code == 0, res.output
    res = run(db, "seal", "g1")
    assert res.exit_code == 0 and "sealed with hash" in res.output, res.output
    with EventStore.open(str(db)) as store:
        types = [e.type for e in store.read("g1")]
        assert types.count("SeedRevealed") == 1 and store.game("g1").sealed
        report = replay_game(store, "g1")
    assert report.seed == "seeded; the revealed seed matches the commitment"


def test_sealing_a_finished_game_leaves_its_seed_revealed_once(tmp_path: Path) -> None:
    db = tmp_path / "riftlog.db"
    assert run(db, "db", "upgrade").exit_code == 0
    assert run(db, "new", "g1", "--player", P1, "--player", P2, "--seed", "s3cret").exit_code == 0
    res = run(db, "bot", "g1", "--seed", "8", "--keep-open")
    assert res.exit_code == 0 and "winner" in res.output, res.output
    with EventStore.open(str(db)) as store:
        before = [e.type for e in store.read("g1")]
    res = run(db, "seal", "g1")
    assert res.exit_code == 0, res.output
    with EventStore.open(str(db)) as store:
        after = [e.type for e in store.read("g1")]
        assert store.game("g1").sealed
    assert after.count("SeedRevealed") == 1 and len(after) >= len(before)


def test_play_on_a_sealed_game_says_sealed_not_illegal(tmp_path: Path) -> None:
    db = _open_game(tmp_path)
    assert run(db, "judge", "loss", "g1", "--judge", "Ann", "--player", "p2").exit_code == 0
    assert run(db, "seal", "g1").exit_code == 0
    for decision in ('{"type": "TurnEnded", "player": "p2"}',
                     '{"type": "MulliganChosen", "player": "p2", "set_aside": []}'):
        res = run(db, "play", "g1", decision)
        assert res.exit_code == 1 and res.output.count("\n") == 1, res.output
        assert "game g1 is sealed" in res.output and "illegal" not in res.output
    res = run(db, "judge", "ruling", "g1", "--judge", "Ann", "--text", "late")
    assert "game g1 is sealed" in res.output
