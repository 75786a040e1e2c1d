"""Benchmark of the SQLite event store against raw sqlite3 and the eventsourcing library.

Run from the project root (eventsourcing comes with the ``bench`` extra)::

    python benchmarks/store.py                  # 20,000 events, batches of 500, best of 3
    python benchmarks/store.py --events 5000 --rounds 2 --check

What is measured (each contender on its own fresh database file in one temp dir; the
rounds alternate between contenders so changing machine load hits them alike; the best
round counts):

* live append: riftlog validates, hash-chains and commits one event per transaction
  (``BEGIN IMMEDIATE`` ... ``COMMIT``, updating the game's head too); raw sqlite3 runs
  the same INSERT into the same ``events`` table (made by riftlog's migrations) with
  precomputed values, one per commit; eventsourcing saves one aggregate event per
  ``save()``.
* batch append: riftlog appends batches in one transaction each; raw sqlite3 runs
  ``executemany`` of the same rows in one transaction each.
* read: riftlog streams the game with ``read(verify=True)`` (payloads parsed, every hash
  and link checked); raw sqlite3 selects the same columns and ``json.loads`` each payload.

* PostgreSQL, 16 writers on 16 games (``--pg URL``, or ``RIFTLOG_BENCH_PG_URL``): 16
  threads, each with its own connection, append one event per transaction to a game of
  its own through ``EventStore.append``; raw psycopg runs the same INSERT + COMMIT on 16
  connections into a plain table of the same columns and constraints (no riftlog
  triggers).  Each side runs in a fresh schema of the given database, dropped afterwards.
  ``--pg-only`` skips the SQLite measures.

Settings: riftlog runs with its defaults (WAL, ``synchronous=NORMAL``, foreign keys on);
the raw sqlite3 connection gets exactly those.  eventsourcing is measured twice: as it
ships (WAL with SQLite's default ``synchronous=FULL``, a sync of the log at every commit)
and with ``synchronous=NORMAL`` like riftlog; and riftlog is also measured with
``?synchronous=full`` against eventsourcing as it ships, so every pairing at equal
durability is shown.  Ratios are riftlog's events per second over the baseline's;
``--check`` exits 1 when one misses its target.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sqlite3
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riftlog.events import Actor, NewEvent
from riftlog.events.payloads import NoteAdded
from riftlog.store import EventStore

TEXT = "Player 2 asked whether the reaction resolves before the showdown; judge explained 339."
INSERT = (
    "INSERT INTO events (game_id, seq, type, schema_version, actor, payload, client_event_id, "
    "recorded_at, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
COLUMNS = (
    "position, game_id, seq, type, schema_version, actor, payload, client_event_id, "
    "recorded_at, prev_hash, hash"
)
Run = Callable[[int], None]


@dataclass
class Row:
    name: str
    ours: float  # events per second
    base: float
    baseline: str
    target: float | None

    @property
    def ratio(self) -> float:
        return self.ours / self.base


def timed(run: Run, r: int) -> float:
    gc.collect()
    t0 = time.perf_counter()
    run(r)
    return time.perf_counter() - t0


def interleaved(n: int, rounds: int, contenders: dict[str, Run]) -> dict[str, float]:
    """Events per second of each contender's best round (rounds alternate contenders)."""
    best = dict.fromkeys(contenders, float("inf"))
    for r in range(rounds):
        for name, run in contenders.items():
            best[name] = min(best[name], timed(run, r))
    return {name: n / t for name, t in best.items()}


def create_game(store: EventStore, game_id: str) -> None:
    store.create_game(game_id, "duel", "v1.3", "2026-03", "bench")


#: who appends the benchmark's notes
JUDGE = Actor.judge("judge-1")


def new_events(n: int, tag: str) -> list[NewEvent]:
    note = NoteAdded(author="judge-1", text=TEXT)
    return [NewEvent.of(note, actor=JUDGE, client_event_id=f"{tag}-{i}") for i in range(n)]


