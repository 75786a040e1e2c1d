"""Seeds kept per store and game: never shared, never overwritten, found by a second recorder."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from riftlog.cli import main
from riftlog.errors import RecorderError
from riftlog.recorder import Recorder, play_bot
from riftlog.replay import replay_game
from riftlog.seeding import SeedKeeper, commitment
from riftlog.store import EventStore
from tests.usecases.helpers import duel, new_store


def test_two_stores_with_a_game_g1_keep_two_seeds_in_one_keeper(tmp_path: Path) -> None:
    keeper = SeedKeeper(tmp_path / "secrets")
    stores = [new_store(tmp_path / "a"), new_store(tmp_path / "b")]
    try:
        assert stores[0].store_id != stores[1].store_id
        recs = [duel(s, "g1", seed=f"seed-{i}", keeper=keeper) for i, s in enumerate(stores)]
        files = {rec.keeper.file("g1") for rec in recs}
        assert len(files) == 2 and all(f.read_text() for f in files)
        for i, (store, rec) in enumerate(zip(stores, recs, strict=True)):
            again = Recorder.open(store, "g1", keeper)
            assert again.seed == f"seed-{i}"
            play_bot(again, 3, max_turns=2)
            again.finish()
            assert "matches the commitment" in replay_game(store, "g1").seed, rec.game_id
    finally:
        for s in stores:
            s.close()


def test_a_kept_seed_is_never_overwritten(tmp_path: Path) -> None:
    keeper = SeedKeeper(tmp_path / "secrets", "store-a")
    path = keeper.put("g1", "first")
    assert keeper.put("g1", "first") == path  # the same seed again is fine
    with pytest.raises(RecorderError, match="a different seed of game g1 is already kept"):
        keeper.put("g1", "second")
    assert path.read_text() == "first"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_a_second_recorder_continues_a_seeded_game_once_it_has_the_seed_file(
        tmp_path: Path) -> None:
    store = new_store(tmp_path / "db")
    try:
        first = SeedKeeper(tmp_path / "machine-a")
        rec = duel(store, "g1", seed="shared", keeper=first)
        second = SeedKeeper(tmp_path / "machine-b")
        with pytest.raises(RecorderError, match=r"seed is not kept in .*machine-b"):
            Recorder.open(store, "g1", second)
        there = second.bound(store.store_id).file("g1")
        there.parent.mkdir(parents=True)
        shutil.copy(rec.keeper.file("g1"), there)
        other = Recorder.open(store, "g1", second)
        play_bot(other, 5, max_turns=2)
        other.finish()
        assert "matches the commitment" in replay_game(store, "g1").seed
    finally:
        store.close()


def test_a_seed_kept_before_store_ids_is_found_only_if_it_matches(tmp_path: Path) -> None:
    keeper = SeedKeeper(tmp_path / "secrets", "store-a")
    (tmp_path / "secrets").mkdir()
    (tmp_path / "secrets" / "g1.seed").write_text("old")
    assert keeper.get("g1", commitment("old")) == "old"
    assert keeper.get("g1", commitment("another")) is None


def test_a_postgresql_store_keeps_seeds_in_the_users_folder_not_the_working_directory(
        pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RIFTLOG_SECRETS", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    store = EventStore.open(pg_url, check=False)
    try:
        store.upgrade()
        keeper = SeedKeeper.for_store(store)
        assert keeper.folder == tmp_path / "home" / "riftlog" / "secrets"
        rec = duel(store, "g1", seed="pg-seed", keeper=None)
        assert rec.keeper.file("g1") == keeper.folder / store.store_id / "g1.seed"
        assert rec.keeper.file("g1").read_text() == "pg-seed"
        assert not (tmp_path / "riftlog.secrets").exists()
    finally:
        store.close()


def test_new_says_where_the_seed_is_kept(tmp_path: Path) -> None:
    db = str(tmp_path / "riftlog.db")
    decks = Path(__file__).resolve().parents[2] / "replays" / "decks"
    runner = CliRunner()
    assert runner.invoke(main, ["--db", db, "db", "upgrade"]).exit_code == 0
    args = ["--db", db, "--secrets", str(tmp_path / "keep"), "new", "g1",
            "--player", f"p1:A:{decks / 'annie-dark-child.txt'}",
            "--player", f"p2:B:{decks / 'garen-might-of-demacia.txt'}"]
    res = runner.invoke(main, args)
    assert res.exit_code == 0, res.output
    store_id = EventStore.open(db).store_id
    where = tmp_path / "keep" / store_id / "g1.seed"
    assert f"the seed is kept in {where}" in res.stdout and where.is_file()
    assert "SECRETS/STORE-ID/GAME.seed" in runner.invoke(main, ["new", "--help"]).output


def test_two_stores_sharing_a_secrets_folder_do_not_break_each_others_commitment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIFTLOG_SECRETS", str(tmp_path / "shared"))
    decks = Path(__file__).resolve().parents[2] / "replays" / "decks"
    runner = CliRunner()
    for name in ("a.db", "b.db"):
        db = str(tmp_path / name)
        assert runner.invoke(main, ["--db", db, "db", "upgrade"]).exit_code == 0
        res = runner.invoke(main, ["--db", db, "new", "g1",
                                   "--player", f"p1:A:{decks / 'annie-dark-child.txt'}",
                                   "--player", f"p2:B:{decks / 'garen-might-of-demacia.txt'}"])
        assert res.exit_code == 0, res.output
    db = str(tmp_path / "a.db")
    res = runner.invoke(main, ["--db", db, "bot", "g1", "--seed", "3", "--turns", "2"])
    assert res.exit_code == 0, res.output
    assert runner.invoke(main, ["--db", db, "judge", "loss", "g1", "--judge", "J",
                                "--player", "p2"]).exit_code == 0
    report = json.loads(runner.invoke(main, ["--db", db, "replay", "g1", "--json"]).stdout)
    assert "matches the commitment" in report["seed"]
    assert report["counts"].get("illegal", 0) == 0 and report["counts"].get("divergent", 0) == 0
