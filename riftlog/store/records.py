"""Plain records of the store (games, snapshots) and the per-event steps of an append.

:func:`prepare_event` validates and encodes one new event before the write lock is taken;
:func:`resolve_retry` answers a batch whose client event ids are already stored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from json.encoder import encode_basestring  # the encoder json.dumps(ensure_ascii=False) uses
from typing import Any, Literal, NamedTuple

from sqlalchemy.engine import Row

from riftlog.errors import EventError, StoreError, UnknownEventType
from riftlog.events import (
    NewEvent,
    StoredEvent,
    payload_model,
)
from riftlog.events.actor import Actor, check_permitted
from riftlog.events.payloads import GameCreated
from riftlog.events.registry import canonical_payload
from riftlog.store.codec import HashOf, body_text, decode_rows

ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$")


@dataclass(frozen=True)
class GameInfo:
    """A game as the store knows it (not its state: that comes from the events)."""

    id: str
    match_id: str | None
    game_number: int
    mode: str
    rules_edition: str
    catalog_version: str
    engine_version: str
    status: Literal["open", "sealed"]
    last_seq: int
    last_hash: str
    seal_hash: str | None
    sealed_at: str | None
    created_at: str

    @property
    def sealed(self) -> bool:
        """True once the game is sealed with its final hash."""
        return self.status == "sealed"


class Header(NamedTuple):
    """What a game is judged under, as the games row and its hashed GameCreated both say."""

    mode: str
    rules_edition: str
    catalog_version: str
    engine_version: str
    match_id: str | None
    game_number: int

    @classmethod
    def of(cls, created: GameCreated) -> Header:
        return cls(created.mode, created.rules_edition, created.catalog_version,
                   created.engine_version, created.match_id, created.game_number)

    @classmethod
    def of_info(cls, info: GameInfo) -> Header:
        return cls(info.mode, info.rules_edition, info.catalog_version, info.engine_version,
                   info.match_id, info.game_number)


def header_problem(row: tuple[Any, ...], created: Header) -> str | None:
    """How the games row's header (*row*, in :class:`Header` order) differs from the
    hashed GameCreated's, or None."""
    for name, stored, hashed in zip(Header._fields, row, created, strict=True):
        if stored != hashed:
            label = name.replace("_", " ")
            return (f"the games row says {label} {stored!r} but the hashed GameCreated "
                    f"(seq 1) says {hashed!r} (the games row was edited)")
    return None


@dataclass(frozen=True)
class SnapshotInfo:
    """A stored snapshot of reduced game state at a seq."""

    game_id: str
    seq: int
    engine_version: str
    event_hash: str
    state_json: str
    created_at: str
    #: ``<key id>:<HMAC>`` (see :mod:`riftlog.store.snapshot_key`), None when it has none
    proof: str | None = None
    #: whether the proof checks with this store's snapshot key (only such are ever used)
    vouched: bool = False


# (seq, type, schema version, actor, payload json, client id, recorded at, body bytes)
Prepared = tuple[int, str, int, str | None, str, str | None, str, bytes]


def _envelope_fields(game_id: str, seq: int, ev: NewEvent, now: str
                     ) -> tuple[str | None, str, str | None]:
    """The actor, recorded-at stamp (*now* unless the event brings its own) and client id
    of a new event, checked: an actor of 1 to 100 characters, a stamp of at most 32, a
    client id not empty."""
    actor = ev.actor
    if actor is not None and not 0 < len(actor) <= 100:
        raise EventError(f"game {game_id} seq {seq}: actor must be 1 to 100 characters")
    recorded_at = ev.recorded_at or now
    if len(recorded_at) > 32:
        raise EventError(
            f"game {game_id} seq {seq}: recorded_at {recorded_at!r} is too long for a timestamp"
        )
    cid = ev.client_event_id
    if cid is not None and not cid:
        raise EventError(f"game {game_id} seq {seq}: client event id must not be empty")
    return actor, recorded_at, cid