# --- contenders -----------------------------------------------------------------------


def riftlog_runs(
    url: str, n: int, batch: int, rounds: int, tag: str
) -> tuple[EventStore, dict[str, Run]]:
    store = EventStore.open(url, check=False, create=True)
    store.upgrade()
    live_in = [new_events(n, f"{tag}live{r}") for r in range(rounds)]
    batch_in = [new_events(n, f"{tag}batch{r}") for r in range(rounds)]
    for r in range(rounds):
        create_game(store, f"live{r}")
        create_game(store, f"batch{r}")

    def live(r: int) -> None:
        game, append = f"live{r}", store.append
        for i, ev in enumerate(live_in[r]):
            append(game, (ev,), i)

    def batched(r: int) -> None:
        game, events = f"batch{r}", batch_in[r]
        for start in range(0, n, batch):
            store.append(game, events[start : start + batch], start)

    def read(_r: int) -> None:
        assert len(list(store.read("live0", verify=True))) == n

    def typed(_r: int) -> None:
        for ev in store.read("live0", verify=True):
            ev.decoded()

    def verify(_r: int) -> None:
        assert store.verify("live0").ok

    return store, {"live": live, "batch": batched, "read": read, "typed": typed, "verify": verify}


def raw_runs(
    path: Path, n: int, batch: int, rounds: int
) -> tuple[sqlite3.Connection, dict[str, Run]]:
    with EventStore.open(str(path), check=False, create=True) as store:
        store.upgrade()  # the very same events table riftlog uses
        for r in range(rounds):
            create_game(store, f"live{r}")
            create_game(store, f"batch{r}")
    conn = sqlite3.connect(path, isolation_level=None, timeout=30)
    for pragma in (
        "journal_mode=WAL",
        "synchronous=NORMAL",
        "foreign_keys=ON",
        "busy_timeout=30000",
    ):
        conn.execute(f"PRAGMA {pragma}")
    payload = json.dumps(
        NoteAdded(author="judge-1", text=TEXT).model_dump(mode="json"), sort_keys=True
    )
    stamp = "2026-05-01T12:00:00.000000Z"

    def rows(game: str) -> list[tuple[Any, ...]]:
        return [
            (
                game,
                i + 1,
                "NoteAdded",
                1,
                "judge-1",
                payload,
                f"{game}-{i}",
                stamp,
                "0" * 64,
                f"{i:064x}",
            )
            for i in range(n)
        ]

    live_rows = [rows(f"live{r}") for r in range(rounds)]
    batch_rows = [rows(f"batch{r}") for r in range(rounds)]

    def live(r: int) -> None:
        execute = conn.execute
        for row in live_rows[r]:
            execute("BEGIN IMMEDIATE")
            execute(INSERT, row)
            execute("COMMIT")

    def batched(r: int) -> None:
        data = batch_rows[r]
        for start in range(0, n, batch):
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(INSERT, data[start : start + batch])
            conn.execute("COMMIT")

    def read(_r: int) -> None:
        got = conn.execute(
            f"SELECT {COLUMNS} FROM events WHERE game_id = ? ORDER BY seq", ("live0",)
        )
        payloads = [json.loads(row[6]) for row in got.fetchall()]
        assert len(payloads) == n

    return conn, {"live": live, "batch": batched, "read": read}


# --- PostgreSQL: many writers on many games ---------------------------------------------

RAW_PG_TABLE = """CREATE TABLE raw_events (
    position BIGSERIAL PRIMARY KEY, game_id VARCHAR(64) NOT NULL, seq INTEGER NOT NULL,
    type VARCHAR(100) NOT NULL, schema_version INTEGER NOT NULL, actor VARCHAR(100),
    payload TEXT NOT NULL, client_event_id VARCHAR(200), recorded_at VARCHAR(32) NOT NULL,
    prev_hash VARCHAR(64) NOT NULL, hash VARCHAR(64) NOT NULL,
    UNIQUE (game_id, seq), UNIQUE (client_event_id))"""


