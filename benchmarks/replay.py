"""Replay, seek, live, storage and bulk figures of riftlog, each against a baseline
measured in the same run, the sides interleaved in small chunks (the machine may be
shared: every ratio compares calls made within moments of each other).

* **re-validation** (:func:`revalidation_figure`), like for like: riftlog's replayer on a
  stored bot game (read, verify the chain, decode, check + apply every decision, per-seq
  hash, verdicts) against python-chess's ``chess.pgn.read_game`` alone on a random PGN
  game (it resolves every SAN move against the legal moves and plays it: that is the
  whole re-validation); and riftlog's engine alone (``check`` + ``apply_in_place`` on
  payloads decoded beforehand) against python-chess's engine alone (``is_legal`` +
  ``push`` on moves parsed beforehand).  Interleaved game by game, *rounds* times; each
  game's median per side.  Target: full re-validation >= 0.2x ``read_game``.
* **live** (:func:`live_figure`): ``Recorder.record()`` median and p99 latency over bot
  duels, against a note's ``EventStore.append`` interleaved call by call.
* **storage** (:func:`storage_figure`): the store file (after VACUUM) per event against
  the payload bytes per event, for sealed bot games (snapshots thinned at the seal).  Aim:
  <= 3x.
* **seek** (:func:`seek_figure`): median ``state_at`` at random seqs of a long real game
  (FFA4, nobody moves to battlefields, ~4,100 events; its first 1,000 in quick mode), for each
  snapshot spacing (riftlog's live 5 and sealed 50), against eventsourcing rebuilding an
  aggregate of the same length at the same versions with its own snapshots at the same
  spacing (and without snapshots, a second row).  Target: <= 1x eventsourcing with
  snapshots.
* **bulk** (:func:`bulk_figure`): ``riftlog.bulk.judge_games`` over every game of a store
  of 10,000 sealed games (1,000 in quick mode; copies of 8 recorded games, see
  :func:`clone_games`), ids streamed from the store, 2 worker processes: games per second,
  games per CPU-second (all processes) and the driver's memory after a tenth of the games
  and at the end (flat) and the workers' peak.

Run: ``python benchmarks/replay.py`` (all lines; ``--quick`` for a short run, ``--only
revalidate,live,storage,seek,bulk`` for some).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import multiprocessing as mp
import random
import resource
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from riftlog import build_info
from riftlog.errors import UnsupportedRule
from riftlog.recorder import create_game, play_bot, player_from_deck
from riftlog.reducer import state_at, write_snapshots
from riftlog.replay import replay_game
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore
from riftlog.store.eventstore import SEALED_SNAPSHOT_EVERY

DECKS = Path(__file__).resolve().parents[1] / "replays" / "decks"
#: Main Deck size of the long game's decks (see :func:`record_long_game`).
LONG_DECK = 64


def record_games(
    store: EventStore, keeper: SeedKeeper, n: int, prefix: str, max_turns: int = 100
) -> list[str]:
    decks = sorted(DECKS.glob("*.txt"))
    ids = []
    for i in range(n):
        a, b = i % 4, (i + 1) % 4
        gid = f"{prefix}{i}"
        rec = create_game(
            store,
            gid,
            mode="duel",
            seed=f"bench-{prefix}{i}",
            keeper=keeper,
            players=[player_from_deck("p1", "A", decks[a]), player_from_deck("p2", "B", decks[b])],
        )
        # when the engine offers the bot nothing more, the game is as long as it gets
        with contextlib.suppress(UnsupportedRule):
            play_bot(rec, i, max_turns=max_turns)
        rec.finish()
        ids.append(gid)
    return ids


def _homebody(decision: Any) -> bool:
    """Policy: never move or play a unit to a battlefield (only to the base)."""
    dest = getattr(decision, "destination", None)
    return dest is None or dest == "base"


def long_deck(path: Path, size: int, mode: str) -> Any:
    """The sample deck at *path* grown to *size* Main Deck cards (v1.3 103.2 sets a minimum
    of 40 and no maximum): cards the engine supports, of the Legend's domain identity, with
    no supertype (no champion, signature or token), taken in catalog id order, at most 3 copies
    each (103.2.b); the result must pass the deck rules (``validate_deck``)."""
    from riftlog.cards import read_deck, validate_deck
    from riftlog.cards.catalog import load_catalog
    from riftlog.cards.decks import DeckEntry

    catalog = load_catalog()
    deck = read_deck(path)
    identity = set(catalog.get(deck.legend).domains)
    names = {catalog.get(e.card_id).name for e in deck.main} | {catalog.get(deck.champion).name}
    main = list(deck.main)
    count = deck.main_count
    for card in sorted(catalog, key=lambda c: c.id):
        if count >= size:
            break
        if (card.type not in ("Unit", "Spell", "Gear") or card.supertype is not None
                or card.name in names or not set(card.domains) <= identity
                or not card.supported or card.is_unique):
            continue
        entry = DeckEntry(card.id, min(3, size - count))
        if validate_deck(dataclasses.replace(deck, main=(*main, entry)), mode):
            continue
        main.append(entry)
        names.add(card.name)
        count += entry.count
    grown = dataclasses.replace(deck, main=tuple(main))
    problems = validate_deck(grown, mode)
    if problems or count < size:
        raise ValueError(f"{path.name} cannot grow to {size} cards: {problems or count}")
    return grown


def record_long_game(store: EventStore, keeper: SeedKeeper, mode: str = "ffa4", seed: int = 5,
                     cap: int = 6000, deck_size: int = LONG_DECK,
                     snapshot_every: int | None = None, seal: bool = True) -> str:
    """A real engine game made long by its players' style and their decks, not by forging
    events: nobody ever moves (or plays) a unit to a battlefield, so nobody conquers or
    holds (no points from battlefields) and the game runs until Burn Outs decide it (v1.3
    431); a player who burns out gives the point to the opponent with the fewest points
    (431.2.c), so the points stay even.  Such a game lasts about one pass through the Main
    Decks, so the sample decks are grown to *deck_size* cards (:func:`long_deck`; 40 gives
    ~1,000 events in FFA4, 64 ~2,700).  Every decision is a random legal one the engine
    judged (strict recording); the game ends with a winner (or stops after *cap* events).
    Deterministic from *seed* (for one engine version)."""
    from riftlog.events.payloads import PlayerSpec
    from riftlog.rules import bot, engine

    decks = sorted(DECKS.glob("*.txt"))
    n = {"duel": 2, "ffa3": 3, "ffa4": 4, "2v2": 4}[mode]
    players = [PlayerSpec(id=f"p{k + 1}", name=f"P{k + 1}",
                          team=("A", "B")[k % 2] if mode == "2v2" else None,
                          deck=long_deck(decks[(seed + k) % 4], deck_size, mode).to_spec())
               for k in range(n)]
    gid = f"long-{mode}-{seed}-{deck_size}"
    rec = create_game(store, gid, mode=mode, seed=f"bench-{gid}", keeper=keeper, players=players,
                      snapshot_every=snapshot_every)
    rng = random.Random(seed)
    while not rec.state.is_over() and rec.seq < cap:
        reqs = engine.pending(rec.state)
        if not reqs:
            break
        req = reqs[0]
        if req.player is None:
            rec.record(bot.random_outcome(rec.state, req, rng))
            continue

        def policy(c: Any, req: Any = req) -> bool:
            if c.type == "BurnOutPointGiven":
                pts = {o: rec.state.players[o].points for o in req.options["opponents"]}
                return bool(pts[c.opponent] == min(pts.values()))
            return _homebody(c)

        try:
            decision = bot.choose(rec.state, rng, policy=policy)
        except UnsupportedRule:
            break  # the engine offers this player nothing it can carry out: the game stops
        rec.record(decision)
    rec.finish(seal=seal)
    return gid


def chess_games(n_games: int) -> list[str]:
    import chess
    import chess.pgn

    pgns = []
    for seed in range(n_games):
        rng = random.Random(seed)
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 120:
            board.push(rng.choice(list(board.legal_moves)))
        pgns.append(str(chess.pgn.Game.from_board(board)))
    return pgns


def _chess_read_game(text: str) -> int:
    """python-chess re-validating one PGN game with ``chess.pgn.read_game`` alone: it
    parses every SAN move against the legal moves of the position and plays it (a move
    that is not legal there is an error), which is the whole re-validation."""
    import chess.pgn

    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and not game.errors, "a PGN game of the benchmark is not legal"
    return int(game.end().ply())


def chess_moves(pgns: list[str]) -> list[list[Any]]:
    """The moves of each PGN game, parsed beforehand (for the engine-alone baseline)."""
    import chess.pgn

    games = [chess.pgn.read_game(io.StringIO(text)) for text in pgns]
    return [list(g.mainline_moves()) for g in games if g is not None]


def _chess_engine(moves: list[Any]) -> int:
    """python-chess's engine alone on pre-parsed moves: ``is_legal`` then ``push`` each
    (what riftlog's check + apply of pre-decoded payloads is compared with)."""
    import chess

    board = chess.Board()
    for move in moves:
        assert board.is_legal(move)
        board.push(move)
    return len(moves)


def _engine_game(payloads: list[Any]) -> int:
    """``engine.check`` + ``engine.apply_in_place`` of every decision and outcome of one
    game (payloads decoded beforehand), sharing one :class:`~riftlog.rules.engine.Shared`
    between them as the replayer does."""
    from riftlog.events.decisions import RandomOutcome
    from riftlog.events.payloads import GameCreated
    from riftlog.rules import engine

    created = payloads[0]
    assert isinstance(created, GameCreated)
    state = engine.new_game(created)
    decisions = 0
    for p in payloads[1:]:
        if isinstance(p, RandomOutcome) or type(p).IS_DECISION:
            shared = engine.Shared()  # as the replayer does: apply reuses what check computed
            engine.check(state, p, shared)
            engine.apply_in_place(state, p, shared)
            decisions += 1
    return decisions


def _replay_one(store: EventStore, gid: str) -> int:
    """The replayer re-judging one stored game: read + verify the hash chain, check and
    apply every decision, a state hash per seq, verdicts (and its stored snapshots)."""
    rep = replay_game(store, gid, refresh_snapshots=False)
    return sum(1 for v in rep.verdicts if v.category in ("decision", "outcome"))


def revalidation_figure(store: EventStore, ids: list[str], pgns: list[str], rounds: int = 5) -> str:
    """The re-validation lines, like for like.

    * riftlog's replayer on a stored game (read, verify the chain, decode, check + apply
      every decision, per-seq hash, verdicts) against python-chess's ``read_game`` on a
      PGN game (parse, resolve each SAN move against the legal moves, play it);
    * riftlog's engine alone (check + apply of payloads decoded beforehand) against
      python-chess's engine alone (``is_legal`` + ``push`` of moves parsed beforehand).

    The box is shared and its load changes by the second, so the four sides are timed
    interleaved game by game (chunk = one game of each side), *rounds* times; each game
    keeps its median time per side, the rates are totals over those medians, and the
    ratios compare sides measured under the same load.  The median of the per-chunk
    ratios is printed too: when it differs much from the ratio of totals, the run was
    noisy."""
    games = [[ev.decoded() for ev in store.read(gid)] for gid in ids]
    moves = chess_moves(pgns)
    sides: dict[str, tuple[Callable[..., int], list[tuple[Any, ...]]]] = {
        "ours": (_replay_one, [(store, gid) for gid in ids]),
        "read_game": (_chess_read_game, [(p,) for p in pgns]),
        "bare": (_engine_game, [(g,) for g in games]),
        "chess_engine": (_chess_engine, [(m,) for m in moves]),
    }
    times: dict[str, list[list[float]]] = {k: [[] for _ in ids] for k in sides}
    cpu: dict[str, list[list[float]]] = {k: [[] for _ in ids] for k in sides}
    counts: dict[str, list[int]] = {k: [0] * len(ids) for k in sides}
    for _ in range(rounds):
        for i in range(len(ids)):
            for side, (run, args) in sides.items():
                c, t = time.process_time(), time.perf_counter()
                counts[side][i] = run(*args[i])
                times[side][i].append(time.perf_counter() - t)
                cpu[side][i].append(time.process_time() - c)
    med = {k: [statistics.median(ts) for ts in v] for k, v in times.items()}
    rate = {k: sum(counts[k]) / sum(med[k]) for k in sides}
    cpu_rate = {k: sum(counts[k]) / sum(statistics.median(ts) for ts in cpu[k]) for k in sides}

    def chunk_ratio(a: str, b: str) -> float:
        return statistics.median((counts[a][i] / med[a][i]) / (counts[b][i] / med[b][i])
                                 for i in range(len(ids)))

    full, bare = rate["ours"] / rate["read_game"], rate["bare"] / rate["chess_engine"]
    return (
        f"re-validation ({len(ids)} bot games, {sum(counts['ours'])} decisions; {len(pgns)} "
        f"random PGN games, {sum(counts['read_game'])} plies; median of {rounds} interleaved "
        f"rounds per game):\n"
        f"  full: riftlog replay_game {rate['ours']:,.0f} decisions/s vs python-chess "
        f"read_game alone {rate['read_game']:,.0f} plies/s -> {full:.3f}x "
        f"(median per-game ratio {chunk_ratio('ours', 'read_game'):.3f}x; target >= 0.2x: "
        f"{'met' if full >= 0.2 else 'NOT met'})\n"
        f"  engine alone: riftlog check + apply_in_place {rate['bare']:,.0f} decisions/s vs "
        f"python-chess is_legal + push {rate['chess_engine']:,.0f} plies/s -> {bare:.3f}x "
        f"(median per-game ratio {chunk_ratio('bare', 'chess_engine'):.3f}x)\n"
        f"  [CPU time (this process): full {cpu_rate['ours'] / cpu_rate['read_game']:.3f}x, "
        f"engine alone {cpu_rate['bare'] / cpu_rate['chess_engine']:.3f}x]")


_TABLE: type | None = None


def _table_class() -> type:
    """An eventsourcing aggregate standing for a game (defined once: topics are global)."""
    global _TABLE
    if _TABLE is None:
        from eventsourcing.domain import Aggregate, event

        class Table(Aggregate):  # type: ignore[misc]
            def __init__(self) -> None:
                self.turn = 0
                self.log: list[str] = []

            @event("Decided")  # type: ignore[misc]
            def decide(self, player: str, what: str) -> None:
                self.turn += 1
                self.log.append(what)

        _TABLE = Table
    return _TABLE


@contextlib.contextmanager
def es_rebuilder(n_events: int, every: int = 0) -> Iterator[Callable[[int], object]]:
    """An eventsourcing application (SQLite) holding one aggregate of *n_events* events;
    yields a function rebuilding it at a version: with *every* > 0, from eventsourcing's
    own snapshots taken every *every* versions (``take_snapshot``; ``repository.get``
    starts from the newest snapshot at or before the version, as riftlog's seek does),
    else from the first event."""
    from eventsourcing.application import Application

    with tempfile.TemporaryDirectory() as tmp:
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
               "SQLITE_DBNAME": str(Path(tmp) / "es.db")}
        if every:
            env["IS_SNAPSHOTTING_ENABLED"] = "y"
        app = Application(env=env)
        agg = _table_class()()
        for i in range(n_events - 1):
            agg.decide("p1", f"d{i}")
        app.save(agg)
        for v in range(every, n_events + 1, every) if every else ():
            app.take_snapshot(agg.id, version=v)
        yield lambda v: app.repository.get(agg.id, version=min(v, n_events))


