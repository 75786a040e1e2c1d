"""Replay speed of riftlog, each figure a ratio to a baseline measured in the same run.

* **re-validation**: decisions per second when the replayer re-judges bot games played
  with the sample decks (read + verify the hash chain, check and apply every decision,
  per-seq state hashes, verdicts), against python-chess re-validating as many random PGN
  games (plies per second).  Target: at least 0.5x.  The sides are timed interleaved,
  game by game, 3 times, each game's fastest time kept (the box is shared: both sides see
  the same load; :func:`revalidation_figure`).  For scale, the line also gives the engine
  alone: ``engine.check`` + ``engine.apply_in_place`` over the same payloads.
* **seek**: median time to rebuild the state at a random seq of a real game of 2,000+
  events (stored snapshots every ``--snapshot-every`` events, riftlog's default unless
  given), against the ``eventsourcing`` library rebuilding an aggregate of 2,000 events
  (and one of the same length as our game) without snapshots.  Target: at most 0.1x.  Bot
  games end with a winner at ~150 events, so the long game is played by a policy
  (:func:`record_long_game`): FFA4 players who never move units to battlefields, so nobody
  scores by battlefields and Burn Outs decide the game (431), with 64-card decks (103.2
  sets no maximum), ~2,700 events; the replayer must judge every event legal.  A second
  line trades snapshot storage for seek speed (``--tradeoff``).
* **bulk**: verify and replay N stored games with riftlog's own bulk judging
  (:func:`riftlog.bulk.judge_games`, what ``riftlog replay --all`` runs) on 2 worker
  processes, streaming game by game; peak memory (the driving process plus both workers,
  each at its peak) must stay under 300 MB.

Run: ``python benchmarks/replay.py [--games 1000] [--revalidate 50] [--seek-only]
[--revalidate-only]``.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import multiprocessing as mp
import random
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from riftlog.errors import UnsupportedRule
from riftlog.recorder import create_game, play_bot, player_from_deck
from riftlog.reducer import snapshot_every, state_at, write_snapshots
from riftlog.replay import replay_game
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore

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
                     snapshot_every: int | None = None) -> str:
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

        rec.record(bot.choose(rec.state, rng, policy=policy))
    rec.finish()
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


def _chess_game(text: str) -> int:
    """python-chess re-validating one PGN game: parse it, check and play every move."""
    import chess.pgn

    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None
    board = game.board()
    plies = 0
    for move in game.mainline_moves():
        assert board.is_legal(move)
        board.push(move)
        plies += 1
    return plies


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


def revalidation_figure(store: EventStore, ids: list[str], pgns: list[str], rounds: int = 3) -> str:
    """The re-validation line.  The box is shared and its load changes by the second, so
    the sides are timed interleaved game by game (our game i, chess game i, our engine
    alone on game i, then i + 1 ...), *rounds* times; each game keeps its fastest time per
    side and the sides' totals are compared: both measured under the same load."""
    games = [[ev.decoded() for ev in store.read(gid)] for gid in ids]
    best: dict[str, list[float]] = {k: [float("inf")] * len(ids) for k in ("ours", "chess", "bare")}
    counts: dict[str, list[int]] = {k: [0] * len(ids) for k in best}
    for _ in range(rounds):
        for i, gid in enumerate(ids):
            sides: tuple[tuple[str, Any, tuple[Any, ...]], ...] = (
                ("ours", _replay_one, (store, gid)), ("chess", _chess_game, (pgns[i],)),
                ("bare", _engine_game, (games[i],)))
            for side, run, args in sides:
                t = time.perf_counter()
                counts[side][i] = run(*args)
                best[side][i] = min(best[side][i], time.perf_counter() - t)
    n_dec, plies, n_bare = sum(counts["ours"]), sum(counts["chess"]), sum(counts["bare"])
    ours, theirs = n_dec / sum(best["ours"]), plies / sum(best["chess"])
    bare = n_bare / sum(best["bare"])
    return (f"re-validation: riftlog {ours:,.0f} decisions/s ({n_dec} decisions, {len(ids)} games); "
            f"python-chess {theirs:,.0f} plies/s ({plies} plies, {len(pgns)} PGN games); "
            f"ratio {ours / theirs:.2f}x (target >= 0.5x); "
            f"[engine alone: {bare:,.0f} decisions/s, {bare / theirs:.2f}x]")


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
def es_rebuilder(n_events: int) -> Iterator[Callable[[int], object]]:
    """An eventsourcing application (SQLite) holding one aggregate of *n_events* events;
    yields a function rebuilding it at a version (no snapshots)."""
    from eventsourcing.application import Application

    with tempfile.TemporaryDirectory() as tmp:
        app = Application(
            env={
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(Path(tmp) / "es.db"),
            }
        )
        agg = _table_class()()
        for i in range(n_events - 1):
            agg.decide("p1", f"d{i}")
        app.save(agg)
        yield lambda v: app.repository.get(agg.id, version=min(v, n_events))