def pg_schema_url(url: str) -> tuple[str, Callable[[], None]]:
    """A fresh schema of the database at *url*: its URL and how to drop it."""
    import psycopg
    from sqlalchemy.engine import make_url

    schema = f"bench_{uuid.uuid4().hex[:10]}"
    plain = make_url(url).set(drivername="postgresql")
    dsn = plain.render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")

    def drop() -> None:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")

    scoped = plain.update_query_dict({"options": f"-csearch_path={schema}"})
    return scoped.render_as_string(hide_password=False), drop


def concurrently(writers: int, work: Callable[[int], None]) -> float:
    """Seconds from a common start until *writers* threads have each run ``work(w)``."""
    start = threading.Barrier(writers + 1)
    failures: list[BaseException] = []

    def run(w: int) -> None:
        start.wait()
        try:
            work(w)
        except BaseException as exc:  # reported below, not lost in the thread
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    if failures:
        raise failures[0]
    return time.perf_counter() - t0


def pg_runs(url: str, writers: int, per_writer: int, rounds: int) -> dict[str, float]:
    """Events per second (best round) of riftlog and of raw psycopg, 16 writers on 16 games."""
    import psycopg

    ours_url, drop_ours = pg_schema_url(url)
    raw_url, drop_raw = pg_schema_url(url)
    try:
        store = EventStore.open(ours_url, check=False, create=True)
        store.upgrade()
        stores = [EventStore.open(ours_url) for _ in range(writers)]
        inputs = {(r, w): new_events(per_writer, f"pg{r}w{w}")
                  for r in range(rounds) for w in range(writers)}
        for r in range(rounds):
            for w in range(writers):
                create_game(store, f"pg{r}w{w}")
        conninfo = raw_url.replace("postgresql+psycopg://", "postgresql://")
        raws = [psycopg.connect(conninfo) for _ in range(writers)]
        raws[0].execute(RAW_PG_TABLE)
        raws[0].commit()
        payload = json.dumps(NoteAdded(author="judge-1", text=TEXT).model_dump(mode="json"),
                             sort_keys=True)
        sql = INSERT.replace("events", "raw_events").replace("?", "%s")

        def ours(r: int) -> Run:
            def work(w: int) -> None:
                append, game = stores[w].append, f"pg{r}w{w}"
                for i, ev in enumerate(inputs[(r, w)]):
                    append(game, [ev], i)
            return work

        def raw(r: int) -> Run:
            def work(w: int) -> None:
                conn, game = raws[w], f"pg{r}w{w}"
                for i in range(per_writer):
                    conn.execute(sql, (game, i + 1, "NoteAdded", 1, "judge-1", payload,
                                       f"{game}-{i}", "2026-05-01T12:00:00.000000Z", "0" * 64,
                                       f"{i:064x}"))
                    conn.commit()
            return work

        n = writers * per_writer
        best = {"ours": float("inf"), "raw": float("inf")}
        for r in range(rounds):
            best["ours"] = min(best["ours"], concurrently(writers, ours(r)))
            best["raw"] = min(best["raw"], concurrently(writers, raw(r)))
        for conn in raws:
            conn.close()
        for s in [*stores, store]:
            s.close()
        return {name: n / t for name, t in best.items()}
    finally:
        drop_ours()
        drop_raw()


_SYNC_BY_DB: dict[str, str] = {}
_TABLE: Any = None


