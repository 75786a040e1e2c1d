"""The tables of the event store, as typed SQLAlchemy 2 declarative models.

These models describe the schema; they never create it.  The schema is made and changed
only by the Alembic migrations in ``migrations/`` (``riftlog db upgrade``), and a test
checks that the migrated database matches these models exactly.

Layout:

* ``tournaments`` -> ``matches`` (round, table, best of N) -> ``games``: what a game is
  judged under (mode, rules edition, catalog version, engine version), its status, its
  head (last seq and hash) and, once sealed, its seal hash.
* ``events``: the append-only log.  ``position`` is a global, increasing feed position;
  ``(game_id, seq)`` and ``(game_id, client_event_id)`` are unique (client ids are scoped
  to their game; only rows with one are indexed).  A row is *lean* (appended since
  migration 0008: the hash as 32 raw bytes in ``digest``, the previous hash derived from
  the previous row) or *old-form* (hex ``prev_hash`` and ``hash``), never rewritten.  Database triggers refuse every
  UPDATE and DELETE.  ``payload`` is the canonical JSON text exactly as hashed (text, not
  JSONB: the stored bytes are what the hash covers).
* ``service_tokens`` and ``game_access``: the HTTP service's tokens (hashed) and each
  game's public and spectator-delay settings (``riftlog serve``, ``riftlog token``).
* ``checkpoints``: Ed25519 signatures over a game's head (game, seq, head hash, header
  hash), made with a key the database never holds; append-only like the events.
* ``snapshots``: a cache of reduced game state at a seq, keyed by engine version,
  checked against the hash of the event it was taken at and vouched for by a proof made
  with a key kept outside the database (``riftlog.store.snapshot_key``).

Timestamps are ISO 8601 UTC strings (``2026-03-30T12:00:00.000000Z``), the same form the
event envelope uses, so both backends store and compare them identically.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Constraint names are fixed so migrations can refer to them on every backend.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ID = String(64)
HASH = String(64)
STAMP = String(32)

#: A 64-bit integer on PostgreSQL, SQLite's rowid alias ``INTEGER PRIMARY KEY`` there.
BigId = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    """Declarative base holding the store's metadata."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class Tournament(Base):
    """A tournament groups matches (by round and table)."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[str] = mapped_column(STAMP)


class Match(Base):
    """A match (best of 1 or 3) groups games; optionally part of a tournament."""

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    tournament_id: Mapped[str | None] = mapped_column(ID, ForeignKey("tournaments.id"), index=True)
    round: Mapped[int | None] = mapped_column(Integer)
    table_label: Mapped[str | None] = mapped_column(String(40))
    best_of: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[str] = mapped_column(STAMP)


class Game(Base):
    """One game: one event stream, pinned to what it is judged under."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    match_id: Mapped[str | None] = mapped_column(ID, ForeignKey("matches.id"), index=True)
    game_number: Mapped[int] = mapped_column(Integer, default=1)
    mode: Mapped[str] = mapped_column(String(20))
    rules_edition: Mapped[str] = mapped_column(String(40))
    catalog_version: Mapped[str] = mapped_column(String(40))
    engine_version: Mapped[str] = mapped_column(String(40))
    #: ``open`` or ``sealed``
    status: Mapped[str] = mapped_column(String(10), default="open")
    #: the head of the chain: seq and hash of the last event (0 and genesis when empty)
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    last_hash: Mapped[str] = mapped_column(HASH)
    seal_hash: Mapped[str | None] = mapped_column(HASH)
    sealed_at: Mapped[str | None] = mapped_column(STAMP)
    created_at: Mapped[str] = mapped_column(STAMP)