def _interleaved(fns: list[tuple[Callable[[int], object], list[int]]]
                 ) -> tuple[list[float], list[float]]:
    """Median wall time and median CPU time (this process's) of each function over its
    arguments, the functions taking turns call by call (the box is shared: load changes
    within seconds, so each ratio compares calls made under the same load; on a heavily
    loaded box a longer call is preempted more often than a short one, which wall time
    charges to it and CPU time does not)."""
    wall: list[list[float]] = [[] for _ in fns]
    cpu: list[list[float]] = [[] for _ in fns]
    for i in range(max(len(a) for _, a in fns)):
        for k, (fn, args) in enumerate(fns):
            if i < len(args):
                c, t = time.process_time(), time.perf_counter()
                fn(args[i])
                wall[k].append(time.perf_counter() - t)
                cpu[k].append(time.process_time() - c)
    return [statistics.median(ts) for ts in wall], [statistics.median(ts) for ts in cpu]


def _snapshot_bytes(store: EventStore, gid: str) -> tuple[int, int]:
    from sqlalchemy import text

    with store.engine.connect() as conn:
        n, size = conn.execute(text("SELECT count(*), coalesce(sum(length(state_json)), 0) "
                                    "FROM snapshots WHERE game_id = :g"), {"g": gid}).one()
    return int(n), int(size)


