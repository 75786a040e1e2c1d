"""Game states as plain trees: the state hash's encoding and the stored snapshot format.

:func:`plain` turns a state dataclass into nested arrays of its field values (declaration
order; nested state classes likewise, plain dicts and lists as they are).  The reducer
hashes that tree (``reducer.state_hash``) and stored snapshots keep it as JSON:

``{"layout": <fingerprint of the state classes' fields>, "z": <plain tree, packed>}``
(and ``"short": 1`` when the packed text has no run of 19 digits: see :func:`encode_state`)

(packed: compact JSON, zlib, base64; ``"fields": <plain tree>`` unpacked is read too).
Arrays instead of objects make the JSON less than half the size of the keyed form
(``GameState.to_json()``) and several times faster to load: the JSON parser has no keys
to build and each object is made by one positional constructor call (:func:`load_fresh`);
packing makes it ~8x smaller again (zlib level 6 since issue 26: ~20% smaller than the
level 1 of earlier snapshots, which still load: any level unpacks alike).  There is no
validation here: a snapshot is loaded only once its event hash matched and
its proof checked with the store's snapshot key (the store checks both; see
:mod:`riftlog.store.snapshot_key`), and is only ever a cache of what the events give.  The layout fingerprint guards the
positional form: a snapshot written by code whose state classes have other fields (or
fields in another order) is refused with ``ValueError``, so the caller folds from the
events instead.  Keyed snapshots (written before this format) still load.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import hashlib
import json
import operator
import zlib
from collections.abc import Callable
from typing import Any

import orjson

from riftlog.rules.board.state import Data, GameObject, GameState, game_object_of

__all__ = ["copy_tree", "decode_state", "encode_state", "layout", "load_fresh", "loads", "pack",
           "plain", "unpack"]


#: every byte to "x" but an ASCII digit, which becomes "0": 19 digits in a row (a number orjson
#: might read otherwise than ``json``: beyond 64 bits it gives a float where ``json`` gives
#: the exact int) become ``_LONG_RUN`` (one C pass and a substring search: ~10x cheaper than
#: the regex ``\d{19}`` over a state's text, which tried a match at every digit)
_DIGITS_ONLY = bytes(0x30 if 0x30 <= b <= 0x39 else 0x78 for b in range(256))
_LONG_RUN = b"0" * 19


def loads(text: str | bytes) -> Any:
    """``json.loads(text)`` (issue 26: orjson parses a snapshot's tree in about half the
    time).  Text with 19 ASCII digits in a row (a number orjson could read as a float where
    the standard parser gives an int beyond 64 bits), or that orjson refuses, is read by the
    standard parser, so the result is always what ``json.loads`` gives."""
    if isinstance(text, str):
        try:
            raw = text.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates, which orjson refuses
            return json.loads(text)
    else:
        raw = text
    if _LONG_RUN not in raw.translate(_DIGITS_ONLY):
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


def _not_plain(value: Any) -> Any:
    raise TypeError(f"{type(value).__name__} is not part of a game state")


#: the C JSON encoder: compact, keys sorted, no cycle check (plain trees only)
_ENCODE = (json.encoder.c_make_encoder(  # type: ignore[attr-defined]
    None, _not_plain, json.encoder.encode_basestring, None, ":", ",", True, False, False)
    if getattr(json.encoder, "c_make_encoder", None) is not None else None)

#: class -> (getter of every field as a tuple, ((index, how, getter of a flat child | None), ...))
_SPECS: dict[type, tuple[Any, tuple[tuple[int, str, Any], ...]]] = {}


def _spec(cls: type) -> tuple[Any, tuple[tuple[int, str, Any], ...]]:
    if not dataclasses.is_dataclass(cls) or not issubclass(cls, Data):
        raise TypeError(f"{cls.__name__} is not part of a game state")
    names = tuple(f.name for f in dataclasses.fields(cls))
    nested = []
    for i, n in enumerate(names):
        if n in cls.NESTED:
            child, how = cls.NESTED[n]
            flat = None if child.NESTED else _spec(child)[0]
            nested.append((i, how, flat))
    spec = _SPECS[cls] = (operator.attrgetter(*names), tuple(nested))
    return spec


def plain(value: Any) -> Any:
    """A state dataclass as nested tuples/lists of its field values (no copy of plain data)."""
    spec = _SPECS.get(type(value))
    if spec is None:
        spec = _spec(type(value))
    getter, nested = spec
    vals = getter(value)
    if not nested:
        return vals
    out = list(vals)
    for i, how, flat in nested:
        v = out[i]
        if v is None:
            continue
        if how == "one":
            out[i] = plain(v)
        elif how == "list":
            out[i] = [plain(x) for x in v] if flat is None else [flat(x) for x in v]
        else:
            out[i] = ({k: plain(x) for k, x in v.items()} if flat is None
                      else {k: flat(x) for k, x in v.items()})
    return out


# --- the layout fingerprint ---------------------------------------------------------

_LAYOUT: list[str] = []


def _classes(cls: type[Data], seen: dict[str, type[Data]]) -> None:
    if cls.__name__ in seen:
        return
    seen[cls.__name__] = cls
    for child, _how in cls.NESTED.values():
        _classes(child, seen)


def layout() -> str:
    """Fingerprint of the state classes' fields (names, order, nesting) from GameState down."""
    if not _LAYOUT:
        seen: dict[str, type[Data]] = {}
        _classes(GameState, seen)
        shape = [[name, [f.name for f in dataclasses.fields(cls)],  # type: ignore[arg-type]
                  sorted([k, c.__name__, how] for k, (c, how) in cls.NESTED.items())]
                 for name, cls in sorted(seen.items())]
        text = json.dumps(shape, separators=(",", ":"))
        _LAYOUT.append(hashlib.sha256(text.encode()).hexdigest()[:16])
    return _LAYOUT[0]


