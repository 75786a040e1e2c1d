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
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, get_args

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.engine import Connection

from riftlog.errors import (
    AlreadyExists,
    ConcurrencyConflict,
    DatabaseUnavailable,
    EventError,
    StoreError,
    UnknownGame,
)
from riftlog.events import GENESIS_HASH, NewEvent, utc_now_iso
from riftlog.events.actor import Actor
from riftlog.events.payloads import Mode
from riftlog.store import migrate
from riftlog.store.appending import Appending, _ClientIdTaken, _SeqTaken
from riftlog.store.codec import EVENT_COLUMNS
from riftlog.store.database import (
    Target,
    create_private_file,
    make_engine,
    read_only_target,
    resolve,
    translate_errors,
)
from riftlog.store.evidence import Evidence
from riftlog.store.models import Game, Match, StoreInfo, Tournament
from riftlog.store.reading import FEED_LOCK as FEED_LOCK
from riftlog.store.reading import Reading
from riftlog.store.records import (
    GameInfo,
    Header,
    check_id,
    game_info,
    prepare_event,
    stamp_actor,
)
from riftlog.store.signing import SigningKey, configured_key
from riftlog.store.snapshot_key import SnapshotKey
from riftlog.store.snapshot_packing import (
    BaseCache,
)
from riftlog.store.snapshots import SEALED_SNAPSHOT_EVERY, Snapshots

_MODES = frozenset(get_args(Mode))
#: rows fetched per query when streaming a game
PAGE_SIZE = 2000


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


class EventStore(Appending, Reading, Snapshots, Evidence):
    """An append-only, hash-chained event store over one database.

    Open it with :meth:`open`.  It holds a small connection pool; :meth:`close` (or a
    ``with`` block) releases it.  Safe to use from several threads and processes at once.

    Its methods are in modules named for what they hold: appending
    (:mod:`riftlog.store.appending`), reading and verifying (:mod:`riftlog.store.reading`),
    snapshots (:mod:`riftlog.store.snapshots`), checkpoints and receipts
    (:mod:`riftlog.store.evidence`); opening, games, sealing and the connections are here.
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

    # --- sealing -----------------------------------------------------------------

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
