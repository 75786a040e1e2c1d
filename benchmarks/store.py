"""Benchmark of the SQLite event store against raw sqlite3 and the eventsourcing library.

Run from the project root (eventsourcing comes with the ``bench`` extra)::

    python benchmarks/store.py              # 10,000 events in chunks of 250 (~3 min)
    python benchmarks/store.py --quick      # 2,000 events (~30 s)

The machine may be shared, so the contenders are **interleaved in small chunks**: the
events are cut into chunks of ``--chunk`` events; chunk k of every contender runs before
chunk k + 1 of any (the order rotating from chunk to chunk), each chunk timed on its own.
A contender's rate is its median chunk; a ratio is the median over chunks of the ratio of
the two contenders' chunk k (run within a second of each other, under the same load).
Each contender writes its own fresh database file in one temp dir.

* live append, one event per transaction: riftlog's ``EventStore.append`` validates the
  payload, hash-chains and commits (``BEGIN IMMEDIATE`` ... ``COMMIT``, moving the game's
  head too); raw sqlite3 runs the same INSERT into the same ``events`` table (made by
  riftlog's migrations) with precomputed values, one per commit; eventsourcing saves one
  aggregate event per ``save()`` (its SQLite recorder: one INSERT per commit).
* durability: riftlog's default is WAL with ``synchronous=NORMAL``; eventsourcing ships
  with SQLite's default ``synchronous=FULL`` (a sync of the log at every commit).  The
  eventsourcing lines compare **equal durability only**: riftlog NORMAL vs eventsourcing
  set to NORMAL, and riftlog with ``?synchronous=full`` vs eventsourcing as shipped (FULL).
* batch append: riftlog appends a batch of ``--batch`` events in one transaction; raw
  sqlite3 runs ``executemany`` of the same rows in one transaction (a chunk = a batch).
* read: riftlog streams the game with ``read(verify=True)`` (payloads parsed, every hash
  and link checked); raw sqlite3 selects the same columns and ``json.loads`` each
  payload; eventsourcing rebuilds the aggregate (``repository.get``).  Each read is one
  chunk, repeated ``--reads`` times, interleaved.

* PostgreSQL, 16 writers on 16 games (``--pg URL``, or ``RIFTLOG_BENCH_PG_URL``): 16
  threads, each with its own connection, append one event per transaction to a game of
  its own through ``EventStore.append``; raw psycopg runs the same INSERT + COMMIT on 16
  connections into a plain table of the same columns and constraints (no riftlog
  triggers).  Each side runs in a fresh schema of the given database, dropped afterwards.
  ``--pg-only`` skips the SQLite measures.

``--check`` exits 1 when a ratio misses its target.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sqlite3
import statistics
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
#: the row riftlog appends (a lean row, migration 0008: the hash as 32 raw bytes)
INSERT = (
    "INSERT INTO events (game_id, seq, type, schema_version, actor, payload, client_event_id, "
    "recorded_at, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
COLUMNS = (
    "position, game_id, seq, type, schema_version, actor, payload, client_event_id, "
    "recorded_at, prev_hash, hash, digest"
)


@dataclass
class Row:
    name: str
    ours: float  # events per second (median chunk)
    base: float
    ratio: float  # median over chunks, wall time
    cpu_ratio: float  # median over chunks, CPU time
    baseline: str
    target: float | None


Chunk = Callable[[int, int], None]


def chunked(n: int, chunk: int, contenders: dict[str, Chunk]) -> dict[str, list[float]]:
    """Seconds per event of each chunk of each contender: events [lo, hi) of every
    contender before the next chunk of any, the order rotating each chunk (so no contender
    always follows the same one).  Wall time under ``name``; this process's CPU time under
    ``name + "/cpu"`` (on a loaded machine a long chunk is preempted more often than a
    short one, which wall time charges to it; CPU time does not, but it leaves out waiting
    for the disk, so the FULL-durability rows are judged by wall time)."""
    names = list(contenders)
    times: dict[str, list[float]] = {key: [] for name in names for key in (name, f"{name}/cpu")}
    for k, lo in enumerate(range(0, n, chunk)):
        hi = min(n, lo + chunk)
        for name in names[k % len(names):] + names[:k % len(names)]:
            c0, t0 = time.process_time(), time.perf_counter()
            contenders[name](lo, hi)
            t1, c1 = time.perf_counter(), time.process_time()
            times[name].append((t1 - t0) / (hi - lo))
            times[f"{name}/cpu"].append(max(c1 - c0, 1e-9) / (hi - lo))
    return times


def rate(per_event: list[float]) -> float:
    """Events per second of a contender's median chunk."""
    return 1 / statistics.median(per_event)


