"""Reading and verifying the event store: :class:`Reading`, a part of
:class:`~riftlog.store.eventstore.EventStore`.

Streams of a game's events (checked as they stream, on request), the global feed, and
the recomputation of a game's hash chain, head and seal.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from riftlog.errors import ChainBroken, StoreError, UnknownGame
from riftlog.events import GENESIS_HASH, StoredEvent
from riftlog.events.payloads import GameCreated
from riftlog.store.codec import (
    EVENT_COLUMNS,
    ChainChecker,
    HashOf,
    VerifyResult,
    decode_rows,
    head_problem,
    stored_hash,
)
from riftlog.store.records import GameInfo, Header, header_problem

#: PostgreSQL advisory lock of feed order: held shared by every inserting transaction (the
#: events trigger takes it), exclusively by a feed reader (migration 0006)
FEED_LOCK = 0x7269_6674  # "rift"


class Reading:
    """The reading and verifying methods of :class:`~riftlog.store.eventstore.EventStore`
    (a mixin: it uses the store's connections and raw statements)."""

    if TYPE_CHECKING:  # what it uses of the store
        _pg: bool
        _q_exists: str
        _q_feed: str
        _q_head_read: str

        def game(self, game_id: str) -> GameInfo: ...

        def games(self) -> list[GameInfo]: ...

        def last_seq(self, game_id: str) -> int: ...

        def _unknown_game(self, game_id: str) -> UnknownGame: ...

        def _hash_of(self, cur: Any) -> HashOf: ...

        def _sql(self, text: str) -> str: ...

        def _cursor(self, write: bool, doing: str) -> AbstractContextManager[Any]: ...

        def _pages(self, game_id: str, from_seq: int, to_seq: int | None
                   ) -> Iterator[list[Any]]: ...


    def read(
        self, game_id: str, from_seq: int = 1, to_seq: int | None = None, *, verify: bool = False
    ) -> Iterator[StoredEvent]:
        """Stream the game's events from *from_seq* to *to_seq* (inclusive), in seq order.

        Payloads are parsed JSON dicts; ``event.decoded()`` gives the typed payload, upcast
        to the current schema version.  With *verify*, every event's hash and link is
        checked as it streams and :class:`~riftlog.errors.ChainBroken` stops the stream
        at the first bad seq.  :class:`UnknownGame` is raised at once, not on iteration.
        """
        # replay-perf: one raw indexed query (the ORM's game() costs ~0.3 ms a read)
        with self._cursor(write=False, doing=f"reading game {game_id}") as cur:
            cur.execute(self._q_exists, (game_id,))
            if cur.fetchone() is None:
                raise self._unknown_game(game_id)
        return self._iter_rows_decoded(game_id, max(1, from_seq), to_seq, verify)

    def _iter_rows_decoded(
        self, game_id: str, from_seq: int, to_seq: int | None, verify: bool
    ) -> Iterator[StoredEvent]:
        checker = ChainChecker(game_id, from_seq, GENESIS_HASH if from_seq == 1 else None)
        before: str | None = None  # the hash of the event before the page
        for rows in self._pages(game_id, from_seq, to_seq):
            if before is None and rows[0][9] is None and rows[0][2] > 1:
                # a lean row links to the event before it: read that event's hash
                with self._cursor(write=False, doing=f"reading game {game_id}") as cur:
                    before = self._hash_of(cur)(game_id, rows[0][2] - 1)
                if checker.prev_hash is None:
                    checker.prev_hash = before
            if verify:  # issue 26: checked and decoded in one pass
                page, bad = checker.check_decode(rows)
                if bad is not None:
                    yield from page
                    raise ChainBroken(game_id, checker.bad_seq or 0, checker.reason or "")
            else:  # decoding a page at once is faster than row by row; the stream stays paged
                page = decode_rows(rows, before)
            before = page[-1].hash
            yield from page

    def event(self, game_id: str, seq: int) -> StoredEvent:
        """The single event at *seq* (:class:`~riftlog.errors.StoreError` if absent)."""
        for ev in self.read(game_id, seq, seq):
            return ev
        raise StoreError(
            f"game {game_id} has no event at seq {seq} (last seq {self.last_seq(game_id)})"
        )

    def feed(self, after_position: int = 0, limit: int = 1000) -> list[StoredEvent]:
        """Events of every game after the global *after_position*, in position order."""
        limit = max(1, min(limit, 100_000))
        with self._cursor(write=False, doing="reading the feed") as cur:
            if self._pg:  # wait until every position drawn so far is committed or gone
                cur.execute("SELECT pg_advisory_xact_lock(%s)", (FEED_LOCK,))
            cur.execute(self._q_feed, (after_position, limit))
            rows = cur.fetchall()
            return decode_rows(rows, hash_of=self._hash_of(cur))

    # --- verification ------------------------------------------------------------

    def verify(self, game_id: str) -> VerifyResult:
        """Recompute the game's hash chain, its head and its seal; name the first bad seq."""
        info = self.game(game_id)
        checker = ChainChecker(game_id)

        def result(bad_seq: int | None = None, reason: str | None = None) -> VerifyResult:
            return VerifyResult(
                game_id=game_id,
                ok=bad_seq is None,
                checked=checker.count,
                last_seq=info.last_seq,
                head_hash=info.last_hash,
                sealed=info.sealed,
                seal_hash=info.seal_hash,
                bad_seq=bad_seq,
                reason=reason,
            )

        for rows in self._pages(game_id, 1, None):
            if checker.check_rows(rows) is not None:
                return result(checker.bad_seq, checker.reason)
            if rows[0][2] == 1 and rows[0][3] == "GameCreated":
                created = decode_rows(rows[:1])[0].decoded()
                assert isinstance(created, GameCreated)
                edited = header_problem(Header.of_info(info), Header.of(created))
                if edited is not None:
                    return result(1, edited)
        problem = head_problem(checker.expected_seq - 1, checker.prev_hash or "", info.last_seq,
                               info.last_hash, info.seal_hash if info.sealed else None)
        return result(*problem) if problem else result()

    def head(self, game_id: str) -> tuple[int, str, str | None]:
        """The game's recorded head and seal: (last seq, last hash, seal hash or None when
        not sealed), in one raw query; :class:`UnknownGame` for an unknown game."""
        with self._cursor(write=False, doing=f"reading game {game_id}") as cur:
            cur.execute(self._q_head_read, (game_id,))
            row = cur.fetchone()
        if row is None:
            raise self._unknown_game(game_id)
        return int(row[1]), str(row[2]), row[3] if row[0] == "sealed" else None

    def verify_all(self) -> list[VerifyResult]:
        """:meth:`verify` every game, oldest first."""
        return [self.verify(g.id) for g in self.games()]

    def read_range(self, game_id: str, from_seq: int, to_seq: int) -> list[StoredEvent]:
        """The stored events *from_seq*..*to_seq* (fewer if the game is shorter; none for an
        unknown game), without the game lookup :meth:`read` makes first."""
        if to_seq < from_seq:
            return []
        return list(self._iter_rows_decoded(game_id, max(1, from_seq), to_seq, False))

    def read_linked(self, game_id: str, seq: int, seq_hash: str, to_seq: int, *,
                    with_first: bool = False) -> tuple[StoredEvent | None, list[StoredEvent]] | None:
        """The stored events after *seq* up to *to_seq* (fewer if the game is shorter),
        linked to *seq_hash*, in one query (a seek's tail after a snapshot or a kept
        position: :meth:`read_range` reads one more to link a lean row); None when the
        stored event at *seq* is gone or no longer has *seq_hash*.  *with_first*: the
        game's seq 1 comes with them from the same query (a seek's creation), else None."""
        if seq < 1:
            return None
        first = with_first and seq > 1
        sql = f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq BETWEEN ? AND ?"
        args: tuple[Any, ...] = (game_id, seq, max(seq, to_seq))
        if first:  # (a UNION: "OR seq = 1" would scan the whole game on SQLite)
            sql = (f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq = 1 "
                   f"UNION ALL {sql}")
            args = (game_id, *args)
        with self._cursor(write=False, doing=f"reading game {game_id}") as cur:
            cur.execute(self._sql(sql + " ORDER BY seq"), args)
            rows = cur.fetchall()
        head = rows.pop(0) if first and rows and rows[0][2] == 1 else None
        if not rows or rows[0][2] != seq or stored_hash(rows[0]) != seq_hash:
            return None
        if with_first and seq == 1:
            head = rows[0]
        return (decode_rows([head])[0] if head is not None else None,
                decode_rows(rows[1:], seq_hash))