def prepare_event(game_id: str, seq: int, ev: NewEvent, now: str) -> Prepared:
    """Validate one new event and encode its body (everything but the hash).

    *now* is the recorded-at stamp for events that do not bring their own (one per batch:
    the events of a batch are recorded together).
    """
    type_ = ev.type
    try:
        model = payload_model(type_)
    except UnknownEventType:
        raise UnknownEventType(f"game {game_id} seq {seq}: unknown event type {type_!r}") from None
    version = model.SCHEMA_VERSION if ev.schema_version is None else ev.schema_version
    # one byte form per event: validated strictly, stored as the validated canonical form
    payload_json = canonical_payload(type_, version, ev.payload, f"game {game_id} seq {seq}")
    actor, recorded_at, cid = _envelope_fields(game_id, seq, ev, now)
    try:
        body = body_text(game_id, seq, type_, version, actor, payload_json, cid, recorded_at)
        data = body.encode("utf-8")
    except (EventError, UnicodeEncodeError) as exc:
        raise EventError(f"game {game_id} seq {seq}: {exc}") from None
    return (seq, type_, version, actor, payload_json, cid, recorded_at, data)


def prepare_batch(game_id: str, first_seq: int, batch: list[NewEvent], now: str
                  ) -> list[Prepared]:
    """:func:`prepare_event` of each event of *batch* (seqs from *first_seq*), the same
    checks, errors and bytes (a test compares them), with what a batch shares worked out
    once: the game id's and the stamp's JSON, each type's model, each actor's JSON."""
    gid = encode_basestring(game_id)
    stamp = encode_basestring(now)
    models: dict[str, Any] = {}
    actors: dict[str | None, str] = {None: "null"}  # each actor's JSON, checked
    texts: dict[str, str] = {}  # each type's JSON
    out = []
    for seq, ev in enumerate(batch, first_seq):
        type_ = ev.type
        model = models.get(type_)
        if model is None:
            try:
                model = models[type_] = payload_model(type_)
            except UnknownEventType:
                raise UnknownEventType(
                    f"game {game_id} seq {seq}: unknown event type {type_!r}") from None
        version = model.SCHEMA_VERSION if ev.schema_version is None else ev.schema_version
        # one byte form per event: validated strictly, stored as the validated canonical form
        payload_json = canonical_payload(type_, version, ev.payload, f"game {game_id} seq {seq}")
        # the checks of _envelope_fields, an actor's once per batch
        actor = ev.actor
        a = actors.get(actor)
        if a is None:
            assert actor is not None  # None is "null" in actors
            if not 0 < len(actor) <= 100:
                raise EventError(f"game {game_id} seq {seq}: actor must be 1 to 100 characters")
            a = actors[actor] = encode_basestring(actor)
        recorded_at = ev.recorded_at or now
        if len(recorded_at) > 32:
            raise EventError(f"game {game_id} seq {seq}: recorded_at {recorded_at!r} is too "
                             "long for a timestamp")
        cid = ev.client_event_id
        if cid is not None and not cid:
            raise EventError(f"game {game_id} seq {seq}: client event id must not be empty")
        t = texts.get(type_)
        if t is None:
            t = texts[type_] = encode_basestring(type_)
        # the canonical body: keys sorted, compact (what body_text gives)
        body = (f'{{"actor":{a},"client_event_id":'
                f'{"null" if cid is None else encode_basestring(cid)},"game_id":{gid},'
                f'"payload":{payload_json},"recorded_at":'
                f'{stamp if recorded_at is now else encode_basestring(recorded_at)},'
                f'"schema_version":{int(version)},"seq":{seq},"type":{t}}}')
        try:
            data = body.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise EventError(f"game {game_id} seq {seq}: {exc}") from None
        out.append((seq, type_, version, actor, payload_json, cid, recorded_at, data))
    return out


def resolve_retry(
    game_id: str, prepared: list[Prepared], existing: list[Any], where: str,
    hash_of: HashOf | None = None,
) -> list[StoredEvent]:
    """Resolve a batch whose client event ids are already stored: a retry, or a misuse
    (*hash_of* links lean rows to their previous events)."""
    by_cid = {row[7]: row for row in existing}
    out: list[StoredEvent] = []
    for seq, type_, _version, _actor, payload_json, cid, _at, _body in prepared:
        row = by_cid.get(cid) if cid is not None else None
        if row is None:
            raise EventError(
                f"game {game_id}: {len(existing)} of the {len(prepared)} events of this batch "
                "are already stored (by client event id); a retry must repeat the whole batch"
            )
        if row[3] != type_ or row[6] != payload_json:
            raise EventError(
                f"game {game_id} seq {seq}: client event id {cid!r} was already used for a "
                f"different event (seq {row[2]}, {row[3]})"
            )
        out.append(row)
    return decode_rows(sorted(out, key=lambda r: r[2]), hash_of=hash_of)