def ratio(ours: list[float], base: list[float]) -> float:
    """The median over chunks of riftlog's speed over the baseline's in the same chunk."""
    return statistics.median(b / o for o, b in zip(ours, base, strict=True))


def create_game(store: EventStore, game_id: str) -> None:
    store.create_game(game_id, "duel", "v1.3", "2026-03", "bench")


#: who appends the benchmark's notes
JUDGE = Actor.judge("judge-1")


def new_events(n: int, tag: str) -> list[NewEvent]:
    note = NoteAdded(author="judge-1", text=TEXT)
    return [NewEvent.of(note, actor=JUDGE, client_event_id=f"{tag}-{i}") for i in range(n)]


# --- contenders -----------------------------------------------------------------------


def riftlog_runs(url: str, n: int, batch: int, tag: str) -> tuple[EventStore, dict[str, Chunk]]:
    store = EventStore.open(url, check=False, create=True)
    store.upgrade()
    live_in = new_events(n, f"{tag}live")
    batch_in = new_events(n, f"{tag}batch")
    create_game(store, "live")
    create_game(store, "batch")
    create_game(store, "read")
    store.append("read", new_events(n, f"{tag}read"), 0)

    def live(lo: int, hi: int) -> None:
        append = store.append
        for i in range(lo, hi):
            append("live", (live_in[i],), i)

    def batched(lo: int, hi: int) -> None:
        for start in range(lo, hi, batch):
            store.append("batch", batch_in[start : min(hi, start + batch)], start)

    def read(_lo: int, _hi: int) -> None:
        assert len(list(store.read("read", verify=True))) == n

    def typed(_lo: int, _hi: int) -> None:
        for ev in store.read("read", verify=True):
            ev.decoded()

    def verify(_lo: int, _hi: int) -> None:
        assert store.verify("read").ok

    return store, {"live": live, "batch": batched, "read": read, "typed": typed, "verify": verify}


def raw_runs(path: Path, n: int, batch: int) -> tuple[sqlite3.Connection, dict[str, Chunk]]:
    with EventStore.open(str(path), check=False, create=True) as store:
        store.upgrade()  # the very same events table riftlog uses
        for game in ("live", "batch", "read"):
            create_game(store, game)
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
        return [(game, i + 1, "NoteAdded", 1, "judge-1", payload, f"{game}-{i}", stamp,
                 i.to_bytes(32, "big")) for i in range(n)]

    live_rows, batch_rows = rows("live"), rows("batch")
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(INSERT, rows("read"))
    conn.execute("COMMIT")

    def live(lo: int, hi: int) -> None:
        execute = conn.execute
        for row in live_rows[lo:hi]:
            execute("BEGIN IMMEDIATE")
            execute(INSERT, row)
            execute("COMMIT")

    def batched(lo: int, hi: int) -> None:
        for start in range(lo, hi, batch):
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(INSERT, batch_rows[start : min(hi, start + batch)])
            conn.execute("COMMIT")

    def read(_lo: int, _hi: int) -> None:
        got = conn.execute(
            f"SELECT {COLUMNS} FROM events WHERE game_id = ? ORDER BY seq", ("read",)
        )
        payloads = [json.loads(row[6]) for row in got.fetchall()]
        assert len(payloads) == n

    return conn, {"live": live, "batch": batched, "read": read}


# --- PostgreSQL: many writers on many games ---------------------------------------------