# --- snapshots ----------------------------------------------------------------------


#: zlib level of packed snapshots: 6 makes a game state ~20% smaller than level 1 (the level
#: of snapshots written before issue 26) for ~0.1-1 ms more per snapshot written; loading
#: costs the same (any level unpacks alike)
PACK_LEVEL = 6


def _canonical(tree: Any) -> bytes:
    text = ("".join(_ENCODE(tree, 0)) if _ENCODE is not None else
            json.dumps(tree, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                       allow_nan=False, default=_not_plain))
    return text.encode("utf-8")


def _packed(raw: bytes, level: int) -> str:
    return base64.b64encode(zlib.compress(raw, level)).decode("ascii")


def pack(tree: Any, level: int = PACK_LEVEL) -> str:
    """*tree* (plain JSON data) as canonical JSON (keys sorted, compact, UTF-8: for a state's
    tree, the very bytes ``reducer.state_hash`` hashes, which ``replay`` relies on to check a
    stored snapshot without loading it), zlib-compressed at *level* (:data:`PACK_LEVEL`),
    base64: text that fits in a JSON snapshot."""
    return _packed(_canonical(tree), level)


def unpack(text: str, short: bool = False) -> Any:
    """The tree :func:`pack` packed (``ValueError`` if *text* is not such a packing).
    *short*: the packer found no run of 19 digits in it (:func:`encode_state`'s
    ``"short"``), so orjson reads it as ``json.loads`` does without looking again."""
    try:
        raw = zlib.decompress(base64.b64decode(text, validate=True))
    except (zlib.error, binascii.Error, TypeError) as exc:
        raise ValueError(f"a packed snapshot part does not unpack: {exc}") from None
    if short:
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass  # (what loads does with a text orjson refuses)
    return loads(raw)


def encode_state(state: GameState) -> dict[str, Any]:
    """The snapshot form of *state*: its layout and its plain tree, packed (:func:`pack`),
    with ``"short": 1`` when the packed text has no run of 19 digits (issue 26, SEEK: a
    load then skips :func:`loads`' look for one, ~8% of a load's work; snapshots written
    before, without it, are looked at as before)."""
    raw = _canonical(plain(state))
    out: dict[str, Any] = {"layout": layout(), "z": _packed(raw, PACK_LEVEL)}
    if _LONG_RUN not in raw.translate(_DIGITS_ONLY):
        out["short"] = 1
    return out


#: class -> ((index, child class, how, child is flat), ...)
_NESTED_AT: dict[type, tuple[tuple[int, type, str, bool], ...]] = {}
#: flat class -> a faster maker from its field values than ``cls(*values)`` (the many ones)
_MAKERS: dict[type, Callable[[list[Any]], Any]] = {GameObject: game_object_of}


