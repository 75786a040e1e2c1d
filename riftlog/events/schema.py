"""The JSON Schema of the whole event format: the stored envelope plus the payload union.

``riftlog schema`` prints it; clients that write events (or read exports) can validate
against it.  The payload is the discriminated union (on ``type``) of every registered
payload model at its current schema version.
"""

from __future__ import annotations

from typing import Any

from riftlog.events.envelope import StoredEvent
from riftlog.events.registry import payload_json_schema


def event_json_schema() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) of a stored event: envelope with a typed payload."""
    envelope = StoredEvent.model_json_schema()
    payloads = payload_json_schema()
    defs: dict[str, Any] = {}
    defs.update(payloads.pop("$defs", {}))
    defs.update(envelope.pop("$defs", {}))
    # the payload union becomes a named definition the envelope refers to
    defs["Payload"] = payloads
    envelope["properties"]["payload"] = {
        "$ref": "#/$defs/Payload",
        "description": "The event's payload; its 'type' equals the envelope's 'type'.",
    }
    return {
        **envelope,
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://riftlog.invalid/schema/event.json",
        "title": "riftlog event",
        "description": (
            "One stored event of a game. hash = SHA-256(prev_hash + canonical JSON of every "
            "envelope field except prev_hash, hash and position)."
        ),
        "$defs": defs,
    }
