"""Appending to the event store: :class:`Appending`, a part of
:class:`~riftlog.store.eventstore.EventStore`.

Notes through :meth:`Appending.append`, engine-judged events through
:meth:`Appending.append_judged` (the recorder's path), both in one write transaction that
checks the seq the caller saw, chains the hashes and answers a retry with the events
already stored.  The guarantees are listed in :mod:`riftlog.store.eventstore`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from riftlog.errors import (
    ChainBroken,
    ConcurrencyConflict,
    EventError,
    GameSealed,
    StoreError,
    UnknownGame,
)
from riftlog.events import NewEvent, StoredEvent
from riftlog.events.actor import Actor
from riftlog.events.payloads import GameCreated
from riftlog.store.codec import (
    EVENT_COLUMNS,
    HashOf,
    appended_events,
    decode_rows,
    event_digest,
    stored_hash,
)
from riftlog.store.database import Target, translated
from riftlog.store.records import (
    Header,
    Prepared,
    appending_identity,
    check_batch,
    prepare_batch,
    resolve_retry,
    stamp_actor,
)
from riftlog.store.snapshot_key import SnapshotKey

_IN_CHUNK = 500


#: a snapshot stored with an append: (the store's snapshot key, engine version, text)
_Snap = tuple[SnapshotKey, str, str]


class _SeqTaken(StoreError):
    """Internal: UNIQUE(game_id, seq) refused an insert (another writer won)."""


class _ClientIdTaken(StoreError):
    """Internal: UNIQUE(client_event_id) refused an insert."""


class Appending:
    """The appending methods of :class:`~riftlog.store.eventstore.EventStore` (a mixin: it
    uses the store's connections and raw statements)."""

    if TYPE_CHECKING:  # what it uses of the store
        target: Target
        clock: Callable[[], str]
        _pg: bool
        _created: dict[str, tuple[Header, frozenset[str]] | None]
        _q_head: str
        _q_first: str
        _q_insert: str
        _q_insert_ret: str
        _q_positions: str
        _q_snap_drop: str
        _q_snap_put: str
        _q_hash_at: str
        _q_set_head: str

        @property
        def where(self) -> str: ...

        def check_writable(self, doing: str = "") -> None: ...

        def last_seq(self, game_id: str) -> int: ...

        def snapshot_key(self, create: bool = False) -> SnapshotKey | None: ...

        def _unknown_game(self, game_id: str) -> UnknownGame: ...

        def _sql(self, text: str) -> str: ...

        def _cursor(self, write: bool, doing: str) -> AbstractContextManager[Any]: ...

        def _raw_connection(self) -> Any: ...

        def _drop_raw_connection(self) -> None: ...


    def append(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        expected_seq: int,
        *,
        actor: Actor | None = None,
    ) -> Sequence[StoredEvent]:
        """Append notes (``NoteAdded``) to *game_id* in one transaction; return them as stored.

        *expected_seq* is the seq of the last event the caller saw (0 for a new game).
        *actor* is who appends (default: the identity each event's ``actor`` names); it
        must be permitted to (:func:`~riftlog.events.actor.check_permitted`: a note's
        author is the identity's name; a player must be a seat of the game), else
        :class:`~riftlog.errors.NotPermitted`.  Game events (``GameCreated``, decisions,
        random outcomes, judge events, ``SeedRevealed``) are refused here: they are judged
        by the rules engine, so they go through :mod:`riftlog.recorder` (``riftlog play``,
        ``riftlog judge``).  Raises :class:`~riftlog.errors.EventError` (unknown type, bad
        payload; naming the game and the seq the event would have had),
        :class:`ConcurrencyConflict`, :class:`UnknownGame` or :class:`GameSealed`; then
        nothing is written.  If every event carries a ``client_event_id`` that is already
        stored in this game (a retry), the stored events are returned and nothing new is
        written.
        """
        return self._append(game_id, events, expected_seq, actor, judged=False)

    def append_judged(
        self, game_id: str, events: Sequence[NewEvent], expected_seq: int, *, actor: Actor,
        snapshot: tuple[str, str] | None = None,
    ) -> Sequence[StoredEvent]:
        """Append events the caller has judged with the rules engine: the recorder's path.

        Only :mod:`riftlog.recorder` calls this: it checks each decision against the
        engine and *actor*'s permission, and draws the seeded outcomes itself.  The store
        still keeps ``GameCreated`` to seq 1, checks it against the games row, stamps
        ``recorded_at`` and records *actor* on every event of the batch.  Anything stored
        here without the engine's judgement is a forgery that a replay names.

        *snapshot*: ``(engine version, snapshot text)`` of the state after the batch's last
        event (text made by riftlog's fold, :func:`riftlog.reducer.snapshot_json`), stored
        at that seq in the same transaction (issue 26: one commit, not two), vouched for
        with the store's snapshot key (made on first use) over the hash the event gets.
        Not stored when the batch turns out to be a retry of events already stored.
        """
        key = self.snapshot_key(create=True) if snapshot is not None else None
        if snapshot is not None and key is None:  # create=True makes one
            raise StoreError(f"snapshot of game {game_id}: the store has no snapshot key and "
                             "could not make one")
        return self._append(game_id, events, expected_seq, actor, judged=True,
                            snapshot=(key, *snapshot) if key is not None and snapshot else None)

    def _append(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        expected_seq: int,
        actor: Actor | None,
        judged: bool,
        snapshot: _Snap | None = None,
    ) -> Sequence[StoredEvent]:
        batch = list(events)
        if not batch:
            return []
        if isinstance(expected_seq, bool) or not isinstance(expected_seq, int) or expected_seq < 0:
            raise EventError(
                f"game {game_id}: expected seq must be a whole number >= 0, got {expected_seq!r}"
            )
        who = appending_identity(game_id, batch, expected_seq, actor)
        if isinstance(who, Actor):
            batch = stamp_actor(game_id, batch, expected_seq, who)
        # validate and encode everything before taking the write lock
        now = self.clock()
        prepared = prepare_batch(game_id, expected_seq + 1, batch, now)
        if not isinstance(who, Actor):
            raise who  # after the payloads' own errors, which say more
        actor = who
        for seq, type_, *_rest in prepared:
            if type_ == "GameCreated" and seq != 1:
                raise EventError(
                    f"game {game_id} seq {seq}: GameCreated is only ever seq 1 "
                    "(a game is created once)"
                )
            if not judged and type_ != "NoteAdded":
                raise EventError(
                    f"game {game_id} seq {seq}: {type_} is judged by the rules engine: record "
                    "it through the recorder (riftlog.recorder; `riftlog play`, `riftlog judge`, "
                    "`riftlog new`); EventStore.append stores notes only"
                )
        cids = [p[5] for p in prepared if p[5] is not None]
        if len(set(cids)) != len(cids):
            dup = next(c for c in cids if cids.count(c) > 1)
            raise EventError(f"game {game_id}: client event id {dup!r} appears twice in one batch")
        try:
            return self._append_tx(game_id, prepared, cids, expected_seq, batch, actor, snapshot)
        except _SeqTaken:
            raise ConcurrencyConflict(game_id, expected_seq, self.last_seq(game_id)) from None
        except _ClientIdTaken as exc:
            # stored before in this game, maybe at another seq: a retry or a misuse
            with self._cursor(write=False, doing=f"appending to game {game_id}") as cur:
                existing = self._rows_by_client_id(cur, game_id, cids)
                if not existing:  # pragma: no cover - the row that refused us cannot vanish
                    raise StoreError(f"game {game_id}: {exc}") from None
                return resolve_retry(game_id, prepared, existing, self.where,
                                     self._hash_of(cur))

    def append_one(
        self, game_id: str, event: NewEvent, expected_seq: int, *, actor: Actor | None = None
    ) -> StoredEvent:
        """Append a single note (see :meth:`append`)."""
        return self.append(game_id, [event], expected_seq, actor=actor)[0]

    def _append_tx(
        self,
        game_id: str,
        prepared: list[Prepared],
        cids: list[str],
        expected_seq: int,
        batch: list[NewEvent] | None = None,
        actor: Actor | None = None,
        snapshot: _Snap | None = None,
    ) -> Sequence[StoredEvent]:
        """One write transaction around :meth:`_append_locked` (the hot path: no context
        managers, one thread-local connection)."""
        if self.target.read_only:
            self.check_writable(f"appending to game {game_id}")
        try:
            raw = self._raw_connection()
            cur = raw.cursor()
        except Exception as exc:
            raise translated(exc, self.target, f"appending to game {game_id}") from exc
        try:
            if not self._pg:
                cur.execute("BEGIN IMMEDIATE")
            stored = self._append_locked(cur, game_id, prepared, cids, expected_seq, batch, actor,
                                         snapshot)
            raw.commit()
            return stored
        except BaseException as exc:
            try:
                raw.rollback()
            except Exception:
                self._drop_raw_connection()
            if not isinstance(exc, Exception):
                raise
            better = translated(exc, self.target, f"appending to game {game_id}")
            if better is exc:
                raise
            raise better from exc
        finally:
            cur.close()

    def _append_locked(
        self,
        cur: Any,
        game_id: str,
        prepared: list[Prepared],
        cids: list[str],
        expected_seq: int,
        batch: list[NewEvent] | None = None,
        who: Actor | None = None,
        snapshot: _Snap | None = None,
    ) -> Sequence[StoredEvent]:
        cur.execute(self._q_head, (game_id,))
        head = cur.fetchone()
        if head is None:
            raise self._unknown_game(game_id)
        status, last_seq, last_hash = head[0], head[1], head[2]
        if status == "sealed" or last_seq != expected_seq:
            # a retry of events already stored comes with a stale seq: answer it first
            if cids:
                existing = self._rows_by_client_id(cur, game_id, cids)
                if existing:
                    return resolve_retry(game_id, prepared, existing, self.where,
                                         self._hash_of(cur))
            if status == "sealed":
                raise GameSealed(
                    f"game {game_id} is sealed at seq {last_seq} (hash {last_hash[:16]}...); "
                    "it accepts no more events"
                )
            raise ConcurrencyConflict(game_id, expected_seq, last_seq)
        # the games row's header against the hashed GameCreated; who may add these notes
        created = self._created_header(cur, game_id)
        check_batch(game_id, Header(*head[3:]), created, prepared, batch, who)
        # chain the hashes and insert (lean rows: the digest, no previous hash)
        rows = []
        hashes = []
        prev = last_hash
        for seq, type_, version, actor, payload_json, cid, recorded_at, body in prepared:
            d = event_digest(prev, body)
            rows.append((game_id, seq, type_, version, actor, payload_json, cid, recorded_at, d))
            prev = d.hex()
            hashes.append(prev)
        try:
            if len(rows) == 1:
                cur.execute(self._q_insert_ret, rows[0])
                positions = [cur.fetchone()[0] if self._pg else cur.lastrowid]
            else:
                cur.executemany(self._q_insert, rows)
                cur.execute(self._q_positions, (game_id, expected_seq))
                positions = [r[0] for r in cur.fetchall()]
        except Exception as exc:
            # the UNIQUE constraints back up the checks above (and catch a reused client id)
            text = str(exc)
            if "events.seq" in text or "uq_events_game_id_seq" in text:
                raise _SeqTaken(text) from exc
            if "client_event_id" in text:
                raise _ClientIdTaken(text) from exc
            raise
        if not self._pg:  # on PostgreSQL the events trigger moved the head
            cur.execute(self._q_set_head, (rows[-1][1], prev, game_id))
        if snapshot is not None:  # the state after the last event, vouched for over its hash
            key, engine_version, text_ = snapshot
            last = rows[-1][1]
            cur.execute(self._q_snap_drop, (game_id, last, engine_version))
            cur.execute(self._q_snap_put, (
                game_id, last, engine_version, prev, text_, rows[-1][7],
                key.proof(game_id, last, engine_version, prev, text_)))
        return appended_events(positions, rows, last_hash, hashes)

    def client_event(self, game_id: str, client_event_id: str) -> StoredEvent | None:
        """The event of *game_id* stored with *client_event_id*, if any (a retry's answer)."""
        with self._cursor(write=False, doing=f"reading game {game_id}") as cur:
            rows = self._rows_by_client_id(cur, game_id, [client_event_id])
            return decode_rows(rows, hash_of=self._hash_of(cur))[0] if rows else None

    def _hash_of(self, cur: Any) -> HashOf:
        """What links a lean row to its previous event: that event's stored hash, read with
        *cur* (:class:`ChainBroken` when it is missing)."""

        def hash_of(game_id: str, seq: int) -> str:
            cur.execute(self._q_hash_at, (game_id, seq))
            row = cur.fetchone()
            if row is None:
                raise ChainBroken(game_id, seq, f"seq {seq} is missing (the next stored event "
                                                f"is seq {seq + 1})")
            return stored_hash((None, game_id, seq, None, None, None, None, None, None,
                                None, row[0], row[1]))

        return hash_of

    def _created_header(self, cur: Any, game_id: str) -> tuple[Header, frozenset[str]] | None:
        """The header and seats of the game's stored GameCreated (cached: seq 1 never
        changes), or None when seq 1 is not a GameCreated."""
        if game_id in self._created:
            return self._created[game_id]
        cur.execute(self._q_first, (game_id,))
        row = cur.fetchone()
        if row is None:
            return None  # no event yet: seq 1 may still be a GameCreated
        if row[3] != "GameCreated":
            self._created[game_id] = None
            return None
        created = decode_rows([row])[0].decoded()
        assert isinstance(created, GameCreated)
        known = (Header.of(created), frozenset(p.id for p in created.players))
        self._created[game_id] = known
        return known

    def _rows_by_client_id(self, cur: Any, game_id: str, cids: list[str]) -> list[Any]:
        found: list[Any] = []
        for i in range(0, len(cids), _IN_CHUNK):
            chunk = cids[i : i + _IN_CHUNK]
            marks = ", ".join("?" * len(chunk))
            cur.execute(
                self._sql(
                    f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? "
                    f"AND client_event_id IN ({marks})"
                ),
                [game_id, *chunk],
            )
            found.extend(cur.fetchall())
        return found