class Event(Base):
    """One stored event: append-only, hash-chained within its game."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("game_id", "seq"),
        # unique among the rows that have a client id (no index entry for those without)
        Index("uq_events_game_id_client_event_id", "game_id", "client_event_id", unique=True,
              sqlite_where=text("client_event_id IS NOT NULL"),
              postgresql_where=text("client_event_id IS NOT NULL")),
        # every row is old-form (hex prev_hash and hash) or lean (only the 32-byte digest)
        CheckConstraint(
            "(prev_hash IS NOT NULL AND hash IS NOT NULL AND digest IS NULL) OR "
            "(prev_hash IS NULL AND hash IS NULL AND digest IS NOT NULL "
            "AND length(digest) = 32)", name="one_form"),
    )

    #: global feed position, increasing in commit order.  On SQLite this is the rowid
    #: (max + 1; never reused, because the triggers refuse every DELETE), without the
    #: AUTOINCREMENT bookkeeping that would cost one more page write per commit.
    position: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ID, ForeignKey("games.id"))
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(100))
    schema_version: Mapped[int] = mapped_column(Integer)
    actor: Mapped[str | None] = mapped_column(String(100))
    #: canonical JSON text of the payload, byte for byte what the hash covers
    payload: Mapped[str] = mapped_column(Text)
    client_event_id: Mapped[str | None] = mapped_column(String(200))
    recorded_at: Mapped[str] = mapped_column(STAMP)
    #: old-form rows (stored before migration 0008): the previous event's hash and this
    #: event's hash, 64 hex digits each; NULL in lean rows
    prev_hash: Mapped[str | None] = mapped_column(HASH)
    hash: Mapped[str | None] = mapped_column(HASH)
    #: lean rows (0008 on): this event's SHA-256 as 32 raw bytes; their previous hash is
    #: the previous row's hash (derived when reading and verifying)
    digest: Mapped[bytes | None] = mapped_column(LargeBinary)


class Snapshot(Base):
    """Reduced game state at a seq: a cache, rebuildable, checked against the event hash."""

    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ID, ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    engine_version: Mapped[str] = mapped_column(String(40), primary_key=True)
    #: hash of the event at ``seq`` when the snapshot was taken
    event_hash: Mapped[str] = mapped_column(HASH)
    state_json: Mapped[str] = mapped_column(Text)
    created_at: Mapped[str] = mapped_column(STAMP)
    #: ``<key id>:<HMAC>`` made with the store's snapshot key (kept outside the database)
    #: by riftlog's own fold; a snapshot without a proof that checks is never used
    proof: Mapped[str | None] = mapped_column(String(80))


class StoreInfo(Base):
    """Facts about the store itself: ``store_id``, a random id recorded at creation."""

    __tablename__ = "store_info"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class ServiceToken(Base):
    """A token of the HTTP service: its role and scope; only the SHA-256 of its secret."""

    __tablename__ = "service_tokens"
    __table_args__ = (UniqueConstraint("secret_hash"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    secret_hash: Mapped[str] = mapped_column(HASH)
    role: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(80))
    tournament_id: Mapped[str | None] = mapped_column(ID)
    game_id: Mapped[str | None] = mapped_column(ID)
    seat: Mapped[str | None] = mapped_column(ID)
    created_at: Mapped[str] = mapped_column(STAMP)
    revoked_at: Mapped[str | None] = mapped_column(STAMP)


class GameAccess(Base):
    """Who beyond the game's tokens may read it: the public once finished (when the
    organiser allows it); and how many events spectators are kept behind."""

    __tablename__ = "game_access"

    game_id: Mapped[str] = mapped_column(ID, ForeignKey("games.id"), primary_key=True)
    public: Mapped[int] = mapped_column(Integer)
    spectator_delay: Mapped[int] = mapped_column(Integer)


class Checkpoint(Base):
    """A signed checkpoint of a game's head (see :mod:`riftlog.store.checkpoints`)."""

    __tablename__ = "checkpoints"

    game_id: Mapped[str] = mapped_column(ID, ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: the first 16 hex digits of SHA-256 of the raw public key
    key_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    #: the signer's raw Ed25519 public key, base64
    public_key: Mapped[str] = mapped_column(String(64))
    head_hash: Mapped[str] = mapped_column(HASH)
    #: SHA-256 of the game's header (games row pins and the hash of its GameCreated event)
    header_hash: Mapped[str] = mapped_column(HASH)
    #: whether the game was sealed at this seq when it was signed (a head signed open, then
    #: sealed as it stood, has both)
    sealed: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    signed_at: Mapped[str] = mapped_column(STAMP)
    #: the Ed25519 signature of the checkpoint's canonical text, base64
    signature: Mapped[str] = mapped_column(String(100))


__all__ = ["Base", "Checkpoint", "Event", "Game", "GameAccess", "Match", "ServiceToken",
           "Snapshot", "StoreInfo", "Tournament"]