def _keep_snapshots_every(store: EventStore, gid: str, every: int) -> None:
    from sqlalchemy import text

    with store.engine.begin() as conn:
        conn.execute(text("DELETE FROM snapshots WHERE game_id = :g AND seq % :n != 0"),
                     {"g": gid, "n": every})


def scrub_seqs(last: int, n: int, seed: int = 3) -> list[int]:
    """*n* seqs of a viewer scrubbing a game of *last* events (issue 26, SEEK): back and
    forth within 12 seqs of a point that drifts by up to 2 a seek, now and then (1 in 20)
    a jump elsewhere."""
    rng = random.Random(seed)
    centre, out = rng.randint(1, last), []
    for _ in range(n):
        if rng.random() < 0.05:
            centre = rng.randint(1, last)
        centre = max(1, min(last, centre + rng.randint(-2, 2)))
        out.append(max(1, min(last, centre + rng.randint(-12, 12))))
    return out


def seek_figure(store: EventStore, keeper: SeedKeeper, mode: str, seed: int, spacings: str,
                deck_size: int = LONG_DECK, n_seeks: int = 100, cap: int = 6000) -> str:
    """The seek lines: record the long game (no snapshots while recording), replay it (every
    event must be judged legal); then for each snapshot spacing of *spacings* (finest
    first, each a multiple of the previous: the snapshots are thinned between rows), the
    median ``state_at`` at *n_seeks* random seqs against eventsourcing rebuilding an
    aggregate of the same length at the same versions, with its own snapshots at the same
    spacing, and (a second baseline) without snapshots.  Calls are interleaved one by one
    (:func:`_interleaved`), riftlog with one baseline at a time (each pair in a pass of its
    own), so every ratio compares calls made under the same load."""
    t = time.perf_counter()
    longest = record_long_game(store, keeper, mode, seed, snapshot_every=0, deck_size=deck_size,
                               cap=cap)
    rec_long = time.perf_counter() - t
    n_ev = store.game(longest).last_seq
    summary = replay_game(store, longest, refresh_snapshots=False)
    res = summary.result
    payload_mb = _event_bytes(store, longest) / 1e6
    lines = [
        f"long game {longest}: {n_ev} events (payloads {payload_mb:.2f} MB), {res.get('turn')} "
        f"turns, winner {res.get('winner')} ({res.get('end_reason')}), points "
        f"{res.get('points')}, verdicts {summary.counts()} (recorded in {rec_long:.1f} s)"]
    rng = random.Random(1)
    seeks = [rng.randint(1, n_ev) for _ in range(n_seeks)]
    intervals = [int(x) for x in spacings.split(",") if x.strip()]
    with es_rebuilder(n_ev) as es_plain:
        for k, every in enumerate(intervals):
            if k == 0:
                write_snapshots(store, longest, every=every)
            _keep_snapshots_every(store, longest, every)
            count, size = _snapshot_bytes(store, longest)
            with es_rebuilder(n_ev, every) as es_snap:
                # each baseline in a pass of its own with riftlog: a 40 ms rebuild without
                # snapshots between two 1 ms seeks evicts both sides' caches and slows both
                # (riftlog, with the larger working set, the more)
                (ours, es_s), (c_ours, c_es_s) = _interleaved([
                    (lambda s: state_at(store, longest, s), seeks), (es_snap, seeks)])
                (ours_p, es_p), (c_ours_p, c_es_p) = _interleaved([
                    (lambda s: state_at(store, longest, s), seeks), (es_plain, seeks)])
                steps = list(range(n_ev // 3, min(n_ev, n_ev // 3 + n_seeks)))
                (st_ours, st_es), (c_st_ours, c_st_es) = _interleaved([
                    (lambda s: state_at(store, longest, s), steps), (es_snap, steps)])
                scrub = scrub_seqs(n_ev, n_seeks)
                (sc_ours, sc_es), (c_sc_ours, c_sc_es) = _interleaved([
                    (lambda s: state_at(store, longest, s), scrub), (es_snap, scrub)])
            lines.append(
                f"scrub (seeks within 12 seqs of a drifting point, {len(scrub)} seeks), snapshots "
                f"every {every}: riftlog median {sc_ours * 1000:.2f} ms vs eventsourcing "
                f"{sc_es * 1000:.2f} ms -> {sc_ours / sc_es:.2f}x [CPU time "
                f"{c_sc_ours * 1000:.2f} ms vs {c_sc_es * 1000:.2f} ms -> "
                f"{c_sc_ours / c_sc_es:.2f}x]")
            lines.append(
                f"step (seq after seq, {len(steps)} steps), snapshots every {every}: riftlog "
                f"median {st_ours * 1000:.2f} ms vs eventsourcing {st_es * 1000:.2f} ms -> "
                f"{st_ours / st_es:.2f}x [CPU time {c_st_ours * 1000:.2f} ms vs "
                f"{c_st_es * 1000:.2f} ms -> {c_st_ours / c_st_es:.2f}x]")
            lines.append(
                f"seek, snapshots every {every} ({count} snapshots, {size / 1e6:.2f} MB): riftlog "
                f"state_at median {ours * 1000:.2f} ms; eventsourcing {n_ev}-event aggregate "
                f"with snapshots every {every}: {es_s * 1000:.2f} ms -> {ours / es_s:.2f}x "
                f"(target <= 1x: {'met' if ours <= es_s else 'NOT met'}); without snapshots "
                f"(a pass of its own: riftlog {ours_p * 1000:.2f} ms): {es_p * 1000:.2f} ms -> "
                f"{ours_p / es_p:.3f}x; [CPU time: {c_ours * 1000:.2f} ms "
                f"vs {c_es_s * 1000:.2f} ms -> {c_ours / c_es_s:.2f}x; without snapshots "
                f"{c_ours_p * 1000:.2f} ms vs {c_es_p * 1000:.2f} ms -> {c_ours_p / c_es_p:.3f}x]")
    return "\n".join(lines)


def _event_bytes(store: EventStore, gid: str) -> int:
    from sqlalchemy import text

    with store.engine.connect() as conn:
        return int(conn.execute(text("SELECT coalesce(sum(length(payload)), 0) FROM events "
                                     "WHERE game_id = :g"), {"g": gid}).scalar_one())


def storage_figure(store: EventStore, path: Path, ids: list[str]) -> str:
    """The storage line: the store holding *ids* (real bot games recorded through the
    recorder with riftlog's live snapshot spacing, then sealed: thinned to one snapshot per
    ``SEALED_SNAPSHOT_EVERY`` seqs plus the last), its file size after ``VACUUM`` per event
    against the event payloads' bytes per event; and what the snapshots and the event rows
    hold."""
    from sqlalchemy import text

    with store.engine.connect() as conn:
        events, payload, rows = conn.execute(text(
            "SELECT count(*), sum(length(payload)), sum(length(payload) + coalesce(length(hash), "
            "0) + coalesce(length(prev_hash), 0) + coalesce(length(digest), 0) + length(type) + "
            "length(recorded_at) + coalesce(length(actor), 0) + "
            "coalesce(length(client_event_id), 0)) FROM events")).one()
        n_snap, snap = conn.execute(text(
            "SELECT count(*), coalesce(sum(length(state_json) + coalesce(length(proof), 0)), 0) "
            "FROM snapshots")).one()
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("VACUUM")
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages = dict(raw.execute(
        "SELECT CASE WHEN tbl_name = 'events' THEN 'events' WHEN tbl_name = 'snapshots' "
        "THEN 'snapshots' ELSE 'other' END, sum(pgsize) FROM dbstat JOIN sqlite_master "
        "ON dbstat.name = sqlite_master.name GROUP BY 1").fetchall())
    # where the bytes go: each table and index of the events and snapshots (dbstat pages)
    each = raw.execute(
        "SELECT dbstat.name, sum(pgsize) FROM dbstat JOIN sqlite_master ON dbstat.name = "
        "sqlite_master.name WHERE tbl_name IN ('events', 'snapshots') GROUP BY 1 "
        "ORDER BY 2 DESC").fetchall()
    raw.close()
    size = path.stat().st_size
    per, pay = size / events, payload / events
    ev_pages, snap_pages = pages.get("events", 0) / events, pages.get("snapshots", 0) / events
    parts = ", ".join(f"{name} {n / events:,.0f}" for name, n in each)
    return (f"storage: {len(ids)} sealed bot games, {events:,} events, {n_snap} snapshots "
            f"(sealed: one per {SEALED_SNAPSHOT_EVERY} seqs + the last): store file "
            f"{size / 1e6:.2f} MB = {per:,.0f} bytes/event vs payloads {pay:,.0f} bytes/event "
            f"-> {per / pay:.2f}x (aim <= 3x: {'met' if per <= 3 * pay else 'NOT met'}); pages: "
            f"events table + its indexes {ev_pages:,.0f} B/event ({ev_pages / pay:.2f}x the "
            f"payloads; their columns alone {rows / events:,.0f} B/event), snapshots "
            f"{snap_pages:,.0f} B/event ({snap / events:,.0f} B/event of text and proofs), "
            f"the rest {(size - pages.get('events', 0) - pages.get('snapshots', 0)) / events:,.0f}"
            f" B/event; per table and index, B/event: {parts}")


def live_figure(store: EventStore, keeper: SeedKeeper, n_games: int) -> str:
    """The live line: ``Recorder.record()`` latency over *n_games* bot duels recorded with
    riftlog's defaults (strict mode: check, apply, append in one transaction with the
    snapshot when one is due, the seeded outcomes drawn, a snapshot every
    ``snapshot_every()`` events); the bot's choice is not timed.  The baseline, interleaved
    call by call: ``EventStore.append`` of one note (a validated, hash-chained, committed
    event, no rules) into a game of its own.

    Each game is also recorded a second time, call by call beside the first (same seed, same
    decisions; the two take turns going first), with the snapshot written as before issue
    26 (after the append, in a transaction of its own): the records that wrote a snapshot
    are compared between the two."""
    from riftlog.events import Actor, NewEvent
    from riftlog.events.payloads import NoteAdded
    from riftlog.rules import bot, engine

    decks = sorted(DECKS.glob("*.txt"))
    store.create_game("live-notes", "duel", "v1.3", "2026-03", "bench")
    judge = Actor.judge("judge-1")
    note = NoteAdded(author="judge-1", text="a ruling was asked for and given")
    ours: list[float] = []
    notes: list[float] = []
    snap_in: list[float] = []
    snap_apart: list[float] = []
    for i in range(n_games):
        players = [player_from_deck("p1", "A", decks[i % 4]),
                   player_from_deck("p2", "B", decks[(i + 1) % 4])]
        rec = create_game(store, f"live{i}", mode="duel", seed=f"bench-live{i}", keeper=keeper,
                          players=players)
        apart = create_game(store, f"live{i}-apart", mode="duel", seed=f"bench-live{i}",
                            keeper=keeper, players=players)
        apart._due_snapshot = lambda *_a: None  # type: ignore[method-assign]  # the old path
        every = rec.snapshot_every
        rng = random.Random(i)
        while not rec.state.is_over() and rec.state.turn <= 100:
            reqs = engine.pending(rec.state)
            if not reqs:
                break
            try:
                decision = (bot.random_outcome(rec.state, reqs[0], rng) if reqs[0].player is None
                            else bot.choose(rec.state, rng))
            except UnsupportedRule:
                break
            before = rec.seq
            took = {}
            # the two take turns going first (the first after the bot's choice is slower)
            for which in ((rec, apart) if len(ours) % 2 else (apart, rec)):
                t = time.perf_counter()
                which.record(decision)
                took[id(which)] = time.perf_counter() - t
            ours.append(took[id(rec)])
            if every > 0 and rec.seq // every > before // every:
                snap_in.append(took[id(rec)])
                snap_apart.append(took[id(apart)])
            t = time.perf_counter()
            store.append("live-notes", [NewEvent.of(note, actor=judge)], len(notes))
            notes.append(time.perf_counter() - t)
        rec.finish()
        apart.finish()
    ours.sort()
    notes.sort()
    med, p99 = statistics.median(ours), ours[int(0.99 * (len(ours) - 1))]
    n_med = statistics.median(notes)
    s_in, s_apart = statistics.median(snap_in), statistics.median(snap_apart)
    return (f"live: Recorder.record() over {len(ours)} decisions of {n_games} bot duels: median "
            f"{med * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms; EventStore.append of a note, "
            f"interleaved: median {n_med * 1000:.2f} ms, p99 "
            f"{notes[int(0.99 * (len(notes) - 1))] * 1000:.2f} ms -> record() median "
            f"{med / n_med:.1f}x a note's; the {len(snap_in)} records that wrote a snapshot: "
            f"median {s_in * 1000:.2f} ms with it in the append's transaction vs "
            f"{s_apart * 1000:.2f} ms in a transaction of its own (the same decisions, "
            f"interleaved) -> {s_in / s_apart:.2f}x")


def clone_games(path: Path, sources: list[str], n: int, prefix: str) -> None:
    """*n* sealed games made of the events of *sources* (round robin) under new ids, written
    straight into the SQLite file at *path*: each copy's rows are the source's with the new
    game id and its own hash chain, recomputed with riftlog's codec (the game id is hashed),
    and its games row sealed at the new head; no client event ids, no snapshots.  Cheap
    stand-ins for *n* recorded games (recording 10,000 bot games takes an hour on 2 cores;
    copying through ``create_game`` ~10 minutes); the bulk run verifies every chain and
    judges every event, so a bad copy would show as a game not judged."""
    from riftlog.store.codec import body_text, event_digest

    cols = ("id, match_id, game_number, mode, rules_edition, catalog_version, engine_version, "
            "status, last_seq, last_hash, seal_hash, sealed_at, created_at")
    conn = sqlite3.connect(path, isolation_level=None)
    games = {g: conn.execute(f"SELECT {cols} FROM games WHERE id = ?", (g,)).fetchone()
             for g in sources}
    rows = {g: conn.execute("SELECT seq, type, schema_version, actor, payload, recorded_at "
                            "FROM events WHERE game_id = ? ORDER BY seq", (g,)).fetchall()
            for g in sources}
    conn.execute("BEGIN IMMEDIATE")
    for i in range(n):
        src = sources[i % len(sources)]
        gid = f"{prefix}{i}"
        prev, out = "0" * 64, []
        for seq, type_, version, actor, payload, stamp in rows[src]:
            d = event_digest(prev, body_text(gid, seq, type_, version, actor, payload, None,
                                             stamp).encode())
            out.append((gid, seq, type_, version, actor, payload, None, stamp, d))
            prev = d.hex()
        g = games[src]
        conn.execute(f"INSERT INTO games ({cols}) VALUES (?, ?, ?, ?, ?, ?, ?, 'sealed', ?, ?, ?, "
                     "?, ?)", (gid, *g[1:7], len(out), prev, prev, g[11], g[12]))
        conn.executemany(
            "INSERT INTO events (game_id, seq, type, schema_version, actor, payload, "
            "client_event_id, recorded_at, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            out)  # lean rows, as riftlog appends them (migration 0008)
        if i % 500 == 499:
            conn.execute("COMMIT")
            conn.execute("BEGIN IMMEDIATE")
    conn.execute("COMMIT")
    conn.close()


def _rss_kb() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() // 1024


def _bulk_run(db: str, jobs: int) -> dict[str, float]:
    """The bulk figure, in a process of its own (so that its memory is its own): riftlog's
    bulk judging (:func:`riftlog.bulk.judge_games`, as ``riftlog replay --all --jobs N``
    runs it: game ids streamed from the store, each game verified, then replayed with
    verdicts, *jobs* worker processes).  Returns games and events judged, games not
    judged, this process's resident memory after a tenth of the games and at the end, its
    peak and the largest worker's (KB), the wall time and the CPU seconds of all."""
    from riftlog.bulk import JudgeOptions, judge_games

    events = bad = games = 0
    opts = JudgeOptions(notable_only=True, refresh_snapshots=False)
    t = time.perf_counter()
    with EventStore.open(db) as store:
        total = store.game_count()
        early = 0
        for judged in judge_games(store, store.game_ids(), opts, jobs=jobs):
            games += 1
            if judged.report is None:
                bad += 1
            else:
                events += sum(judged.report["counts"].values())
            if games == max(1, total // 10):
                early = _rss_kb()
    wall = time.perf_counter() - t
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"games": games, "events": events, "bad": bad, "early_kb": early, "end_kb": _rss_kb(),
            "driver_kb": me.ru_maxrss, "worker_kb": kids.ru_maxrss, "wall": wall,
            "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime}


def bulk_figure(db: str, jobs: int) -> str:
    with ProcessPoolExecutor(1, mp_context=mp.get_context("spawn")) as driver:
        r = driver.submit(_bulk_run, db, jobs).result()
    return (
        f"bulk: riftlog.bulk.judge_games (riftlog replay --all --jobs {jobs}) verified and "
        f"replayed {r['games']:,.0f} stored games ({r['events']:,.0f} events, {r['bad']:.0f} not "
        f"judged) in {r['wall']:.1f} s: {r['games'] / r['wall']:.0f} games/s on {jobs} workers, "
        f"{r['games'] / r['cpu']:.1f} games per CPU-second (all processes: per core, whatever "
        f"the load); driver memory {r['early_kb'] / 1024:.0f} MB after a tenth of the games, "
        f"{r['end_kb'] / 1024:.0f} MB at the end (peak {r['driver_kb'] / 1024:.0f} MB), largest "
        f"worker peak {r['worker_kb'] / 1024:.0f} MB")


def _record_chunk(args: tuple[str, str, int, int]) -> int:
    db, secrets, start, n = args
    with EventStore.open(db) as store:
        return len(record_games(store, SeedKeeper(Path(secrets)), n, f"bulk{start}-"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help="a quick run: fewer games, a shorter long game (~1,000 events), "
                         "1,000 games for the bulk line")
    ap.add_argument("--only", default="revalidate,live,storage,seek,bulk",
                    help="the lines to run, comma-separated (revalidate, live, storage, seek, "
                         "bulk)")
    ap.add_argument("--games", type=int, default=None,
                    help="stored games for the bulk line (10,000; quick: 1,000)")
    ap.add_argument("--revalidate", type=int, default=None,
                    help="bot games for re-validation and storage (50; quick: 12)")
    ap.add_argument("--long-mode", default="ffa4", help="mode of the long game for the seek")
    ap.add_argument("--long-seed", type=int, default=5, help="seed of the long game")
    ap.add_argument("--spacings", default=f"5,{SEALED_SNAPSHOT_EVERY}",
                    help="snapshot spacings of the seek lines, finest first, each a multiple "
                         "of the previous (default: riftlog's live and sealed spacings)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes of the bulk line")
    args = ap.parse_args()
    only = {x.strip() for x in args.only.split(",")}
    n_rv = args.revalidate or (12 if args.quick else 50)
    n_bulk = args.games or (1000 if args.quick else 10_000)
    print(f"riftlog build: {build_info()}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        store = EventStore.open(str(db), check=False, create=True)
        store.upgrade()
        keeper = SeedKeeper(Path(tmp) / "secrets")
        ids = record_games(store, keeper, n_rv, "rv") if only - {"seek"} else []
        if "revalidate" in only:
            print(revalidation_figure(store, ids, chess_games(len(ids)),
                                      rounds=3 if args.quick else 5), flush=True)
        if "storage" in only:  # before the live line adds its games and notes
            print(storage_figure(store, db, ids), flush=True)
        if "live" in only:
            print(live_figure(store, keeper, 4 if args.quick else 12), flush=True)
        if "seek" in only:
            print(seek_figure(store, keeper, args.long_mode, args.long_seed, args.spacings,
                              cap=1000 if args.quick else 6000,
                              n_seeks=40 if args.quick else 100), flush=True)
        if "bulk" in only:
            bulk_db = Path(tmp) / "bulk.db"
            with EventStore.open(str(bulk_db), check=False, create=True) as bulk:
                bulk.upgrade()
                t = time.perf_counter()
                src = record_games(bulk, SeedKeeper(Path(tmp) / "bulk-secrets"), 8, "src")
            clone_games(bulk_db, src, n_bulk - len(src), "bulk")
            made = time.perf_counter() - t
            print(f"(bulk store: {n_bulk:,} games made in {made:.0f} s)", flush=True)
            print(bulk_figure(str(bulk_db), args.jobs))
        store.close()


if __name__ == "__main__":
    sys.exit(main())
