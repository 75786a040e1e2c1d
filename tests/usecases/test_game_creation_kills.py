"""A writer killed at any statement of ``create_game`` (issue 16: orphan games).

The recorder's ``create_game`` is run in a forked child that SIGKILLs itself just before
its Nth SQL statement, for every N until it runs to the end.  After each kill the store
holds either no game, or the whole game (its ``GameCreated`` at seq 1, a verifying chain)
that can be continued; never a game without events.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
from pathlib import Path
from typing import Any

from sqlalchemy import event

from riftlog.recorder import Recorder
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore
from tests.usecases.helpers import duel, new_store


def _create_and_die_at(url: str, secrets: str, kill_at: int) -> None:
    store = EventStore.open(url)
    seen = [0]

    def trace(_sql: str) -> None:
        seen[0] += 1
        if seen[0] == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    def on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.set_trace_callback(trace)

    event.listen(store.engine, "connect", on_connect)
    store.engine.dispose()
    duel(store, "g1", keeper=SeedKeeper(Path(secrets)), snapshot_every=5)
    os._exit(0)


def test_a_kill_at_any_statement_of_create_game_leaves_no_game_or_a_whole_one(
        tmp_path: Path) -> None:
    url = str(tmp_path / "riftlog.db")
    with new_store(tmp_path / "template") as warm:  # decks parsed, caches warm: forks inherit them
        duel(warm, "warm", keeper=SeedKeeper(tmp_path / "warm-secrets"), snapshot_every=0)
        warm.engine.dispose()
    new_store(tmp_path / "template2").close()
    template = (tmp_path / "template2" / "riftlog.db").read_bytes()
    Path(url).write_bytes(template)
    secrets = str(tmp_path / "secrets")
    ctx = mp.get_context("fork")
    outcomes = []
    for kill_at in range(1, 60):
        child = ctx.Process(target=_create_and_die_at, args=(url, secrets, kill_at))
        child.start()
        child.join(60)
        with EventStore.open(url) as store:
            games = store.games()
            if games:
                (info,) = games
                assert info.last_seq > 0, f"kill before statement {kill_at}: an empty game"
                store.verify("g1").raise_if_bad()
                assert next(iter(store.read("g1"))).type == "GameCreated"
                rec = Recorder.open(store, "g1", keeper=SeedKeeper(Path(secrets)))
                assert rec.seq == info.last_seq
                outcomes.append("whole")
            else:
                outcomes.append("none")
        if child.exitcode == 0:
            break
        assert child.exitcode == -signal.SIGKILL
        for suffix in ("-wal", "-shm"):  # start afresh for the next kill point
            Path(url + suffix).unlink(missing_ok=True)
        Path(url).write_bytes(template)
    else:
        raise AssertionError("create_game never ran to the end")
    assert "none" in outcomes and "whole" in outcomes, outcomes
    assert len(outcomes) > 10, outcomes
    print(len(outcomes))  # the creation's statements were all kill points
