"""Canonical JSON and the hash chain.

The canonical form is what is stored and what is hashed: keys sorted, no insignificant
whitespace, UTF-8 (non-ASCII kept as is), no NaN or infinities.  Two equal documents
always give the same bytes, so the hash of an event never depends on who wrote it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from riftlog.errors import EventError

#: prev_hash of the first event of every game.
GENESIS_HASH = "0" * 64

# one encoder for every call (json.dumps would build a new one each time it gets options)
_ENCODER = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
)


def _not_json(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


# The C encoder json itself uses, built once (JSONEncoder.encode builds one per call).
# Without the markers dict it skips the cycle check; a cycle ends in RecursionError.
_C_ENCODE = (
    json.encoder.c_make_encoder(  # type: ignore[attr-defined]
        None, _not_json, json.encoder.encode_basestring, None, ":", ",", True, False, False
    )
    if getattr(json.encoder, "c_make_encoder", None) is not None
    else None
)


def canonical_json(value: Any) -> str:
    """Return *value* as canonical JSON text (sorted keys, compact, UTF-8, no NaN)."""
    try:
        if _C_ENCODE is not None and not isinstance(value, str):
            return "".join(_C_ENCODE(value, 0))
        return _ENCODER.encode(value)
    except RecursionError:
        raise EventError("value cannot be written as canonical JSON: it contains itself") from None
    except (TypeError, ValueError) as exc:
        raise EventError(f"value cannot be written as canonical JSON: {exc}") from exc


def canonical_bytes(value: Any) -> bytes:
    """Return the canonical JSON of *value* encoded as UTF-8."""
    try:
        return canonical_json(value).encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate cannot be stored or hashed
        raise EventError(f"value cannot be written as UTF-8: {exc}") from exc


def chain_hash(prev_hash: str, body: bytes) -> str:
    """hash = SHA-256(prev hash + canonical bytes), as lower-case hex."""
    h = hashlib.sha256(prev_hash.encode("ascii"))
    h.update(body)
    return h.hexdigest()


def loads(text: str | bytes, where: str = "input") -> Any:
    """Parse JSON text, turning a syntax error into an :class:`EventError` naming *where*."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise EventError(f"{where}: malformed JSON: {exc}") from exc