def _nested_at(cls: type[Data]) -> tuple[tuple[int, type, str, bool], ...]:
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    out = tuple((names.index(n), child, how, not child.NESTED)
                for n, (child, how) in cls.NESTED.items())
    _NESTED_AT[cls] = out
    return out


def _objects_of(rows: dict[str, list[Any]]) -> dict[str, GameObject]:
    """``{oid: game_object_of(row)}`` for a state's objects, the slots set in one loop
    (issue 26, SEEK: no call per object, ~15% less work for the ~320 objects of a big
    board; a test compares it with :func:`game_object_of` field by field; the layout
    fingerprint guards the field order; ``ValueError`` when a row has not exactly as many
    values as fields)."""
    out: dict[str, GameObject] = {}
    for oid, vals in rows.items():
        o = GameObject.__new__(GameObject)
        (o.oid, o.card, o.owner, o.controller, o.zone, o.location, o.exhausted, o.damage,
         o.buffed, o.stunned, o.face_down, o.attached_to, o.token, o.designation,
         o.mods) = vals
        out[oid] = o
    return out


def _from_plain(cls: type[Any], vals: list[Any]) -> Any:
    nested = _NESTED_AT.get(cls)
    if nested is None:
        nested = _nested_at(cls)
    if not nested:
        return cls(*vals)
    for i, child, how, flat in nested:
        v = vals[i]
        if v is None:
            continue
        if how == "one":
            vals[i] = child(*v) if flat else _from_plain(child, v)
        elif not flat:
            vals[i] = ([_from_plain(child, x) for x in v] if how == "list"
                       else {k: _from_plain(child, x) for k, x in v.items()})
        elif child is GameObject and how == "dict":
            vals[i] = _objects_of(v)
        elif (make := _MAKERS.get(child)) is not None:
            vals[i] = [make(x) for x in v] if how == "list" else {k: make(x) for k, x in v.items()}
        else:
            vals[i] = ([child(*x) for x in v] if how == "list"
                       else {k: child(*x) for k, x in v.items()})
    return cls(*vals)


_NAMES: dict[type, tuple[str, ...]] = {}


def load_fresh(cls: type[Any], data: dict[str, Any]) -> Any:
    """*cls* (a state class) from *data* nobody else holds (just parsed): no copying.

    *data* is either the snapshot form (:func:`encode_state`; ``ValueError`` when its
    layout is not this code's) or the keyed form ``cls.to_json()``.  The resulting state
    shares the lists and dicts of *data*, so *data* must not be used to build another
    state afterwards (see :func:`copy_tree`).
    """
    if "layout" in data and cls is GameState:
        if data["layout"] != layout():
            raise ValueError(f"snapshot layout {data['layout']!r} is not this engine's "
                             f"({layout()!r}): fold from the events")
        tree = (data["fields"] if "fields" in data
                else unpack(data["z"], short=data.get("short") == 1))
        if not isinstance(tree, list):
            raise ValueError("a snapshot's state is not an array of fields")
        return _from_plain(cls, tree)
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    nested = cls.NESTED
    kwargs: dict[str, Any] = {}
    for name in names:
        if name not in data:
            continue
        value = data[name]
        how = nested.get(name) if nested else None
        if how is not None and value is not None:
            child, kind = how
            if kind == "one":
                value = load_fresh(child, value)
            elif kind == "list":
                value = [load_fresh(child, v) for v in value]
            else:
                value = {k: load_fresh(child, v) for k, v in value.items()}
        kwargs[name] = value
    return cls(**kwargs)


def copy_tree(data: Any) -> Any:
    """An independent copy of parsed JSON *data* (to load a state from it more than once)."""
    return json.loads(json.dumps(data))


def decode_state(data: dict[str, Any], fresh: bool = True) -> GameState:
    """The GameState of a snapshot's ``"state"`` (either form); *fresh*: *data* may be
    consumed (else it is copied first)."""
    state = load_fresh(GameState, data if fresh else copy_tree(data))
    if not isinstance(state, GameState):  # pragma: no cover - load_fresh builds cls
        raise TypeError("a snapshot's state must be a GameState")
    return state