def eventsourcing_runs(
    path: Path, n: int, rounds: int, synchronous: str | None
) -> dict[str, Run] | None:
    """eventsourcing with its SQLite persistence; *synchronous* None keeps its default."""
    try:
        from eventsourcing.application import Application
        from eventsourcing.domain import Aggregate, event
        from eventsourcing.sqlite import SQLiteConnectionPool
    except ImportError:
        return None
    if not getattr(SQLiteConnectionPool, "_riftlog_bench", False):
        create = SQLiteConnectionPool._create_connection

        def create_with_setting(self: Any) -> Any:
            conn = create(self)
            mode = _SYNC_BY_DB.get(self.db_name)
            if mode is not None:
                conn._sqlite_conn.execute(f"PRAGMA synchronous={mode}")
            return conn

        SQLiteConnectionPool._create_connection = create_with_setting  # type: ignore[method-assign]
        SQLiteConnectionPool._riftlog_bench = True  # type: ignore[attr-defined]
    if synchronous is not None:
        _SYNC_BY_DB[str(path)] = synchronous

    global _TABLE
    if _TABLE is None:  # eventsourcing registers each aggregate class once, by topic

        class Table(Aggregate):
            @event("NoteAdded")
            def add_note(self, author: str, text: str) -> None:
                self.last_note = text

        _TABLE = Table
    table_class: Any = _TABLE

    app: Any = Application(
        env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)}
    )
    tables = [table_class() for _ in range(rounds)]
    for t in tables:
        app.save(t)

    def live(r: int) -> None:
        table = tables[r]
        for _ in range(n):
            table.add_note(author="judge-1", text=TEXT)
            app.save(table)

    def read(_r: int) -> None:
        app.repository.get(tables[0].id)

    return {"live": live, "read": read}


