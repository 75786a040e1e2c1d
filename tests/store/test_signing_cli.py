"""Signed checkpoints and receipts as a user meets them: keys, a real game played to its
seal with the key configured, export, a forger's rewrite, and verify / import / receipts
refusing it (SQLite, the CLI end to end)."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from riftlog.cli import main
from riftlog.store import EventStore
from riftlog.store.signing import KEY_ENV, KEY_FILE_ENV, TRUSTED_ENV
from tests.export.helpers import record_game
from tests.store.forgery import bodies, rewrite, swap_player_names

DECKS = Path(__file__).resolve().parents[2] / "replays" / "decks"


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, list(args), env={KEY_ENV: "", KEY_FILE_ENV: "",
                                                     TRUSTED_ENV: "", **(env or {})})


def error_lines(result: Result) -> list[str]:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return [ln for ln in result.output.splitlines() if ln.startswith("error: ")]


@pytest.fixture
def keys(tmp_path: Path) -> tuple[Path, Path]:
    """An organiser's key file and the published public key file."""
    key, pub = tmp_path / "org.key", tmp_path / "org.pub"
    made = run("keys", "new", "--out", str(key))
    assert made.exit_code == 0, made.output
    shown = run("keys", "show", "--key", str(key))
    assert shown.exit_code == 0, shown.output
    pub.write_text(shown.output)
    return key, pub


@pytest.fixture
def sealed_game(tmp_path: Path, keys: tuple[Path, Path]) -> tuple[str, str]:
    """A real duel played by the bot to its end and sealed with the key configured; returns
    the database and the receipt printed at the seal."""
    db = str(tmp_path / "club.db")
    assert run("--db", db, "db", "upgrade").exit_code == 0
    made = run("--db", db, "new", "g1", "--player", f"p1:Alice:{DECKS / 'annie-dark-child.txt'}",
               "--player", f"p2:Bob:{DECKS / 'garen-might-of-demacia.txt'}", "--seed", "s3cret")
    assert made.exit_code == 0, made.output
    played = run("--db", db, "bot", "g1", "--seed", "8", env={KEY_FILE_ENV: str(keys[0])})
    assert played.exit_code == 0 and "sealed" in played.output, played.output
    found = re.search(r"receipt: (riftlog:g1:\d+:[0-9A-F]{24})", played.output)
    assert found, played.output
    return db, found.group(1)


def test_keys_new_makes_a_private_file_and_prints_the_public_key(tmp_path: Path) -> None:
    out = tmp_path / "k"
    made = run("keys", "new", "--out", str(out))
    assert made.exit_code == 0, made.output
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert re.search(r"^riftlog-ed25519:[A-Za-z0-9+/]{43}=$", made.output, re.M)
    assert "secret" not in made.output  # the private key is never printed
    again = run("keys", "new", "--out", str(out))
    assert error_lines(again) == [f"error: key file {out} already exists; it was left as it is"]


def test_a_key_file_others_can_read_is_refused(keys: tuple[Path, Path]) -> None:
    keys[0].chmod(0o644)
    [line] = error_lines(run("keys", "show", "--key", str(keys[0])))
    assert "can be read by others (mode 0644); run chmod 600" in line


def test_a_public_key_given_as_a_private_key_is_refused(sealed_game: tuple[str, str],
                                                         keys: tuple[Path, Path]) -> None:
    secret = keys[0].read_text().strip()
    [line] = error_lines(run("--db", sealed_game[0], "verify", "--public-key", secret))
    assert "that is a private key; give the public key" in line


def test_a_sealed_game_verifies_against_the_published_key(sealed_game: tuple[str, str],
                                                          keys: tuple[Path, Path],
                                                          tmp_path: Path) -> None:
    db, receipt = sealed_game
    checked = run("--db", db, "verify", "--public-key", str(keys[1]))
    assert checked.exit_code == 0, checked.output
    assert re.search(r"ok: game g1: 1 signed checkpoint, the latest at seq \d+ .*sealed",
                     checked.output)
    assert run("--db", db, "verify", "--receipt", receipt).exit_code == 0
    bundle = tmp_path / "g1.json"
    assert run("--db", db, "export", "g1", "-o", str(bundle)).exit_code == 0
    other = str(tmp_path / "other.db")
    imported = run("--db", other, "import", str(bundle), "--public-key", str(keys[1]))
    assert imported.exit_code == 0, imported.output
    assert run("--db", other, "verify", "--public-key", str(keys[1])).exit_code == 0
    assert run("--db", other, "verify", "--receipt", receipt).exit_code == 0


