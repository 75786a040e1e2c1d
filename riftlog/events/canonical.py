"""Canonical JSON and the hash chain.

The canonical form is what is stored and what is hashed: keys sorted, no insignificant
whitespace, UTF-8 (non-ASCII kept as is), no NaN or infinities.  Two equal documents
always give the same bytes, so the hash of an event never depends on who wrote it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import orjson

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
        raise EventError("value cannot be written as canonical JSON: it is nested too deeply "
                         f"(more than {MAX_DEPTH} levels) or contains itself") from None
    except (TypeError, ValueError) as exc:
        raise EventError(f"value cannot be written as canonical JSON: {exc}") from exc


_SORTED = orjson.OPT_SORT_KEYS


def plain_canonical_json(value: Any) -> str:
    """:func:`canonical_json` of *value*, a dict or list that :func:`check_plain_limits`
    found plain: orjson writes plain JSON types (exact ``str``, ``int`` within 64 bits,
    ``bool``, ``None``, ``dict`` and ``list``; no float, whose text orjson writes
    otherwise) byte for byte as the standard encoder does (keys sorted by code point, the
    same escapes; a test compares them on drawn values), in about a third of the time.
    What orjson refuses (a key that is not an exact ``str``, a lone surrogate) goes to
    :func:`canonical_json`, which gives its usual text or error."""
    try:
        return orjson.dumps(value, option=_SORTED).decode()
    except TypeError:  # orjson.JSONEncodeError
        return canonical_json(value)


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


#: the deepest nesting of arrays and objects riftlog reads (an event payload nests a few
#: levels; a bundle about eight): deeper input is refused before anything recurses on it
MAX_DEPTH = 64
#: integers riftlog reads fit in a signed 64-bit column (SQLite and PostgreSQL BIGINT)
INT_MIN, INT_MAX = -(2**63), 2**63 - 1


def _pairs(where: str) -> Any:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise EventError(f"{where}: duplicate key {json.dumps(key)[:60]} in a JSON "
                                 "object (riftlog refuses ambiguous input)")
            out[key] = value
        return out
    return hook


def _int(where: str) -> Any:
    def parse(text: str) -> int:
        if len(text) > 20 or not INT_MIN <= int(text) <= INT_MAX:
            raise EventError(f"{where}: integer {text[:24]}{'...' if len(text) > 24 else ''} "
                             "is out of range (integers must fit in 64 bits)")
        return int(text)
    return parse


def _constant(where: str) -> Any:
    def refuse(name: str) -> Any:
        raise EventError(f"{where}: {name} is not a JSON number")
    return refuse


def _float(where: str) -> Any:
    def parse(text: str) -> float:
        value = float(text)
        if value in (float("inf"), float("-inf")):
            raise EventError(f"{where}: number {text[:24]} is out of range")
        return value
    return parse


def _too_deep(value: Any) -> bool:
    """Whether *value* nests arrays/objects deeper than :data:`MAX_DEPTH` (iteratively)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if isinstance(node, dict) else node
        for child in children:
            if isinstance(child, dict | list):
                if depth + 1 > MAX_DEPTH:
                    return True
                stack.append((child, depth + 1))
    return False


def check_limits(value: Any, where: str = "input") -> None:
    """Raise :class:`EventError` naming *where* when *value* (parsed JSON, or data given to
    the library) nests deeper than :data:`MAX_DEPTH` or holds an integer beyond 64 bits:
    the limits :func:`loads` puts on text, for data that did not come through it."""
    check_plain_limits(value, where)


def check_plain_limits(value: Any, where: str = "input") -> bool:
    """:func:`check_limits` (the same checks and errors), and whether *value* holds plain
    JSON types only (exact ``dict``, ``list``, ``tuple``, ``str``, ``int``, ``bool`` and
    ``None``: no float, no subclass), which :func:`plain_canonical_json` may write."""
    plain = True
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise EventError(f"{where}: JSON nested too deeply (more than {MAX_DEPTH} levels)")
        for child in (node.values() if type(node) is dict else node):
            kind = type(child)
            if kind is str or child is None or kind is bool:
                continue
            if kind is int:
                if not INT_MIN <= child <= INT_MAX:
                    raise EventError(f"{where}: integer {str(child)[:24]} is out of range "
                                     "(integers must fit in 64 bits)")
                continue
            if kind is dict or kind is list or kind is tuple:
                stack.append((child, depth + 1))
                continue
            plain = False  # a float, a subclass or something JSON does not hold
            if isinstance(child, dict | list):
                stack.append((child, depth + 1))
            elif isinstance(child, int) and not INT_MIN <= child <= INT_MAX:
                raise EventError(f"{where}: integer {str(child)[:24]} is out of range "
                                 "(integers must fit in 64 bits)")
    return plain and type(value) is dict


def loads(text: str | bytes, where: str = "input") -> Any:
    """Parse JSON text strictly, raising an :class:`EventError` naming *where* for malformed
    JSON, a duplicate key in an object, an integer beyond 64 bits, NaN or Infinity, or
    nesting deeper than :data:`MAX_DEPTH`.  Nothing else escapes (no RecursionError)."""
    try:
        value = json.loads(text, object_pairs_hook=_pairs(where), parse_int=_int(where),
                           parse_float=_float(where),
                           parse_constant=_constant(where))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise EventError(f"{where}: malformed JSON: {exc}") from exc
    except RecursionError:
        raise EventError(f"{where}: JSON nested too deeply (more than {MAX_DEPTH} levels)") from None
    if isinstance(value, dict | list) and _too_deep(value):
        raise EventError(f"{where}: JSON nested too deeply (more than {MAX_DEPTH} levels)")
    return value