# --- main ------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="riftlog event store benchmark")
    parser.add_argument("--events", type=int, default=20_000, help="events per run (default 20000)")
    parser.add_argument("--batch", type=int, default=500, help="events per batch (default 500)")
    parser.add_argument("--rounds", type=int, default=3, help="runs per contender; the best counts")
    parser.add_argument(
        "--skip-full",
        action="store_true",
        help="skip the synchronous=FULL pairings (slow: a log sync per commit)",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument("--pg", metavar="URL", default=os.environ.get("RIFTLOG_BENCH_PG_URL"),
                        help="PostgreSQL database for the 16-writer line (it makes and drops "
                        "schemas there; default $RIFTLOG_BENCH_PG_URL)")
    parser.add_argument("--pg-writers", type=int, default=16, help="writers and games (16)")
    parser.add_argument("--pg-events", type=int, default=200,
                        help="events each PostgreSQL writer appends per round (200)")
    parser.add_argument("--pg-only", action="store_true", help="only the PostgreSQL line")
    args = parser.parse_args(argv)
    n, batch, rounds = args.events, args.batch, args.rounds
    if args.pg_only:
        if not args.pg:
            parser.error("--pg-only needs --pg URL (or RIFTLOG_BENCH_PG_URL)")
        return pg_report(args.pg, args.pg_writers, args.pg_events, rounds)

    print(
        f"riftlog store benchmark: {n} events, batches of {batch}, best of {rounds} rounds; "
        f"SQLite {sqlite3.sqlite_version}, python {sys.version.split()[0]}"
    )
    with tempfile.TemporaryDirectory(prefix="riftlog-bench-") as tmp:
        d = Path(tmp)
        store, ours = riftlog_runs(str(d / "riftlog.db"), n, batch, rounds, "n")
        conn, raw = raw_runs(d / "raw.db", n, batch, rounds)
        es_normal = eventsourcing_runs(d / "es-normal.db", n, rounds, "NORMAL")
        es_shipped = (
            None if args.skip_full else eventsourcing_runs(d / "es-shipped.db", n, rounds, None)
        )
        full_store, full = (
            (None, None)
            if args.skip_full
            else riftlog_runs(
                f"sqlite:///{d / 'riftlog-full.db'}?synchronous=full", n, batch, rounds, "f"
            )
        )

        # the prepared inputs of every contender are long-lived: keep the collector off them
        gc.collect()
        gc.freeze()
        live_runs = {"ours": ours["live"], "raw": raw["live"]}
        if es_normal is not None:
            live_runs["es_normal"] = es_normal["live"]
        if es_shipped is not None and full is not None:
            live_runs["es_shipped"] = es_shipped["live"]
            live_runs["ours_full"] = full["live"]
        live = interleaved(n, rounds, live_runs)
        batched = interleaved(n, rounds, {"ours": ours["batch"], "raw": raw["batch"]})
        read_runs = {"ours": ours["read"], "raw": raw["read"]}
        if es_normal is not None:
            read_runs["es"] = es_normal["read"]
        read = interleaved(n, rounds, read_runs)
        extra = interleaved(n, rounds, {"typed": ours["typed"], "verify": ours["verify"]})
        store.close()
        conn.close()
        if full_store is not None:
            full_store.close()

    rows = [
        Row(
            "live append, 1 event/commit",
            live["ours"],
            live["raw"],
            "raw sqlite3 insert+commit (same settings)",
            0.25,
        ),
        Row(
            "batch append",
            batched["ours"],
            batched["raw"],
            "raw sqlite3 executemany (same settings)",
            0.3,
        ),
        Row("read + decode + verify", read["ours"], read["raw"], "raw select + json.loads", 0.5),
    ]
    if "es_shipped" in live:
        rows.insert(
            1,
            Row(
                "live append, 1 event/commit",
                live["ours"],
                live["es_shipped"],
                "eventsourcing save(), as shipped (synchronous=FULL)",
                2.0,
            ),
        )
        rows.insert(
            2,
            Row(
                "live append, synchronous=FULL",
                live["ours_full"],
                live["es_shipped"],
                "eventsourcing save(), as shipped (synchronous=FULL)",
                None,
            ),
        )
    if "es_normal" in live:
        rows.insert(
            3 if "es_shipped" in live else 1,
            Row(
                "live append, 1 event/commit",
                live["ours"],
                live["es_normal"],
                "eventsourcing save(), synchronous=NORMAL like riftlog",
                None,
            ),
        )
    if "es" in read:
        rows.append(
            Row(
                "read + decode + verify",
                read["ours"],
                read["es"],
                "eventsourcing repository.get (rebuild)",
                None,
            )
        )

    width = max(len(r.name) for r in rows)
    print(
        f"\n{'measure':<{width}}  {'riftlog ev/s':>12}  {'baseline ev/s':>13}  {'ratio':>6}  {'target':>7}  baseline"
    )
    missed = []
    for r in rows:
        verdict = ""
        if r.target is not None:
            verdict = f">={r.target:g}x {'ok' if r.ratio >= r.target else 'MISSED'}"
            if r.ratio < r.target:
                missed.append(r)
        print(
            f"{r.name:<{width}}  {r.ours:>12,.0f}  {r.base:>13,.0f}  {r.ratio:>5.2f}x  {verdict:>10}  {r.baseline}"
        )
    print(
        f"\nalso: read + typed decode (pydantic, upcast) + verify {extra['typed']:,.0f} ev/s; "
        f"verify() alone {extra['verify']:,.0f} ev/s"
    )
    if es_normal is None:
        print(
            "eventsourcing is not installed (pip install -e '.[bench]'): its comparisons were skipped"
        )
    if args.pg:
        pg_report(args.pg, args.pg_writers, args.pg_events, rounds)
    else:
        print("PostgreSQL line skipped: pass --pg URL (or set RIFTLOG_BENCH_PG_URL)")
    if missed and args.check:
        print(f"missed {len(missed)} target(s)", file=sys.stderr)
        return 1
    return 0


def pg_report(url: str, writers: int, per_writer: int, rounds: int) -> int:
    """Run and print the PostgreSQL line."""
    rates = pg_runs(url, writers, per_writer, rounds)
    print(f"\nPostgreSQL, {writers} writers on {writers} games, 1 event per transaction, "
          f"{writers * per_writer} events, best of {rounds}:")
    print(f"  riftlog append {rates['ours']:,.0f} ev/s; raw psycopg INSERT+COMMIT "
          f"{rates['raw']:,.0f} ev/s; ratio {rates['ours'] / rates['raw']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