def test_a_forged_store_is_refused_by_verify_receipt_and_import(
        sealed_game: tuple[str, str], keys: tuple[Path, Path], tmp_path: Path) -> None:
    db, receipt = sealed_game
    with EventStore.open(db) as store:
        seq = store.game("g1").last_seq
        events = bodies(store, "g1")
        rewrite(store, "g1", [swap_player_names(events[0]), *events[1:]])
    plain = run("--db", db, "verify", "g1")
    assert f"ok: game g1: {seq} events" in plain.output  # the hash chain alone is fooled...
    assert plain.exit_code == 1  # ...but the checkpoint the forger left contradicts it
    lines = error_lines(run("--db", db, "verify", "--public-key", str(keys[1])))
    assert any(f"game g1: checkpoint at seq {seq} (key " in ln and "was rewritten" in ln
               for ln in lines), lines
    [line] = error_lines(run("--db", db, "verify", "--receipt", receipt))
    assert f"receipt {receipt}: the event at seq {seq} of game g1 now has hash" in line
    bundle = tmp_path / "forged.json"
    assert run("--db", db, "export", "g1", "-o", str(bundle)).exit_code == 0
    [line] = error_lines(run("--db", str(tmp_path / "new.db"), "import", str(bundle),
                             "--public-key", str(keys[1])))
    assert f"game g1: signed checkpoint refused at seq {seq}" in line
    assert "nothing was imported" in line


def test_a_forgery_that_deletes_the_checkpoints_is_unsigned(
        sealed_game: tuple[str, str], keys: tuple[Path, Path], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    db, _ = sealed_game
    with EventStore.open(db) as store:
        events = bodies(store, "g1")
        rewrite(store, "g1", [swap_player_names(events[0]), *events[1:]], drop_checkpoints=True)
    assert run("--db", db, "verify").exit_code == 0  # nothing in the database tells
    [line] = error_lines(run("--db", db, "verify", "--public-key", str(keys[1])))
    assert line.startswith("error: game g1: no checkpoint signed by a trusted key")
    bundle = tmp_path / "forged.json"
    assert run("--db", db, "export", "g1", "-o", str(bundle)).exit_code == 0
    # the trusted keys file of the environment counts as --public-key
    refused = run("--db", str(tmp_path / "new.db"), "import", str(bundle),
                  env={TRUSTED_ENV: str(keys[1])})
    [line] = error_lines(refused)
    assert "game g1: signed checkpoint refused" in line and "no checkpoint signed by" in line


def test_sign_and_receipt_commands(tmp_path: Path, keys: tuple[Path, Path]) -> None:
    db = str(tmp_path / "s.db")
    assert run("--db", db, "db", "upgrade").exit_code == 0
    made = run("--db", db, "new", "g1", "--player", f"p1:Alice:{DECKS / 'annie-dark-child.txt'}",
               "--player", f"p2:Bob:{DECKS / 'garen-might-of-demacia.txt'}", "--seed", "x")
    assert made.exit_code == 0, made.output
    unsigned = run("--db", db, "verify", "--public-key", str(keys[1]))
    assert "no checkpoint signed by a trusted key" in error_lines(unsigned)[0]
    [line] = error_lines(run("--db", db, "sign", "g1"))
    assert "no signing key: pass --key FILE" in line
    signed = run("--db", db, "keys", "sign", "g1", "--key", str(keys[0]))
    assert signed.exit_code == 0 and "signed the head at seq" in signed.output, signed.output
    assert run("--db", db, "verify", "--public-key", str(keys[1])).exit_code == 0
    receipt = run("--db", db, "receipt", "g1")
    assert receipt.exit_code == 0 and re.fullmatch(r"riftlog:g1:\d+:[0-9A-F]{24}\n", receipt.output)
    [line] = error_lines(run("--db", db, "verify", "--receipt", "riftlog:g1:nope"))
    assert "is not a riftlog receipt" in line


def test_replay_with_a_public_key_judges_only_games_still_as_signed(
        sealed_game: tuple[str, str], keys: tuple[Path, Path]) -> None:
    db, _ = sealed_game
    judged = run("--db", db, "replay", "g1", "--public-key", str(keys[1]))
    assert judged.exit_code == 0, judged.output
    with EventStore.open(db) as store:
        events = bodies(store, "g1")
        rewrite(store, "g1", [swap_player_names(events[0]), *events[1:]], drop_checkpoints=True)
    assert run("--db", db, "replay", "g1").exit_code == 0  # the chain alone is fooled
    refused = run("--db", db, "replay", "g1", "--public-key", str(keys[1]))
    assert refused.exit_code == 1
    assert "error: not judged: game g1: no checkpoint signed by a trusted key" in refused.output


def test_a_bad_key_setting_refuses_the_seal_before_sealing(tmp_path: Path,
                                                           keys: tuple[Path, Path]) -> None:
    db = str(tmp_path / "k.db")
    with EventStore.open(db, check=False, create=True) as store:
        store.upgrade()
        record_game(store, "g1", 1, sealed=False)
    # only a finished game is sealed (issue 15): a judge ends this one
    ended = run("--db", db, "judge", "loss", "g1", "--judge", "J", "--player", "bob")
    assert ended.exit_code == 0, ended.output
    keys[0].chmod(0o640)
    [line] = error_lines(run("--db", db, "seal", "g1", env={KEY_FILE_ENV: str(keys[0])}))
    assert "can be read by others (mode 0640)" in line
    with EventStore.open(db) as store:
        assert not store.game("g1").sealed
    keys[0].chmod(0o600)
    sealed = run("--db", db, "seal", "g1", env={KEY_FILE_ENV: str(keys[0])})
    assert sealed.exit_code == 0, sealed.output
    assert "signed at the seal with key" in sealed.output and "receipt: riftlog:g1:4:" in sealed.output  # seq 4: the game loss