def check_id(kind: str, value: str) -> None:
    if not isinstance(value, str) or not ID_RE.match(value):
        raise StoreError(
            f"{kind} id {value!r} must be 1 to 64 letters, digits or _ . : - "
            "(starting with a letter or digit)"
        )


def game_info(row: Row[Any]) -> GameInfo:
    g = row
    return GameInfo(
        id=g.id,
        match_id=g.match_id,
        game_number=g.game_number,
        mode=g.mode,
        rules_edition=g.rules_edition,
        catalog_version=g.catalog_version,
        engine_version=g.engine_version,
        status=g.status,
        last_seq=g.last_seq,
        last_hash=g.last_hash,
        seal_hash=g.seal_hash,
        sealed_at=g.sealed_at,
        created_at=g.created_at,
    )


# --- who appends, and the game's GameCreated ---------------------------------------------


def appending_identity(
    game_id: str, batch: list[NewEvent], expected_seq: int, actor: Actor | None
) -> Actor | EventError:
    """Who appends *batch*: *actor*, or the one identity every event of it names (else the
    error to raise, once the payloads' own errors, which say more, have had their turn)."""
    if actor is not None:
        return actor
    named = {ev.actor for ev in batch}
    if None in named or len(named) != 1:
        return EventError(
            f"game {game_id} seq {expected_seq + 1}: name who appends "
            "(actor=Actor...): every event of a batch is appended by one identity"
        )
    found = Actor.from_envelope(batch[0].actor, batch[0].type)
    if found is None:
        return EventError(
            f"game {game_id} seq {expected_seq + 1}: actor {batch[0].actor!r} "
            "is not an identity (p1, recorder:NAME, judge:NAME, organiser:NAME)"
        )
    return found


def stamp_actor(
    game_id: str, batch: list[NewEvent], expected_seq: int, actor: Actor
) -> list[NewEvent]:
    """The batch with every envelope ``actor`` set to *actor*, who appends it; refused when
    an event brings its own ``recorded_at`` (the store stamps it) or names someone else."""
    text = actor.envelope()
    out = []
    for i, ev in enumerate(batch, 1):
        if ev.recorded_at is not None:
            raise EventError(
                f"game {game_id} seq {expected_seq + i}: recorded_at is stamped by the "
                "store, not the client (an import keeps its own through riftlog.bundle)"
            )
        if ev.actor is not None and ev.actor != text \
                and Actor.from_envelope(ev.actor, ev.type) != actor:
            raise EventError(
                f"game {game_id} seq {expected_seq + i}: the event names actor "
                f"{ev.actor!r} but is appended by {actor}"
            )
        out.append(ev if ev.actor == text else ev.model_copy(update={"actor": text}))
    return out


def check_batch(
    game_id: str,
    header: Header,
    created: tuple[Header, frozenset[str]] | None,
    prepared: list[Prepared],
    batch: list[NewEvent] | None,
    actor: Actor | None,
) -> None:
    """The games row's *header* agrees with the game's hashed GameCreated (*created*: its
    header and seats, or None; else the one this batch appends at seq 1), and *actor* may
    append the batch's notes (a note's author is the identity; a player holds a seat)."""
    if created is None and prepared[0][1] == "GameCreated" and batch is not None:
        payload = GameCreated.model_validate(batch[0].payload)
        created = (Header.of(payload), frozenset(p.id for p in payload.players))
    if created is not None:
        problem = header_problem(header, created[0])
        if problem is not None:
            raise StoreError(f"game {game_id}: {problem}; nothing was written")
    if actor is None or batch is None:
        return
    seats = created[1] if created is not None else None
    # a note's permission hangs on its author alone (its payload, already validated, names
    # one as a str): each author is checked once per batch
    authors: set[str] = set()
    for (seq, type_, *_rest), ev in zip(prepared, batch, strict=True):
        if type_ == "NoteAdded":
            author = ev.payload.get("author")
            if type(author) is str and author in authors:
                continue
            check_permitted(actor, game_id, seq, type_, ev.payload, seats)
            if type(author) is str:
                authors.add(author)
