"""Judge many stored games: verify and replay each one, streaming, on every core.

A tournament store holds hundreds or thousands of games.  :func:`judge_games` replays
each one with verdicts (:func:`riftlog.replay.replay_game`, which verifies the game's hash
chain, head and seal as it reads the events, once) and yields one :class:`GameJudged` per game,
in the order the games were given.  With ``jobs > 1`` the games are judged by that many
worker processes (each opens its own connection to the same store); at most ``window``
games are ever ahead of the consumer, so memory stays flat whatever the number of games.
A game that cannot be judged (unknown, tampered, unreadable) is reported in its own
:class:`GameJudged` and the other games go on.  Worker processes ignore SIGINT: a Ctrl-C
at the terminal reaches the whole process group, and only the caller decides how to stop
(closing the generator cancels the games not started and waits for the workers to end).

    for judged in judge_games(store, [g.id for g in store.games()], jobs=2):
        print(judged.game_id, judged.error or judged.report["counts"])

``riftlog replay --all`` is this function; so is the bulk figure of
``benchmarks/replay.py`` (issue 7).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Generator, Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from riftlog.errors import RiftlogError, WorkerFailed
from riftlog.replay import check_edition, diff_hashes, edition_differences, replay_game
from riftlog.store import EventStore, Target
from riftlog.store.database import make_engine

__all__ = ["GAMES_PER_WORKER", "GameJudged", "JudgeOptions", "default_jobs", "judge_game",
           "judge_games"]

#: games a worker process should have before starting it pays (a spawned worker imports
#: riftlog, about a second; a duel replays in ~15 ms)
GAMES_PER_WORKER = 8


@dataclass(frozen=True)
class JudgeOptions:
    """How each game is judged (the options of ``riftlog replay``)."""

    #: re-judge under this rules edition too (None: only the game's own); the report is
    #: the one under *edition*, with ``differences`` and ``compared_with``
    edition: str | None = None
    #: check every stored snapshot (else a sample; verdicts never depend on snapshots)
    check_snapshots: bool = False
    #: rewrite a stored snapshot found to differ from the events
    refresh_snapshots: bool = True
    #: keep only the events that are not plainly legal in ``report["events"]``
    notable_only: bool = False
    #: state hashes by seq of an earlier replay: ``first_hash_difference`` names the
    #: first seq whose hash differs
    baseline: Mapping[int, str] | None = None


@dataclass(frozen=True)
class GameJudged:
    """One game's outcome: its report as plain data, or why it could not be judged."""

    game_id: str
    #: :meth:`riftlog.replay.Report.to_json` (plus ``differences`` / ``compared_with`` /
    #: ``first_hash_difference`` when asked); None when *error* is set
    report: dict[str, Any] | None
    #: why the game could not be judged (it names the game and, for a broken chain, the
    #: first bad seq)
    error: str | None = None

    @property
    def ok(self) -> bool:
        """Judged, and no event that still counts is illegal or divergent."""
        return self.report is not None and bool(self.report["ok"])


def default_jobs(n_games: int) -> int:
    """Worker processes for *n_games*: one per core this process may use, but no more than
    one per :data:`GAMES_PER_WORKER` games (1: judge in this process)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(cores or 1, n_games // GAMES_PER_WORKER))


def judge_game(store: EventStore, game_id: str, options: JudgeOptions | None = None) -> GameJudged:
    """Replay *game_id* with verdicts (:func:`~riftlog.replay.replay_game` verifies its hash
    chain, head and seal as it reads it).

    A :class:`~riftlog.errors.RiftlogError` about this game (unknown, chain broken, an
    unreadable event) becomes the outcome's ``error``; nothing is raised for it."""
    opts = options or JudgeOptions()
    try:
        report = replay_game(store, game_id, check_snapshots=opts.check_snapshots,
                             refresh_snapshots=opts.refresh_snapshots)
        other = replay_game(store, game_id, edition=opts.edition) if opts.edition else None
    except RiftlogError as exc:
        return GameJudged(game_id, None, str(exc))
    data = (other or report).to_json(notable_only=opts.notable_only)
    if other is not None:
        data["differences"] = edition_differences(report, other)
        data["compared_with"] = report.edition
    if opts.baseline is not None:
        data["first_hash_difference"] = diff_hashes(dict(opts.baseline), report.hashes())
    return GameJudged(game_id, data)


def judge_games(store: EventStore, game_ids: Iterable[str], options: JudgeOptions | None = None,
                *, jobs: int = 1, window: int | None = None) -> Generator[GameJudged, None, None]:
    """:func:`judge_game` for each of *game_ids*, yielded in that order.

    *jobs* > 1: that many worker processes judge the games (the store must be a file or a
    server, as every store is); *window* (default ``2 * jobs``) bounds how many games are
    handed out ahead of the one the caller is waiting for, so *game_ids* may be a lazy
    iterable of any length.  Raises :class:`~riftlog.errors.UnsupportedRule` for an
    edition the engine does not judge under (before any game), and
    :class:`~riftlog.errors.WorkerFailed` if a worker process dies."""
    opts = options or JudgeOptions()
    check_edition(opts.edition)
    if jobs <= 1:
        for game_id in game_ids:
            yield judge_game(store, game_id, opts)
        return
    ahead = max(1, window if window is not None else 2 * jobs)
    # spawned, not forked: a worker must not inherit the parent's open connections
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(store.target,))
    pending: deque[tuple[str, Future[GameJudged]]] = deque()
    try:
        for game_id in game_ids:
            with _sigint_held():  # a submit may spawn a worker: it starts deaf to SIGINT
                future = pool.submit(_judge_in_worker, game_id, opts)
            pending.append((game_id, future))
            if len(pending) >= ahead:
                yield _answer(*pending.popleft())
        while pending:
            yield _answer(*pending.popleft())
    finally:
        for _, future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def _answer(game_id: str, future: Future[GameJudged]) -> GameJudged:
    try:
        return future.result()
    except BrokenProcessPool as exc:
        raise WorkerFailed(f"a replay worker process stopped while game {game_id} was being "
                           f"judged ({exc}); no game after it was judged") from None


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """SIGINT held back (blocked, not lost) in this thread for the block: a worker process
    spawned meanwhile inherits the mask, so a Ctrl-C cannot kill it before
    :func:`_start_worker` makes it ignore SIGINT; a SIGINT that came in the meantime is
    delivered to this process when the block ends."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on POSIX
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


# --- in a worker process --------------------------------------------------------------

_WORKER_STORE: EventStore | None = None


def _start_worker(target: Target) -> None:
    """Ignore SIGINT (the parent decides how to stop) and open the worker's own
    connection to the store the parent opened (schema checked there)."""
    global _WORKER_STORE
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_STORE = EventStore(target, make_engine(target))


def _judge_in_worker(game_id: str, options: JudgeOptions) -> GameJudged:
    if _WORKER_STORE is None:  # pragma: no cover - the initializer always runs first
        raise WorkerFailed("the replay worker has no store")
    return judge_game(_WORKER_STORE, game_id, options)
