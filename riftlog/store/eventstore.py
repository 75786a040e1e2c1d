"""The append-only, hash-chained event store (SQLite or PostgreSQL).

Typical use::

    store = EventStore.open()                      # ./riftlog.db, RIFTLOG_DB, or a URL
    store.create_game("g1", mode="duel", rules_edition="v1.3",
                      catalog_version="2026-03", engine_version="0.1.0")
    stored = store.append("g1", [NewEvent.of(note)], expected_seq=0,
                          actor=Actor.judge("J. Doe"))
    for ev in store.read("g1", verify=True):
        ...
    store.verify("g1").raise_if_bad()
    store.seal("g1")

Guarantees, and where they come from:

* **Append-only**: database triggers refuse UPDATE and DELETE on ``events``.
* **Gapless seq, optimistic concurrency**: :meth:`EventStore.append` takes the seq the
  caller last saw; the check runs inside the write transaction (SQLite ``BEGIN
  IMMEDIATE``; PostgreSQL row lock on the game) and ``UNIQUE(game_id, seq)`` backs it up.
  A mismatch raises :class:`~riftlog.errors.ConcurrencyConflict`.
* **Idempotent retries**: an event whose ``client_event_id`` is already stored in its game
  is not stored again; the stored event is returned (``UNIQUE(game_id, client_event_id)``:
  client ids are scoped to their game, so one game cannot squat another's).
* **Decisions through the engine**: :meth:`EventStore.append` stores notes only; game
  events (creation, decisions, random outcomes, judge events, the seed reveal) are judged
  by the rules engine in :mod:`riftlog.recorder`, which stores them with
  :meth:`EventStore.append_judged`; bundles come in through :mod:`riftlog.bundle`.
  ``GameCreated`` is only ever seq 1, and the games row's header (mode, edition,
  versions, match, game number) must agree with it, on every append and in :meth:`verify`.
* **Who appends**: every append names an :class:`~riftlog.events.actor.Actor`; the
  envelope's ``actor`` (hashed) records it.  ``recorded_at`` is stamped by the store.
* **Atomic batches**: every event of one append is in one transaction.
* **Tamper evidence**: ``hash = SHA-256(prev_hash + canonical body)``; :meth:`verify`
  recomputes the chain and the seal.
* **Validated input, one byte form**: each payload is checked strictly against its
  registered model (upcast first; an integer field takes only a JSON integer) before
  anything is written, and stored as the validated model's canonical JSON, so one event
  has one form and one hash.
* **Atomic creation**: :meth:`EventStore.create_game` writes the game and its first
  events (``GameCreated`` ...) in one transaction: never a game without its creation.
* **Snapshots never trusted over events**: a snapshot is used only when its proof checks
  with the store's snapshot key, kept outside the database
  (:mod:`riftlog.store.snapshot_key`).

On PostgreSQL the database keeps the head (a trigger owned by the owner role moves it as
events are inserted, so the runtime role needs no right to rewrite it; see migration 0006
and ``riftlog db grant``), and feed order costs no global queue: every insert holds the
feed lock *shared* until it commits and draws its position under it, and
:meth:`EventStore.feed` takes the lock exclusively, so it reads only once every position
drawn before it is committed or rolled back (it never skips an event that commits later
with a smaller position), while writers of different games never wait for each other.

Signed checkpoints (:mod:`riftlog.store.checkpoints`) are made at every seal when a signing
key is configured (:func:`riftlog.store.signing.configured_key`), and on demand
(:meth:`EventStore.sign`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, get_args

from sqlalchemy import Engine, insert, select, text, update
from sqlalchemy.engine import Connection

from riftlog.errors import (
    AlreadyExists,
    ChainBroken,
    ConcurrencyConflict,
    DatabaseUnavailable,
    EventError,
    GameSealed,
    StoreError,
    UnknownGame,
)
from riftlog.events import (
    GENESIS_HASH,
    NewEvent,
    StoredEvent,
    utc_now_iso,
)
from riftlog.events.actor import Actor
from riftlog.events.payloads import GameCreated, Mode
from riftlog.store import migrate
from riftlog.store.codec import (
    EVENT_COLUMNS,
    ChainChecker,
    HashOf,
    VerifyResult,
    appended_events,
    decode_rows,
    event_digest,
    head_problem,
    stored_hash,
)
from riftlog.store.database import (
    Target,
    create_private_file,
    make_engine,
    read_only_target,
    resolve,
    translate_errors,
    translated,
)
from riftlog.store.evidence import Evidence
from riftlog.store.models import Game, Match, StoreInfo, Tournament
from riftlog.store.records import (
    GameInfo,
    Header,
    Prepared,
    SnapshotInfo,
    appending_identity,
    check_batch,
    check_id,
    game_info,
    header_problem,
    prepare_batch,
    prepare_event,
    resolve_retry,
    stamp_actor,
)
from riftlog.store.signing import SigningKey, configured_key
from riftlog.store.snapshot_key import SnapshotKey, secrets_folder
from riftlog.store.snapshot_packing import (
    BaseCache,
    base_ref,
    pack_against,
    resolved,
    state_bytes,
)

_MODES = frozenset(get_args(Mode))
#: rows fetched per query when streaming a game
PAGE_SIZE = 2000
#: Snapshot spacing of a sealed game, in events: sealing drops the others (the last seq's
#: is kept too).  A live game keeps the recorder's denser spacing (fast appends and
#: seeks while it is played); a sealed game is only read, and a seek then folds at most
#: 49 events after a snapshot, for about a tenth of the snapshot bytes.
SEALED_SNAPSHOT_EVERY = 50
#: PostgreSQL advisory lock of feed order: held shared by every inserting transaction (the
#: events trigger takes it), exclusively by a feed reader (migration 0006)
FEED_LOCK = 0x7269_6674  # "rift"
_IN_CHUNK = 500


#: a snapshot stored with an append: (the store's snapshot key, engine version, text)
_Snap = tuple[SnapshotKey, str, str]


class _SeqTaken(StoreError):
    """Internal: UNIQUE(game_id, seq) refused an insert (another writer won)."""


class _ClientIdTaken(StoreError):
    """Internal: UNIQUE(client_event_id) refused an insert."""


#: a seq above any stored one (SQLite and Postgres integers are 64-bit)
_NO_SEQ_LIMIT = 2**62
#: the most snapshot seqs :meth:`EventStore.valid_snapshots` names in one query (SQLite
#: before 3.32 takes at most 999 parameters a statement, PostgreSQL 65,535)
_MAX_PICKED = 500


def _has(conn: Connection, column: Any, value: str) -> bool:
    """Whether a row whose *column* (a primary key) is *value* is stored."""
    return conn.execute(select(column).where(column == value)).first() is not None


class _ReleaseAtThreadEnd:
    """Held in a thread's local storage: when the thread ends and its storage is cleared,
    its store connection is returned to the pool."""

    __slots__ = ("pooled", "store")

    def __init__(self, store: EventStore, pooled: Any) -> None:
        self.store = store
        self.pooled = pooled

    def __del__(self) -> None:
        self.store._release_pooled(self.pooled)


class EventStore(Evidence):
    """An append-only, hash-chained event store over one database.

    Open it with :meth:`open`.  It holds a small connection pool; :meth:`close` (or a
    ``with`` block) releases it.  Safe to use from several threads and processes at once.
    """

    def __init__(self, target: Target, engine: Engine) -> None:
        self.target = target
        self.engine = engine
        self._pg = target.backend == "postgresql"
        self._pid = os.getpid()
        #: the recorded-at stamp of new events (the store's clock, never the client's)
        self.clock: Callable[[], str] = utc_now_iso
        #: per game, the header (and seats) of its hashed GameCreated (seq 1 never changes)
        self._created: dict[str, tuple[Header, frozenset[str]] | None] = {}
        self._local = threading.local()
        self._raw_lock = threading.Lock()
        self._raw_pooled: list[Any] = []
        self._store_id: str | None = None
        self._key: SnapshotKey | None = None
        #: the state bytes of the bases sealed snapshots were packed against, by their
        #: SHA-256 (what a packed snapshot names: content-addressed, so never stale)
        self._bases = BaseCache()
        #: the secrets folder given by ``riftlog --secrets`` (else the default, see
        #: :func:`riftlog.store.snapshot_key.secrets_folder`)
        self.secrets: str | None = None
        #: the key seals are signed with (None: the configured one, if any)
        self.signing_key: SigningKey | None = None
        q = self._sql
        # the raw statements of the hot paths (DBAPI cursor under SQLAlchemy's pool)
        lock = " FOR UPDATE" if self._pg else ""
        self._q_head = q(
            "SELECT status, last_seq, last_hash, mode, rules_edition, catalog_version, "
            f"engine_version, match_id, game_number FROM games WHERE id = ?{lock}"
        )
        self._q_first = q(f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq = 1")
        # new rows are lean (migration 0008): the hash as 32 raw bytes, no previous hash
        self._q_insert = q(
            "INSERT INTO events (game_id, seq, type, schema_version, actor, payload, "
            "client_event_id, recorded_at, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        )
        self._q_insert_ret = self._q_insert + (" RETURNING position" if self._pg else "")
        self._q_positions = q(
            "SELECT position FROM events WHERE game_id = ? AND seq > ? ORDER BY seq"
        )
        self._q_snap_drop = q("DELETE FROM snapshots WHERE game_id = ? AND seq = ? AND "
                              "engine_version = ?")
        self._q_snap_put = q(
            "INSERT INTO snapshots (game_id, seq, engine_version, event_hash, state_json, "
            "created_at, proof) VALUES (?, ?, ?, ?, ?, ?, ?)")
        self._q_exists = q("SELECT 1 FROM games WHERE id = ?")
        self._q_hash_at = q("SELECT hash, digest FROM events WHERE game_id = ? AND seq = ?")
        #: an event's hash in hex, either form (old-form rows: ``hash``; lean: ``digest``)
        self._hex_hash = ("coalesce(e.hash, encode(e.digest, 'hex'))" if self._pg
                          else "coalesce(e.hash, lower(hex(e.digest)))")
        self._q_head_read = q("SELECT status, last_seq, last_hash, seal_hash FROM games WHERE id = ?")
        self._q_set_head = q("UPDATE games SET last_seq = ?, last_hash = ? WHERE id = ?")
        self._q_page = q(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq >= ? AND seq <= ? "
            "ORDER BY seq LIMIT ?"
        )
        self._q_feed = q(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?"
        )

    # --- opening -----------------------------------------------------------------

    @classmethod
    def open(
        cls, url: str | None = None, *, check: bool = True, create: bool = False
    ) -> EventStore:
        """Open the store at *url* (a SQLite path or URL; None: ``RIFTLOG_DB`` or ./riftlog.db).

        *check* verifies the schema is at the head revision (else
        :class:`~riftlog.errors.SchemaOutOfDate` naming ``riftlog db upgrade``).  A SQLite
        file that does not exist is only created when *create* is true (``db upgrade``).
        """
        target = resolve(url)
        if target.path is not None and not create and not target.path.exists():
            raise DatabaseUnavailable(
                f"database {target.where} does not exist: run `{migrate.UPGRADE_COMMAND}` "
                "to create it (or pass --db / set RIFTLOG_DB)"
            )
        if target.path is not None and create and not target.path.parent.is_dir():
            raise DatabaseUnavailable(f"cannot create database {target.where}: no such directory")
        if target.path is not None and create:
            create_private_file(target)
        store = cls._connect(target)
        if target.path is not None and target.path.exists() and target.access == "rw":
            store = store._read_only_if_needed()
        if check:
            try:
                store.check_schema()
            except BaseException:
                store.close()
                raise
        return store

    @classmethod
    def _connect(cls, target: Target) -> EventStore:
        with translate_errors(target, "opening"):
            engine = make_engine(target)
        return cls(target, engine)

    def _read_only_if_needed(self) -> EventStore:
        """This store, or the same file opened read-only when it cannot be opened for
        writing (a read-only file or folder, read-only media): reading commands work on
        it, writing ones are refused saying it is read-only."""
        try:
            self.revision()
            return self
        except DatabaseUnavailable as exc:
            if "unable to open" not in str(exc) and "read-only" not in str(exc):
                raise
            self.close()
        # mode=ro still needs the -shm file of a WAL database; immutable=1 reads the file
        # as it is (read-only media: nobody can change it while it is read)
        because = "the file or its folder cannot be written"
        last: DatabaseUnavailable | None = None
        for immutable in (False, True):
            store = self._connect(read_only_target(self.target, immutable, because))
            try:
                store.revision()
                return store
            except DatabaseUnavailable as exc:
                store.close()
                last = exc
        assert last is not None
        raise last

    @property
    def read_only(self) -> bool:
        """Whether the store was opened read-only (writing is refused)."""
        return self.target.read_only

    def check_writable(self, doing: str = "") -> None:
        """Raise :class:`DatabaseUnavailable` saying the store is read-only, if it is
        (writing use cases call it before they do any work)."""
        if self.target.read_only:
            raise DatabaseUnavailable(
                f"database {self.where} is read-only ({self.target.read_only_because}): "
                f"cannot write to it{' while ' + doing if doing else ''}; reading commands "
                "(games, events, verify, replay, state, export) still work")

    def close(self) -> None:
        """Release the store's database connections."""
        with self._raw_lock:
            pooled, self._raw_pooled = self._raw_pooled, []
        if self._pid == os.getpid():
            for conn in pooled:
                with contextlib.suppress(Exception):
                    conn.close()
        self._local = threading.local()
        self.engine.dispose()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def where(self) -> str:
        """The database, as named in messages (file path or URL without password)."""
        return self.target.where

    # --- schema ------------------------------------------------------------------

    def revision(self) -> str | None:
        """The migration revision the database is at (None: no riftlog schema)."""
        with self._conn(write=False, doing="reading the schema revision") as conn:
            return migrate.current_revision(conn)

    def check_schema(self) -> None:
        """Raise :class:`~riftlog.errors.SchemaOutOfDate` unless the schema is current."""
        migrate.check_revision(self.revision(), self.where)

    def upgrade(self, revision: str = "head") -> tuple[str | None, str | None]:
        """Apply the migrations up to *revision*; return the revisions before and after."""
        if self.target.read_only:
            current = self.revision()
            if revision in ("head", migrate.head_revision()) and current == migrate.head_revision():
                return current, current  # nothing to write
            self.check_writable("migrating")
        with translate_errors(self.target, "migrating"):
            return migrate.upgrade(self.engine, revision)

    @property
    def store_id(self) -> str:
        """The store's identity: a random id recorded when its schema was created (it keys
        the seeds kept outside the database, see :class:`riftlog.seeding.SeedKeeper`)."""
        if self._store_id is None:
            with self._conn(write=False, doing="reading the store id") as conn:
                row = conn.execute(select(StoreInfo.value).where(StoreInfo.key == "store_id")).first()
            if row is None:
                raise StoreError(f"{self.where} has no store id: run `{migrate.UPGRADE_COMMAND}`")
            self._store_id = str(row[0])
        return self._store_id

    # --- tournaments, matches, games ---------------------------------------------

    def create_tournament(self, tournament_id: str, name: str) -> None:
        """Store a tournament (id and display name)."""
        check_id("tournament", tournament_id)
        with self._conn(write=True, doing=f"creating tournament {tournament_id}") as conn:
            self._create(conn, "tournament", Tournament, tournament_id, name=name)

    def create_match(
        self,
        match_id: str,
        tournament_id: str | None = None,
        round: int | None = None,
        table: str | None = None,
        best_of: int = 1,
    ) -> None:
        """Store a match (best of *best_of*), optionally in a tournament's *round* at *table*."""
        check_id("match", match_id)
        if best_of not in (1, 3, 5):
            raise StoreError(f"match {match_id}: best_of must be 1, 3 or 5, not {best_of}")
        with self._conn(write=True, doing=f"creating match {match_id}") as conn:
            self._create(
                conn, "match", Match, match_id, ("tournament", Tournament, tournament_id),
                tournament_id=tournament_id, round=round, table_label=table, best_of=best_of,
            )

    def create_game(
        self,
        game_id: str,
        mode: str,
        rules_edition: str,
        catalog_version: str,
        engine_version: str,
        match_id: str | None = None,
        game_number: int = 1,
        events: Sequence[NewEvent] = (),
        actor: Actor | None = None,
    ) -> GameInfo:
        """Store a new game pinned to what it is judged under, with its first *events*
        (``GameCreated`` at seq 1 and what follows it), all in one transaction; return it.

        A kill at any point leaves either no game or the game with all of *events*: never
        a game without its ``GameCreated``.  A game stored empty by an older riftlog (its
        row written, its events lost) is taken over by a creation that brings events.
        Without *events* the game is stored empty (for callers that append seq 1 later).
        *actor* (the recorder's identity) is recorded on every event, as by
        :meth:`append_judged`.
        """
        check_id("game", game_id)
        if mode not in _MODES:
            raise StoreError(
                f"game {game_id}: unknown mode {mode!r} (one of {', '.join(sorted(_MODES))})"
            )
        for label, value in (
            ("rules edition", rules_edition),
            ("catalog version", catalog_version),
            ("engine version", engine_version),
        ):
            if not value or len(value) > 40:
                raise StoreError(
                    f"game {game_id}: {label} must be 1 to 40 characters, got {value!r}"
                )
        batch = list(events)
        if actor is not None:
            batch = stamp_actor(game_id, batch, 0, actor)
        now = self.clock()
        prepared = [prepare_event(game_id, i, ev, now) for i, ev in enumerate(batch, 1)]
        if prepared and prepared[0][1] != "GameCreated":
            raise EventError(f"game {game_id} seq 1: a game starts with GameCreated, "
                             f"not {prepared[0][1]}")
        header = {
            "match_id": match_id, "game_number": game_number, "mode": mode,
            "rules_edition": rules_edition, "catalog_version": catalog_version,
            "engine_version": engine_version,
        }
        with self._conn(write=True, doing=f"creating game {game_id}") as conn:
            if prepared and self._orphan(conn, game_id):
                conn.execute(update(Game).where(Game.id == game_id).values(**header))
            else:
                self._create(
                    conn, "game", Game, game_id, ("match", Match, match_id),
                    **header, status="open", last_seq=0, last_hash=GENESIS_HASH,
                    seal_hash=None, sealed_at=None,
                )
            if prepared:
                cids = [p[5] for p in prepared if p[5] is not None]
                if len(set(cids)) != len(cids):
                    raise EventError(f"game {game_id}: a client event id appears twice in one batch")
                cur = conn.connection.cursor()
                try:
                    self._append_locked(cur, game_id, prepared, cids, 0, batch, actor)
                except _SeqTaken:
                    raise ConcurrencyConflict(game_id, 0, 1) from None
                except _ClientIdTaken as exc:
                    raise EventError(f"game {game_id}: a client event id of its first events "
                                     f"is already stored ({exc})") from None
                finally:
                    cur.close()
            row = conn.execute(select(Game).where(Game.id == game_id)).one()
        return game_info(row)

    def _orphan(self, conn: Connection, game_id: str) -> bool:
        """Whether *game_id* is stored open, empty and without events (left by a creation
        that an older riftlog committed in two transactions)."""
        stmt = select(Game.status, Game.last_seq).where(Game.id == game_id)
        row = conn.execute(stmt.with_for_update() if self._pg else stmt).first()
        if row is None or row.status != "open" or row.last_seq != 0:
            return False
        cur = conn.connection.cursor()
        try:
            cur.execute(self._sql("SELECT 1 FROM events WHERE game_id = ? LIMIT 1"), (game_id,))
            return cur.fetchone() is None
        finally:
            cur.close()

    def _create(
        self,
        conn: Connection,
        kind: str,
        model: Any,
        obj_id: str,
        parent: tuple[str, Any, str | None] | None = None,
        **values: Any,
    ) -> None:
        """Insert a new *kind* row *obj_id* of *model* with *values* (and its creation time).

        Refused when *obj_id* is already stored, or when *parent* (kind, model, id) names an
        id that is not stored.
        """
        if _has(conn, model.id, obj_id):
            raise AlreadyExists(f"{kind} {obj_id} already exists in {self.where}")
        if parent is not None:
            parent_kind, parent_model, parent_id = parent
            if parent_id is not None and not _has(conn, parent_model.id, parent_id):
                raise StoreError(f"{kind} {obj_id}: no {parent_kind} {parent_id} in {self.where}")
        conn.execute(insert(model).values(id=obj_id, created_at=utc_now_iso(), **values))

    def _unknown_game(self, game_id: str) -> UnknownGame:
        return UnknownGame(f"no game {game_id!r} in {self.where}")

    def game(self, game_id: str) -> GameInfo:
        """The game *game_id*, or :class:`~riftlog.errors.UnknownGame`."""
        with self._conn(write=False, doing=f"reading game {game_id}") as conn:
            row = conn.execute(select(Game).where(Game.id == game_id)).first()
        if row is None:
            raise self._unknown_game(game_id)
        return game_info(row)

    def games(self) -> list[GameInfo]:
        """Every game, oldest first."""
        with self._conn(write=False, doing="listing games") as conn:
            rows = conn.execute(select(Game).order_by(Game.created_at, Game.id)).all()
        return [game_info(r) for r in rows]

    def game_ids(self, page: int = 1000) -> Iterator[str]:
        """Every game id, in the order of :meth:`games` (oldest first), streamed in pages of
        *page* ids (keyset paging over the creation order): a bulk job over a large store
        holds one page of ids, never a list of every game's row."""
        after: tuple[str, str] | None = None
        while True:
            with self._cursor(write=False, doing="listing games") as cur:
                if after is None:
                    cur.execute(self._sql("SELECT created_at, id FROM games "
                                          "ORDER BY created_at, id LIMIT ?"), (page,))
                else:
                    cur.execute(self._sql(
                        "SELECT created_at, id FROM games WHERE created_at > ? OR "
                        "(created_at = ? AND id > ?) ORDER BY created_at, id LIMIT ?"),
                        (after[0], after[0], after[1], page))
                rows = cur.fetchall()
            for row in rows:
                yield str(row[1])
            if len(rows) < page:
                return
            after = (str(rows[-1][0]), str(rows[-1][1]))

    def game_count(self) -> int:
        """How many games the store holds."""
        with self._cursor(write=False, doing="counting games") as cur:
            cur.execute("SELECT COUNT(*) FROM games")
            return int(cur.fetchone()[0])

    def last_seq(self, game_id: str) -> int:
        """The seq of the game's last event (0 when it has none)."""
        return self.game(game_id).last_seq

    # --- appending ---------------------------------------------------------------

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

    # --- reading -----------------------------------------------------------------

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
            bad = checker.check_rows(rows) if verify else None
            if bad is not None:
                yield from decode_rows(rows[:bad], before)
                raise ChainBroken(game_id, checker.bad_seq or 0, checker.reason or "")
            # decoding a page at once is faster than row by row; the stream stays paged
            page = decode_rows(rows, before)
            before = page[-1].hash
            yield from page

    def _pages(self, game_id: str, from_seq: int, to_seq: int | None) -> Iterator[list[Any]]:
        hi = to_seq if to_seq is not None else 2**31 - 1
        seq = from_seq
        while seq <= hi:
            with self._cursor(write=False, doing=f"reading game {game_id}") as cur:
                cur.execute(self._q_page, (game_id, seq, hi, PAGE_SIZE))
                rows = cur.fetchall()
            if rows:
                yield rows
            if len(rows) < PAGE_SIZE:
                return
            seq = rows[-1][2] + 1

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

    # --- verification and sealing ------------------------------------------------

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

    def seal(self, game_id: str) -> str:
        """Seal a finished game with its final hash and return it; appends are then refused.

        The chain is verified first (a broken chain is not sealed).  Sealing a sealed game
        returns its seal.  With a signing key (:attr:`signing_key`, else the configured
        one) the sealed head is signed too (:meth:`sign`).
        """
        key = self.signing_key or configured_key()  # a bad key setting refuses before sealing
        digest = self._seal(game_id)
        if key is not None:
            self.sign(game_id, key)
        return digest

    def _seal(self, game_id: str) -> str:
        info = self.game(game_id)
        if info.sealed and info.seal_hash is not None:
            return info.seal_hash
        if info.last_seq == 0:
            raise StoreError(f"game {game_id} has no events to seal")
        self.verify(game_id).raise_if_bad()
        with self._conn(write=True, doing=f"sealing game {game_id}") as conn:
            stmt = select(Game.status, Game.last_seq, Game.last_hash, Game.seal_hash).where(
                Game.id == game_id
            )
            row = conn.execute(stmt.with_for_update() if self._pg else stmt).one()
            if row.status == "sealed" and row.seal_hash is not None:
                return str(row.seal_hash)
            if row.last_seq != info.last_seq:
                raise ConcurrencyConflict(game_id, info.last_seq, row.last_seq)
            conn.execute(
                update(Game)
                .where(Game.id == game_id)
                .values(status="sealed", seal_hash=row.last_hash, sealed_at=utc_now_iso())
            )
            self._thin(conn, game_id, int(row.last_seq), SEALED_SNAPSHOT_EVERY)
            self._pack_sealed(conn, game_id)
            return str(row.last_hash)

    def thin_snapshots(self, game_id: str, every: int = 0) -> int:
        """Thin the snapshots of sealed *game_id* to one per window of *every* seqs
        (default :data:`SEALED_SNAPSHOT_EVERY`; the earliest in each window) plus the one at
        its last seq; returns how many were dropped.  Sealing does this by itself; this is
        for games sealed by an older riftlog.  An open game keeps all of its snapshots;
        events are never touched (a snapshot is a cache, rebuilt from them at will)."""
        info = self.game(game_id)
        if not info.sealed:
            raise StoreError(f"game {game_id} is not sealed: only a sealed game's snapshots "
                             "are thinned")
        with self._conn(write=True, doing=f"thinning the snapshots of game {game_id}") as conn:
            dropped = self._thin(conn, game_id, info.last_seq, every or SEALED_SNAPSHOT_EVERY)
            self._pack_sealed(conn, game_id)
            return dropped

    def _thin(self, conn: Connection, game_id: str, last_seq: int, every: int) -> int:
        """Keep, per engine version, the earliest snapshot of each window of *every* seqs
        of *game_id* and the one at *last_seq*; delete the rest (in the caller's
        transaction).  Returns how many were deleted.  The recorder snapshots at the end of
        an append, so its seqs need not be multiples of the spacing: windows, not
        multiples, keep a seek's fold under *every* events."""
        done = conn.execute(text(
            "DELETE FROM snapshots WHERE game_id = :g AND seq <> :last AND seq NOT IN ("
            " SELECT MIN(k.seq) FROM snapshots k WHERE k.game_id = :g"
            " AND k.engine_version = snapshots.engine_version GROUP BY k.seq / :n)"),
            {"g": game_id, "last": last_seq, "n": every})
        return int(done.rowcount or 0)

    def _pack_sealed(self, conn: Connection, game_id: str) -> int:
        """Pack each kept snapshot of sealed *game_id* after the first (per engine version)
        against the first one's state (:mod:`riftlog.store.snapshot_packing`; issue 26:
        about half the bytes), in the caller's transaction; only snapshots whose proof
        checks with the store's key, re-vouched for with it.  Returns how many."""
        key = self.snapshot_key()
        if key is None:
            return 0
        rows = conn.execute(text(
            "SELECT seq, engine_version, event_hash, state_json, proof, created_at FROM "
            "snapshots WHERE game_id = :g ORDER BY engine_version, seq"), {"g": game_id}).all()
        bases: dict[str, tuple[int, bytes]] = {}
        packed = 0
        for seq, version, at_hash, body, proof, made in rows:
            if not key.vouches(proof, game_id, seq, version, at_hash, body):
                continue
            if version not in bases:
                raw = state_bytes(body)
                if raw is not None:
                    bases[version] = (seq, raw)
                continue
            new = pack_against(body, *bases[version])
            if new is None or len(new) >= len(body):
                continue
            where = {"g": game_id, "s": seq, "v": version}
            conn.execute(text("DELETE FROM snapshots WHERE game_id = :g AND seq = :s AND "
                              "engine_version = :v"), where)
            conn.execute(text(
                "INSERT INTO snapshots (game_id, seq, engine_version, event_hash, state_json, "
                "created_at, proof) VALUES (:g, :s, :v, :h, :t, :c, :p)"),
                {**where, "h": at_hash, "t": new, "c": made,
                 "p": key.proof(game_id, seq, version, at_hash, new)})
            packed += 1
        return packed

    # --- snapshots ---------------------------------------------------------------

    def snapshot_key(self, create: bool = False) -> SnapshotKey | None:
        """The store's snapshot key, kept outside the database in its secrets folder (see
        :mod:`riftlog.store.snapshot_key`); None when there is none, unless *create*."""
        if self._key is None:
            folder = secrets_folder(self.target.path, self.secrets) / self.store_id
            self._key = SnapshotKey.load(folder, create=create)
        return self._key

    def put_snapshot(
        self, game_id: str, seq: int, event_hash: str, state_json: str, engine_version: str,
        proof: str | None = None,
    ) -> None:
        """Store (or replace) the reduced state of *game_id* after event *seq*.

        *event_hash* must be the hash of that stored event: a snapshot is only valid for
        the exact history it was computed from.  *state_json* is the state as JSON text.
        *proof* vouches for it (:meth:`SnapshotKey.proof`, made by riftlog's fold: see
        :func:`riftlog.reducer.store_snapshot`); a snapshot without a proof that checks
        with the store's key is stored but never used (:meth:`latest_snapshot`).
        """
        try:
            json.loads(state_json)
        except ValueError as exc:
            raise StoreError(
                f"snapshot of game {game_id} at seq {seq}: state is not JSON: {exc}"
            ) from None
        with self._cursor(write=True, doing=f"storing a snapshot of game {game_id}") as cur:
            cur.execute(self._q_hash_at, (game_id, seq))
            row = cur.fetchone()
            if row is None:
                raise StoreError(f"snapshot of game {game_id}: there is no event at seq {seq}")
            stored = stored_hash((None, game_id, seq, None, None, None, None, None, None,
                                  None, row[0], row[1]))
            if stored != event_hash:
                raise StoreError(
                    f"snapshot of game {game_id} at seq {seq} was taken at hash {event_hash[:16]}..., "
                    f"but the stored event has hash {stored[:16]}..."
                )
            # the check and the write in one transaction (live-path: one commit, raw SQL)
            cur.execute(self._sql("DELETE FROM snapshots WHERE game_id = ? AND seq = ? AND "
                                  "engine_version = ?"), (game_id, seq, engine_version))
            cur.execute(self._sql(
                "INSERT INTO snapshots (game_id, seq, engine_version, event_hash, state_json, "
                "created_at, proof) VALUES (?, ?, ?, ?, ?, ?, ?)"),
                (game_id, seq, engine_version, event_hash, state_json, utc_now_iso(), proof))

    def snapshot_count(self, game_id: str) -> int:
        """How many snapshot rows *game_id* has (every engine version, stale ones too)."""
        with self._cursor(write=False, doing=f"reading snapshots of game {game_id}") as cur:
            cur.execute(self._sql("SELECT COUNT(*) FROM snapshots WHERE game_id = ?"), (game_id,))
            return int(cur.fetchone()[0])

    def latest_snapshot(
        self, game_id: str, engine_version: str, at_or_before_seq: int | None = None
    ) -> SnapshotInfo | None:
        """The newest usable snapshot at or before *at_or_before_seq* (default: any) for
        *engine_version*, in one indexed raw query (one more per unusable one skipped).

        Usable: its event hash still matches the stored event, and its proof checks with
        the store's snapshot key (so it is a state riftlog's fold computed, not one written
        in SQL or through :meth:`put_snapshot` without the key).  Others are skipped (a
        snapshot is a cache, never the truth).
        """
        key = self.snapshot_key()
        if key is None:
            return None  # nothing can vouch for a snapshot here: fold from the events
        at = at_or_before_seq
        while True:
            found = self._valid_snapshots(game_id, engine_version, at, newest_only=True)
            if not found or found[0].vouched:
                return found[0] if found else None
            at = found[0].seq - 1

    # --- re-validation (issue 7) ---------------------------------------------------

    def valid_snapshots(self, game_id: str, engine_version: str, at_or_before_seq: int,
                        pick: Callable[[list[int]], Iterable[int]] | None = None,
                        vouched_only: bool = True) -> list[SnapshotInfo]:
        """Every snapshot at or before *at_or_before_seq* whose event hash still matches the
        stored event (and, with *vouched_only*, whose proof checks with the store's key),
        newest first, in one indexed raw query: what calling :meth:`latest_snapshot` again
        below each result finds, one by one.  ``vouched_only=False`` is for checkers (a
        replay compares every snapshot with the events); each result says whether it is
        vouched for.

        With *pick*, only those at the seqs it picks from the valid ones' seqs (newest
        first): their texts are the only ones read (a second query), unless it picks more
        than :data:`_MAX_PICKED` (all texts are read then, the picked ones kept)."""
        if vouched_only and self.snapshot_key() is None:
            return []
        found = self._picked_snapshots(game_id, engine_version, at_or_before_seq, pick)
        return [info for info in found if info.vouched] if vouched_only else found

    def _picked_snapshots(self, game_id: str, engine_version: str, at_or_before_seq: int,
                          pick: Callable[[list[int]], Iterable[int]] | None,
                          ) -> list[SnapshotInfo]:
        if pick is None:
            return self._valid_snapshots(game_id, engine_version, at_or_before_seq)
        chosen = set(pick([row[0] for row in self._snapshot_rows(  # replay-perf: seqs only
            game_id, engine_version, at_or_before_seq, seqs_only=True)]))
        if not chosen:
            return []
        if len(chosen) > _MAX_PICKED:  # no "IN (?, ...)" beyond the backends' parameter caps
            return [info for info in self._valid_snapshots(
                game_id, engine_version, at_or_before_seq) if info.seq in chosen]
        return self._valid_snapshots(game_id, engine_version, at_or_before_seq,
                                     at=sorted(chosen, reverse=True))

    def _valid_snapshots(self, game_id: str, engine_version: str, at_or_before_seq: int | None,
                         newest_only: bool = False, at: list[int] | None = None,
                         ) -> list[SnapshotInfo]:
        """The snapshots of :meth:`latest_snapshot` (*newest_only*: at most one) and
        :meth:`valid_snapshots` (*at_or_before_seq* None: any seq; *at*: only those seqs)."""
        rows = self._snapshot_rows(game_id, engine_version, at_or_before_seq, newest_only, at=at)
        key = self.snapshot_key()
        found = [SnapshotInfo(game_id, r[0], engine_version, r[1], r[2], r[3], r[4],
                              key is not None and key.vouches(r[4], game_id, r[0],
                                                              engine_version, r[1], r[2]))
                 for r in rows]
        if not any('"zd"' in info.state_json for info in found):
            return found
        bases: dict[int, bytes | None] = {}  # per base seq: its state bytes (read once)
        out = []
        for info in found:
            unpacked = self._unpacked(info, found, bases)
            if unpacked is not None:
                out.append(unpacked)
        return out

    def _unpacked(self, info: SnapshotInfo, found: list[SnapshotInfo],
                  bases: dict[int, bytes | None]) -> SnapshotInfo | None:
        """*info* with its state unpacked when a seal packed it against the game's first
        kept snapshot (:mod:`riftlog.store.snapshot_packing`); None (never used, like a
        stale one) when it is not vouched for or its base no longer holds that state.
        The base is taken from *found* when it is there, else read; *bases* keeps it."""
        ref = base_ref(info.state_json)
        if ref is None:
            return info
        if not info.vouched:
            return None  # nothing unpacked that the key does not vouch for
        base_seq, digest = ref
        raw = self._bases.get(digest)  # (issue 26: a seek in a sealed game reads it once)
        if raw is None:
            if base_seq not in bases:
                base = next((b for b in found if b.seq == base_seq), None)
                if base is None:
                    base = next(iter(self._valid_snapshots(
                        info.game_id, info.engine_version, base_seq, newest_only=True)), None)
                ok = base is not None and base.seq == base_seq and base.vouched
                bases[base_seq] = state_bytes(base.state_json) if ok and base else None
            raw = bases[base_seq]
            if raw is not None:
                self._bases.put(raw)
        body = resolved(info.state_json, raw) if raw is not None else None
        return None if body is None else dataclasses.replace(info, state_json=body)

    def _snapshot_rows(self, game_id: str, engine_version: str, at_or_before_seq: int | None,
                       newest_only: bool = False, seqs_only: bool = False,
                       at: list[int] | None = None) -> list[Any]:
        """Their raw query: rows (seq, event hash, text, created_at, proof); *seqs_only*:
        (seq,)."""
        cols = ("s.seq" if seqs_only
                else "s.seq, s.event_hash, s.state_json, s.created_at, s.proof")
        only = f" AND s.seq IN ({', '.join('?' * len(at))})" if at else ""
        with self._cursor(write=False, doing=f"reading snapshots of game {game_id}") as cur:
            cur.execute(
                self._sql(
                    f"SELECT {cols} FROM snapshots s "
                    "JOIN events e ON e.game_id = s.game_id AND e.seq = s.seq "
                    "WHERE s.game_id = ? AND s.engine_version = ? AND s.seq <= ? "
                    f"AND s.event_hash = {self._hex_hash}{only} ORDER BY s.seq DESC"
                    + (" LIMIT 1" if newest_only else "")
                ),
                (game_id, engine_version,
                 at_or_before_seq if at_or_before_seq is not None else _NO_SEQ_LIMIT, *(at or ())),
            )
            return list(cur.fetchall())

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

    # --- plumbing ----------------------------------------------------------------

    def _sql(self, text: str) -> str:
        """Write raw SQL with ``?`` placeholders; psycopg wants ``%s``."""
        return text.replace("?", "%s") if self._pg else text

    @contextmanager
    def _conn(self, write: bool, doing: str) -> Iterator[Connection]:
        """A SQLAlchemy connection inside one transaction (``BEGIN IMMEDIATE`` on SQLite writes)."""
        if write:
            self.check_writable(doing)
        with translate_errors(self.target, doing), self.engine.connect() as conn:
            if write:
                conn.execution_options(riftlog_write=True)
            with conn.begin():
                yield conn

    @contextmanager
    def _cursor(self, write: bool, doing: str) -> Iterator[Any]:
        """A raw DBAPI cursor inside one transaction (for the hot paths).

        Each thread keeps one connection from the pool for these, so an append costs the
        SQL and the commit, not a pool checkout.  SQLite writes start ``BEGIN IMMEDIATE``;
        SQLite reads are single statements; psycopg begins a transaction by itself.
        """
        if write:
            self.check_writable(doing)
        with translate_errors(self.target, doing):
            raw = self._raw_connection()
            cur = raw.cursor()
            done = False
            try:
                if write and not self._pg:
                    cur.execute("BEGIN IMMEDIATE")
                yield cur
                done = True
            finally:
                try:
                    if done and write:
                        raw.commit()
                    else:
                        raw.rollback()
                except BaseException:
                    self._drop_raw_connection()
                    if done:
                        raise
                finally:
                    cur.close()

    def _raw_connection(self) -> Any:
        local = self._local
        if getattr(local, "pid", None) != os.getpid():
            local.conn = None  # a forked child must not use its parent's connection
            local.pid = os.getpid()
        if local.conn is None:
            pooled = self.engine.raw_connection()
            with self._raw_lock:
                self._raw_pooled.append(pooled)
            local.conn = pooled.driver_connection
            local.pooled = pooled
            # issue 22: when the thread ends (a server's worker threads come and go), its
            # connection goes back to the pool instead of staying checked out for good
            local.release = _ReleaseAtThreadEnd(self, pooled)
        return local.conn

    def _release_pooled(self, pooled: Any) -> None:
        """Return a thread's connection to the pool (the thread has ended)."""
        with self._raw_lock:
            if pooled not in self._raw_pooled:
                return  # closed with the store, or dropped
            self._raw_pooled.remove(pooled)
        if self._pid == os.getpid():
            with contextlib.suppress(Exception):
                pooled.close()

    def _drop_raw_connection(self) -> None:
        pooled = getattr(self._local, "pooled", None)
        self._local.conn = None
        self._local.pooled = None
        if pooled is not None:
            with self._raw_lock:
                if pooled in self._raw_pooled:
                    self._raw_pooled.remove(pooled)
            with contextlib.suppress(Exception):
                pooled.invalidate()
