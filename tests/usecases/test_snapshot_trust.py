"""Snapshots are never trusted over the events (issue 16), for the recorder, ``state``,
``replay`` and ``verify``, on both backends.

The attack of the issue: a snapshot written through the public ``put_snapshot`` with the
right event hash and a state where the game is over (or a stored one edited in SQL) was
believed by ``state`` and by the recorder, which then ended the game, revealed its seed
and sealed it while the events say it goes on.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from sqlalchemy import text

from riftlog import ENGINE_VERSION
from riftlog.cli import main
from riftlog.recorder import Recorder, play_bot
from riftlog.reducer import check_snapshots, snapshot_json, state_at, write_snapshots
from riftlog.replay import replay_game
from riftlog.seeding import SeedKeeper
from riftlog.snapshot_codec import decode_state, encode_state
from riftlog.store import EventStore
from tests.usecases.helpers import bot_game


def _keeper(tmp_path: Path) -> SeedKeeper:
    return SeedKeeper(tmp_path / "seeds")


def _over(store: EventStore, game_id: str, seq: int) -> str:
    """The true snapshot text at *seq*, edited to say the game is over (p2 won)."""
    data = json.loads(snapshot_json(state_at(store, game_id, seq, use_snapshots=False)))
    state = decode_state(data["state"])
    state.phase, state.winner = "over", ["p2"]
    data["state"] = encode_state(state)
    return json.dumps(data)


def test_the_recorder_never_acts_on_a_forged_snapshot(store: EventStore, tmp_path: Path) -> None:
    bot_game(store, "g1", 7, turns=3, finish=False, snapshot_every=5, keeper=_keeper(tmp_path))
    head = store.last_seq("g1")
    store.put_snapshot("g1", head, store.event("g1", head).hash, _over(store, "g1", head),
                       ENGINE_VERSION)  # the public call, any state
    assert state_at(store, "g1").state.phase != "over"  # type: ignore[union-attr]
    rec = Recorder.open(store, "g1", keeper=_keeper(tmp_path))
    assert rec.state.phase != "over"
    assert play_bot(rec, 8, max_turns=4) > 0
    types = [e.type for e in store.read("g1")]
    assert "SeedRevealed" not in types and not store.game("g1").sealed


def test_a_vouched_snapshot_edited_in_sql_is_never_used(store: EventStore, tmp_path: Path) -> None:
    bot_game(store, "g1", 7, turns=3, finish=False, snapshot_every=0, keeper=_keeper(tmp_path))
    assert 10 in write_snapshots(store, "g1", every=5)
    assert store.latest_snapshot("g1", ENGINE_VERSION, 10).seq == 10  # type: ignore[union-attr]
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE snapshots SET state_json = :t WHERE game_id = 'g1' AND seq = 10"),
                     {"t": _over(store, "g1", 10)})
    assert store.latest_snapshot("g1", ENGINE_VERSION, 12).seq == 5  # type: ignore[union-attr]
    for seq in (10, 12):
        assert state_at(store, "g1", seq).state == \
            state_at(store, "g1", seq, use_snapshots=False).state
    check = check_snapshots(store, "g1")
    assert check.problems == ["snapshot at seq 10 differs from the state its events give "
                              "(never used: `riftlog replay --check-snapshots` rebuilds it)"]


def test_a_proof_broken_by_an_edit_that_keeps_the_state_is_named(
        store: EventStore, tmp_path: Path) -> None:
    bot_game(store, "g1", 7, turns=2, finish=False, snapshot_every=0, keeper=_keeper(tmp_path))
    write_snapshots(store, "g1", every=5)
    with store.engine.begin() as conn:  # same content, other bytes: the proof no longer checks
        conn.execute(text("UPDATE snapshots SET state_json = state_json || ' ' "
                          "WHERE game_id = 'g1' AND seq = 5"))
    assert store.latest_snapshot("g1", ENGINE_VERSION, 5) is None
    assert check_snapshots(store, "g1").problems == [
        "snapshot at seq 5 was changed after riftlog wrote it (its proof does not check)"]


def test_replay_vouches_for_an_unvouched_snapshot_that_agrees(
        store: EventStore, tmp_path: Path) -> None:
    """A snapshot of an older riftlog (no proof) is not used until a replay has compared it
    with the events; then it is written again with a proof."""
    bot_game(store, "g1", 7, turns=2, finish=False, snapshot_every=0, keeper=_keeper(tmp_path))
    position = state_at(store, "g1", 10, use_snapshots=False)
    store.put_snapshot("g1", 10, store.event("g1", 10).hash, snapshot_json(position),
                       ENGINE_VERSION)
    assert store.latest_snapshot("g1", ENGINE_VERSION) is None
    check = check_snapshots(store, "g1")
    assert check.ok and check.unvouched == [10]
    report = replay_game(store, "g1", check_snapshots=True)
    assert "1 snapshot that agrees with the events was not vouched for by this store's " \
           "snapshot key: vouched now" in report.snapshots
    assert store.latest_snapshot("g1", ENGINE_VERSION).seq == 10  # type: ignore[union-attr]
    assert check_snapshots(store, "g1").unvouched == []


def test_cli_verify_names_a_forged_snapshot(tmp_path: Path) -> None:
    db = str(tmp_path / "riftlog.db")
    with EventStore.open(db, check=False, create=True) as store:
        store.upgrade()
        bot_game(store, "g1", 7, turns=2, finish=False, snapshot_every=5,
                 keeper=_keeper(tmp_path))
        head = store.last_seq("g1")
        store.put_snapshot("g1", head, store.event("g1", head).hash, _over(store, "g1", head),
                           ENGINE_VERSION)
    result = CliRunner().invoke(main, ["verify", "--db", db])
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"error: game g1: snapshot at seq {head} differs from the state its events give "
        "(never used: `riftlog replay --check-snapshots` rebuilds it)")
    replay = CliRunner().invoke(main, ["replay", "g1", "--check-snapshots", "--db", db])
    assert f"snapshot at seq {head} differs from the events: rebuilt" in replay.stdout
    again = CliRunner().invoke(main, ["verify", "--db", db])
    assert again.exit_code == 0 and "agree with the events" in again.stdout
