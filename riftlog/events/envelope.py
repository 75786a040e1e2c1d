"""The event envelope: what is stored for every event, and how it is hashed.

A :class:`NewEvent` is what a caller hands the store; the store assigns seq, recorded-at
and the hash chain, records who appended it in ``actor`` (an
:class:`~riftlog.events.actor.Actor`'s :meth:`~riftlog.events.actor.Actor.envelope` text:
a seat id, or ``recorder:NAME``, ``judge:NAME``, ``organiser:NAME``) and returns a
:class:`StoredEvent`.  ``actor`` is hashed like every other field, so who appended an
event cannot be changed afterwards; :meth:`StoredEvent.acted_by` reads it back, upcasting
the bare names of events stored before identities existed.  The hashed body is the canonical
JSON of every envelope field except ``prev_hash``, ``hash`` and ``position`` (the global
feed position is assigned by the database and is not part of the game's history).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from riftlog.events.actor import Actor
from riftlog.events.canonical import canonical_bytes, chain_hash
from riftlog.events.registry import Payload, current_version, parse_stored


def utc_now_iso() -> str:
    """The current UTC time as ISO 8601 with microseconds and a ``Z``."""
    # isoformat is several times faster than strftime and gives the same text here
    return datetime.now(UTC).isoformat(timespec="microseconds")[:-6] + "Z"


class NewEvent(BaseModel):
    """An event about to be appended (no seq or hashes yet)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    payload: dict[str, Any]
    #: who appends it (set by the store from the appending identity when None)
    actor: str | None = None
    client_event_id: str | None = Field(default=None, max_length=200)
    schema_version: int | None = None
    #: Stamped by the store: an append that brings its own is refused (bundles keep
    #: theirs through :mod:`riftlog.bundle`).
    recorded_at: str | None = None

    @classmethod
    def of(
        cls,
        payload: Payload,
        actor: Actor | str | None = None,
        client_event_id: str | None = None,
    ) -> NewEvent:
        """Wrap a payload model as a new event (*actor*: who appends it)."""
        return cls(
            type=payload.type,
            payload=payload.model_dump(mode="json"),
            actor=actor.envelope() if isinstance(actor, Actor) else actor,
            client_event_id=client_event_id,
            schema_version=type(payload).SCHEMA_VERSION,
        )

    def version(self) -> int:
        """The schema version this event is written at (current one by default)."""
        return self.schema_version if self.schema_version is not None else current_version(self.type)


class StoredEvent(BaseModel):
    """An event as stored: immutable, with its place in the game's hash chain."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game_id: str
    seq: int = Field(ge=1)
    type: str
    schema_version: int = Field(ge=1)
    actor: str | None
    payload: dict[str, Any]
    client_event_id: str | None
    recorded_at: str
    prev_hash: str
    hash: str
    position: int | None = None

    @field_validator("prev_hash", "hash")
    @classmethod
    def _hex64(cls, v: str) -> str:
        if len(v) != 64 or any(c not in "0123456789abcdef" for c in v):
            raise ValueError("must be 64 lower-case hex digits")
        return v

    def body(self) -> dict[str, Any]:
        """The hashed part of the envelope."""
        return body_of(
            self.game_id, self.seq, self.type, self.schema_version, self.actor,
            self.payload, self.client_event_id, self.recorded_at,
        )

    def computed_hash(self) -> str:
        """Recompute this event's hash from prev_hash and its canonical body."""
        return chain_hash(self.prev_hash, canonical_bytes(self.body()))

    def acted_by(self) -> Actor | None:
        """Who appended this event (None: not recorded, as for some old events)."""
        return Actor.from_envelope(self.actor, self.type)

    def decoded(self) -> Payload:
        """The payload as its typed model, upcast to the current schema version."""
        return parse_stored(self.type, self.schema_version, self.payload, self.game_id, self.seq)


def body_of(
    game_id: str,
    seq: int,
    type_: str,
    schema_version: int,
    actor: str | None,
    payload: dict[str, Any],
    client_event_id: str | None,
    recorded_at: str,
) -> dict[str, Any]:
    """The dict whose canonical JSON is hashed for one event."""
    return {
        "game_id": game_id,
        "seq": seq,
        "type": type_,
        "schema_version": schema_version,
        "actor": actor,
        "payload": payload,
        "client_event_id": client_event_id,
        "recorded_at": recorded_at,
    }