def _interleaved(fns: list[tuple[Callable[[int], object], list[int]]]) -> list[float]:
    """Median time of each function over its arguments, the functions taking turns call by
    call (the box is shared: load changes within seconds, so each ratio compares calls made
    under the same load)."""
    times: list[list[float]] = [[] for _ in fns]
    for i in range(max(len(a) for _, a in fns)):
        for k, (fn, args) in enumerate(fns):
            if i < len(args):
                t = time.perf_counter()
                fn(args[i])
                times[k].append(time.perf_counter() - t)
    return [statistics.median(ts) for ts in times]


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


def seek_figure(store: EventStore, keeper: SeedKeeper, mode: str, seed: int, every: int,
                tradeoff: str = "") -> str:
    """The seek lines: record the long game (no snapshots while recording), replay it (every
    event must be judged legal), store snapshots every *every* events, time state_at at 60
    random seqs against the eventsourcing baselines; then, for each interval of *tradeoff*
    (finest first), the median seek and the snapshot bytes it costs."""
    t = time.perf_counter()
    longest = record_long_game(store, keeper, mode, seed, snapshot_every=0)
    rec_long = time.perf_counter() - t
    n_ev = store.game(longest).last_seq
    summary = replay_game(store, longest, refresh_snapshots=False)
    res = summary.result
    lines = [
        f"long game {longest}: {n_ev} events, {res.get('turn')} turns, winner "
        f"{res.get('winner')} ({res.get('end_reason')}), points {res.get('points')}, "
        f"verdicts {summary.counts()} (recorded in {rec_long:.1f} s)"]
    rng = random.Random(1)
    seeks = [rng.randint(1, n_ev) for _ in range(60)]
    es_seeks = [rng.randint(1, 2000) for _ in range(60)]
    write_snapshots(store, longest, every=every)
    n_snap, snap_bytes = _snapshot_bytes(store, longest)
    with es_rebuilder(2000) as es_get, es_rebuilder(n_ev) as es_same_get:
        ours_seek, es2000, es_same = _interleaved([
            (lambda s: state_at(store, longest, s), seeks), (es_get, es_seeks),
            (es_same_get, seeks)])
    lines.append(
        f"seek: riftlog median {ours_seek * 1000:.2f} ms at a random seq of a {n_ev}-event game "
        f"(a real FFA4 game by players who never move units to battlefields; snapshots every "
        f"{every} events: {n_snap} snapshots, {snap_bytes / 1e6:.1f} MB); "
        f"eventsourcing 2,000-event aggregate "
        f"{es2000 * 1000:.2f} ms -> ratio {ours_seek / es2000:.3f}x; same-length ({n_ev}) aggregate "
        f"{es_same * 1000:.2f} ms -> ratio {ours_seek / es_same:.3f}x (target <= 0.1x)")
    rows = []
    intervals = [int(x) for x in tradeoff.split(",") if x.strip()]
    for k, n in enumerate(intervals):
        if k == 0:
            write_snapshots(store, longest, every=n)
        _keep_snapshots_every(store, longest, n)
        count, size = _snapshot_bytes(store, longest)
        with es_rebuilder(2000) as es_get:
            med, es_med = _interleaved([(lambda s: state_at(store, longest, s), seeks),
                                        (es_get, es_seeks)])
        rows.append(f"every {n}: {med * 1000:.2f} ms ({med / es_med:.3f}x), "
                    f"{count} snapshots {size / 1e6:.1f} MB")
    if rows:
        lines.append(f"seek vs snapshot storage (event payloads {_event_bytes(store, longest) / 1e6:.1f} MB): "
                     + "; ".join(rows))
    return "\n".join(lines)