RAW_PG_TABLE = """CREATE TABLE raw_events (
    position BIGSERIAL PRIMARY KEY, game_id VARCHAR(64) NOT NULL, seq INTEGER NOT NULL,
    type VARCHAR(100) NOT NULL, schema_version INTEGER NOT NULL, actor VARCHAR(100),
    payload TEXT NOT NULL, client_event_id VARCHAR(200), recorded_at VARCHAR(32) NOT NULL,
    prev_hash VARCHAR(64), hash VARCHAR(64), digest BYTEA,
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

        def ours(r: int) -> Callable[[int], None]:
            def work(w: int) -> None:
                append, game = stores[w].append, f"pg{r}w{w}"
                for i, ev in enumerate(inputs[(r, w)]):
                    append(game, [ev], i)
            return work

        def raw(r: int) -> Callable[[int], None]:
            def work(w: int) -> None:
                conn, game = raws[w], f"pg{r}w{w}"
                for i in range(per_writer):
                    conn.execute(sql, (game, i + 1, "NoteAdded", 1, "judge-1", payload,
                                       f"{game}-{i}", "2026-05-01T12:00:00.000000Z",
                                       i.to_bytes(32, "big")))
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


def eventsourcing_runs(path: Path, n: int, synchronous: str | None) -> dict[str, Chunk] | None:
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
    live_table, read_table = table_class(), table_class()
    app.save(live_table)
    for _ in range(n):
        read_table.add_note(author="judge-1", text=TEXT)
    app.save(read_table)

    def live(lo: int, hi: int) -> None:
        for _ in range(lo, hi):
            live_table.add_note(author="judge-1", text=TEXT)
            app.save(live_table)

    def read(_lo: int, _hi: int) -> None:
        app.repository.get(read_table.id)

    return {"live": live, "read": read}


# --- main ------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="riftlog event store benchmark")
    parser.add_argument("--events", type=int, default=10_000,
                        help="events each contender appends (default 10000; --quick 2000)")
    parser.add_argument("--chunk", type=int, default=250,
                        help="events per interleaved chunk (default 250)")
    parser.add_argument("--batch", type=int, default=500,
                        help="events per batch of the batch append, one chunk each (500)")
    parser.add_argument("--reads", type=int, default=15,
                        help="interleaved reads of the whole game per contender (15)")
    parser.add_argument("--quick", action="store_true", help="2,000 events, 7 reads")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument("--pg", metavar="URL", default=os.environ.get("RIFTLOG_BENCH_PG_URL"),
                        help="PostgreSQL database for the 16-writer line (it makes and drops "
                        "schemas there; default $RIFTLOG_BENCH_PG_URL)")
    parser.add_argument("--pg-writers", type=int, default=16, help="writers and games (16)")
    parser.add_argument("--pg-events", type=int, default=200,
                        help="events each PostgreSQL writer appends per round (200)")
    parser.add_argument("--pg-rounds", type=int, default=3,
                        help="PostgreSQL rounds, alternating sides; the best counts (3)")
    parser.add_argument("--pg-only", action="store_true", help="only the PostgreSQL line")
    args = parser.parse_args(argv)
    n = 2000 if args.quick and args.events == 10_000 else args.events
    reads = 7 if args.quick and args.reads == 15 else args.reads
    chunk, batch = args.chunk, args.batch
    if args.pg_only:
        if not args.pg:
            parser.error("--pg-only needs --pg URL (or RIFTLOG_BENCH_PG_URL)")
        return pg_report(args.pg, args.pg_writers, args.pg_events, args.pg_rounds)

    print(
        f"riftlog store benchmark: {n} events per contender in interleaved chunks of {chunk} "
        f"(medians over {-(-n // chunk)} chunks), batches of {batch}, {reads} interleaved "
        f"reads; SQLite {sqlite3.sqlite_version}, python {sys.version.split()[0]}"
    )
    with tempfile.TemporaryDirectory(prefix="riftlog-bench-") as tmp:
        d = Path(tmp)
        store, ours = riftlog_runs(str(d / "riftlog.db"), n, batch, "n")
        full_store, full = riftlog_runs(f"sqlite:///{d / 'riftlog-full.db'}?synchronous=full",
                                        n, batch, "f")
        conn, raw = raw_runs(d / "raw.db", n, batch)
        es_normal = eventsourcing_runs(d / "es-normal.db", n, "NORMAL")
        es_full = eventsourcing_runs(d / "es-full.db", n, None)

        # the prepared inputs of every contender are long-lived: keep the collector off them
        gc.collect()
        gc.freeze()
        live_runs = {"ours": ours["live"], "raw": raw["live"], "ours_full": full["live"]}
        if es_normal is not None and es_full is not None:
            live_runs["es_normal"] = es_normal["live"]
            live_runs["es_full"] = es_full["live"]
        live = chunked(n, chunk, live_runs)
        batched = chunked(n, batch, {"ours": ours["batch"], "raw": raw["batch"]})
        read_runs = {"ours": ours["read"], "raw": raw["read"], "typed": ours["typed"],
                     "verify": ours["verify"]}
        if es_normal is not None:
            read_runs["es"] = es_normal["read"]
        read = chunked(reads, 1, read_runs)
        store.close()
        full_store.close()
        conn.close()

    def row(name: str, times: dict[str, list[float]], a: str, b: str, baseline: str,
            target: float | None, per: int = 1) -> Row:
        return Row(name, rate(times[a]) * per, rate(times[b]) * per, ratio(times[a], times[b]),
                   ratio(times[f"{a}/cpu"], times[f"{b}/cpu"]), baseline, target)

    rows = [
        row("live append, 1 event/commit, NORMAL", live, "ours", "raw",
            "raw sqlite3 insert+commit, same settings (NORMAL)", 0.25)]
    if "es_normal" in live:
        rows += [
            row("live append, 1 event/commit, NORMAL", live, "ours", "es_normal",
                "eventsourcing save(), set to synchronous=NORMAL", 1.0),
            row("live append, 1 event/commit, FULL", live, "ours_full", "es_full",
                "eventsourcing save() as shipped (synchronous=FULL)", 1.0)]
    rows += [
        row("batch append", batched, "ours", "raw", "raw sqlite3 executemany, same settings", 0.3),
        row("read + decode + verify", read, "ours", "raw", "raw select + json.loads", 0.5, n)]
    if "es" in read:
        rows.append(row("read + decode + verify", read, "ours", "es",
                        "eventsourcing repository.get (rebuild)", None, n))

    width = max(len(r.name) for r in rows)
    print(
        f"\n{'measure':<{width}}  {'riftlog ev/s':>12}  {'baseline ev/s':>13}  {'ratio':>6}  "
        f"{'cpu':>6}  {'target':>10}  baseline"
    )
    missed = []
    for r in rows:
        verdict = ""
        if r.target is not None:
            verdict = f">={r.target:g}x {'ok' if r.ratio >= r.target else 'MISSED'}"
            if r.ratio < r.target:
                missed.append(r)
        print(
            f"{r.name:<{width}}  {r.ours:>12,.0f}  {r.base:>13,.0f}  {r.ratio:>5.2f}x  "
            f"{r.cpu_ratio:>5.2f}x  {verdict:>10}  {r.baseline}"
        )
    print("\n(ratio: median over chunks of the wall-time ratio, what the target is judged on; "
          "cpu: the same in this process's CPU time, steadier on a loaded machine; eventsourcing "
          "runs in this process too)")
    print(
        f"\nalso: read + typed decode (pydantic, upcast) + verify {rate(read['typed']) * n:,.0f} "
        f"ev/s; verify() alone {rate(read['verify']) * n:,.0f} ev/s"
    )
    if es_normal is None:
        print(
            "eventsourcing is not installed (pip install -e '.[bench]'): its comparisons were skipped"
        )
    if args.pg:
        pg_report(args.pg, args.pg_writers, args.pg_events, args.pg_rounds)
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
