"""Plain records of the store (games, snapshots) and the per-event steps of an append.

:func:`prepare_event` validates and encodes one new event before the write lock is taken;
:func:`resolve_retry` answers a batch whose client event ids are already stored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy.engine import Row

from riftlog.errors import EventError, StoreError, UnknownEventType
from riftlog.events import (
    NewEvent,
    StoredEvent,
    payload_model,
)
from riftlog.events.registry import canonical_payload
from riftlog.store.codec import body_text, decode_rows

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
    try:
        body = body_text(game_id, seq, type_, version, actor, payload_json, cid, recorded_at)
        data = body.encode("utf-8")
    except (EventError, UnicodeEncodeError) as exc:
        raise EventError(f"game {game_id} seq {seq}: {exc}") from None
    return (seq, type_, version, actor, payload_json, cid, recorded_at, data)


def resolve_retry(
    game_id: str, prepared: list[Prepared], existing: list[Any], where: str
) -> list[StoredEvent]:
    """Resolve a batch whose client event ids are already stored: a retry, or a misuse."""
    by_cid = {row[7]: row for row in existing}
    out: list[StoredEvent] = []
    for seq, type_, _version, _actor, payload_json, cid, _at, _body in prepared:
        row = by_cid.get(cid) if cid is not None else None
        if row is None:
            raise EventError(
                f"game {game_id}: {len(existing)} of the {len(prepared)} events of this batch "
                "are already stored (by client event id); a retry must repeat the whole batch"
            )
        if row[1] != game_id:
            raise EventError(
                f"game {game_id} seq {seq}: client event id {cid!r} is already used by "
                f"game {row[1]} seq {row[2]}"
            )
        if row[3] != type_ or row[6] != payload_json:
            raise EventError(
                f"game {game_id} seq {seq}: client event id {cid!r} was already used for a "
                f"different event (seq {row[2]}, {row[3]})"
            )
        out.append(row)
    return decode_rows(out)


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