def _event_bytes(store: EventStore, gid: str) -> int:
    from sqlalchemy import text

    with store.engine.connect() as conn:
        return int(conn.execute(text("SELECT coalesce(sum(length(payload)), 0) FROM events "
                                     "WHERE game_id = :g"), {"g": gid}).scalar_one())


def _bulk_run(db: str, ids: list[str]) -> tuple[int, int, int, int]:
    """The bulk figure, in a process of its own (so that its memory is its own): riftlog's
    bulk judging (:func:`riftlog.bulk.judge_games`, as ``riftlog replay --all --jobs 2``
    runs it: each game verified, then replayed with verdicts, 2 worker processes,
    streaming).  Returns events judged, games not judged, and the peak RSS (KB) of this
    process and of its largest worker."""
    from riftlog.bulk import JudgeOptions, judge_games

    events = bad = 0
    opts = JudgeOptions(notable_only=True, refresh_snapshots=False)
    with EventStore.open(db) as store:
        for judged in judge_games(store, ids, opts, jobs=2):
            if judged.report is None:
                bad += 1
            else:
                events += sum(judged.report["counts"].values())
    return (events, bad, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)


def _record_chunk(args: tuple[str, str, int, int]) -> int:
    db, secrets, start, n = args
    with EventStore.open(db) as store:
        return len(record_games(store, SeedKeeper(Path(secrets)), n, f"bulk{start}-"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games for the bulk figure")
    ap.add_argument("--revalidate", type=int, default=50, help="games for re-validation")
    ap.add_argument("--long-mode", default="ffa4", help="mode of the long game for the seek")
    ap.add_argument("--long-seed", type=int, default=5, help="seed of the long game")
    ap.add_argument("--snapshot-every", type=int, default=snapshot_every(),
                    help="snapshot interval of the seek figure (default: riftlog's, "
                         "RIFTLOG_SNAPSHOT_EVERY or reducer.DEFAULT_SNAPSHOT_EVERY)")
    ap.add_argument("--tradeoff", default="5,10,50",
                    help="snapshot intervals for the storage/speed line (each a multiple of "
                         "the previous); empty: none")
    ap.add_argument("--seek-only", action="store_true", help="only the seek figure")
    ap.add_argument("--revalidate-only", action="store_true",
                    help="only the re-validation figure")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        store = EventStore.open(db, check=False, create=True)
        store.upgrade()
        keeper = SeedKeeper(Path(tmp) / "secrets")
        if args.seek_only:
            print(seek_figure(store, keeper, args.long_mode, args.long_seed, args.snapshot_every,
                              args.tradeoff))
            store.close()
            return
        ids = record_games(store, keeper, args.revalidate, "rv")
        pgns = chess_games(len(ids))
        print(revalidation_figure(store, ids, pgns))
        if args.revalidate_only:
            store.close()
            return

        print(seek_figure(store, keeper, args.long_mode, args.long_seed, args.snapshot_every,
                          args.tradeoff))
        store.close()

        t = time.perf_counter()
        per = max(1, args.games // 2)
        with mp.get_context("fork").Pool(2) as pool:
            pool.map(
                _record_chunk,
                [
                    (db, str(Path(tmp) / "secrets"), k, min(per, args.games - k))
                    for k in range(0, args.games, per)
                ],
            )
        rec_s = time.perf_counter() - t
        with EventStore.open(db) as s2:
            bulk_ids = [g.id for g in s2.games() if g.id.startswith("bulk")]
        t = time.perf_counter()
        # (a process pool's processes may not start workers; an executor's may)
        with ProcessPoolExecutor(1, mp_context=mp.get_context("spawn")) as driver:
            events, bad, driver_kb, worker_kb = driver.submit(_bulk_run, db, bulk_ids).result()
        bt = time.perf_counter() - t
        print(
            f"bulk: verified and replayed {len(bulk_ids)} games ({events} events, {bad} not "
            f"judged) with riftlog.bulk.judge_games on 2 worker processes in {bt:.1f} s "
            f"({len(bulk_ids) / bt:.0f} games/s); peak memory: driver {driver_kb / 1024:.0f} MB "
            f"+ 2 workers x {worker_kb / 1024:.0f} MB = {(driver_kb + 2 * worker_kb) / 1024:.0f} MB "
            f"(target < 300 MB); (recording them took {rec_s:.1f} s)"
        )


if __name__ == "__main__":
    sys.exit(main())
