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


def canonical_json(value: Any) -> str:
    """Return *value* as canonical JSON text (sorted keys, compact, UTF-8, no NaN)."""
    try:
        return json.dumps(
            value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
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
