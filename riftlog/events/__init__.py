"""Event schemas: payload registry, envelope, canonical JSON and hashing."""

from __future__ import annotations

from riftlog.events.actor import LOCAL_RECORDER, Actor, check_permitted
from riftlog.events.canonical import GENESIS_HASH, canonical_bytes, canonical_json, chain_hash
from riftlog.events.envelope import NewEvent, StoredEvent, body_of, utc_now_iso
from riftlog.events.registry import (
    Payload,
    current_version,
    event_payload,
    parse_payload,
    payload_json_schema,
    payload_model,
    payload_types,
    upcast,
    upcaster,
)
from riftlog.events.schema import event_json_schema

__all__ = [
    "GENESIS_HASH",
    "LOCAL_RECORDER",
    "Actor",
    "NewEvent",
    "Payload",
    "StoredEvent",
    "body_of",
    "canonical_bytes",
    "canonical_json",
    "chain_hash",
    "check_permitted",
    "current_version",
    "event_json_schema",
    "event_payload",
    "parse_payload",
    "payload_json_schema",
    "payload_model",
    "payload_types",
    "upcast",
    "upcaster",
    "utc_now_iso",
]
