"""Sealed snapshots packed against the game's first one (issue 26): what the store does
to the snapshots a seal keeps, and undoes when it reads them.

A sealed game keeps one snapshot per window of seqs (see ``SEALED_SNAPSHOT_EVERY``).  Its
states share most of their bytes (the same objects, mostly in other places), so each
kept snapshot after the first is packed with the first one's state as the zlib preset
dictionary: about half the size.  The stored form::

    "state": {"layout": L, "zd": <zlib with the base's state as dictionary, base64>,
              "base": [<base seq>, <SHA-256 of the base's state bytes>]}

Nothing else of the snapshot changes, and the state bytes packed are the very bytes the
snapshot held (the canonical tree :func:`riftlog.snapshot_codec.pack` packs), so the store
re-vouches for the new text with its snapshot key only after the old text's proof
checked.  On reading, :func:`resolved` gives the snapshot back in the usual ``"z"`` form
(uncompressed inside: zlib level 0), which every reader loads: only when the bytes whose
hash the dependent names are at hand (the base's, read and checked, or the same bytes kept
from an earlier read by their SHA-256: :class:`BaseCache`); otherwise the dependent is not
used (a cache: the state is folded from the events).  This module knows zlib, base64 and JSON only (the store never
imports the rules).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import threading
import zlib
from typing import Any

__all__ = ["BaseCache", "base_of", "base_ref", "pack_against", "resolved", "state_bytes"]

#: zlib's window: only the last 32 KiB of a preset dictionary can be referred to
_WINDOW = 32768


def _load(text: str) -> dict[str, Any] | None:
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) and isinstance(data.get("state"), dict) else None


def state_bytes(text: str) -> bytes | None:
    """The packed state bytes of snapshot *text* (``"z"`` form), or None."""
    data = _load(text)
    z = data["state"].get("z") if data is not None else None
    if not isinstance(z, str):
        return None
    try:
        return zlib.decompress(base64.b64decode(z, validate=True))
    except (zlib.error, binascii.Error, ValueError):
        return None


def pack_against(text: str, base_seq: int, base: bytes) -> str | None:
    """Snapshot *text* with its state packed against *base* (the state bytes of the
    snapshot at *base_seq*); None when *text* is not in the ``"z"`` form."""
    data = _load(text)
    raw = state_bytes(text)
    if data is None or raw is None or not isinstance(data["state"].get("layout"), str):
        return None
    packer = zlib.compressobj(6, zdict=base[-_WINDOW:])
    packed = base64.b64encode(packer.compress(raw) + packer.flush()).decode("ascii")
    data["state"] = {"layout": data["state"]["layout"], "zd": packed,
                     "base": [base_seq, hashlib.sha256(base).hexdigest()]}
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def base_of(text: str) -> int | None:
    """The seq of the snapshot *text* is packed against, or None (not packed so)."""
    ref = base_ref(text)
    return ref[0] if ref is not None else None


def base_ref(text: str) -> tuple[int, str] | None:
    """The seq of the snapshot *text* is packed against and the SHA-256 of its state bytes,
    or None (not packed so)."""
    if '"zd"' not in text:
        return None
    data = _load(text)
    base = data["state"].get("base") if data is not None else None
    if (not isinstance(base, list) or len(base) != 2 or not isinstance(base[0], int)
            or isinstance(base[0], bool) or not isinstance(base[1], str)):
        return None
    return base[0], base[1]


class BaseCache:
    """The state bytes of a few bases, by their SHA-256 (issue 26: a seek in a sealed game
    reads and unpacks its base snapshot once, not at every seek).  Content-addressed: a
    packed snapshot names the hash of the bytes it was packed against, and :func:`resolved`
    checks it, so an entry is never stale whatever becomes of the base's row."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._bytes: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def get(self, digest: str) -> bytes | None:
        return self._bytes.get(digest)

    def put(self, raw: bytes) -> None:
        """Keep *raw* (the oldest entry goes when full)."""
        digest = hashlib.sha256(raw).hexdigest()
        with self._lock:
            self._bytes.pop(digest, None)
            while len(self._bytes) >= self.size:
                del self._bytes[next(iter(self._bytes))]
            self._bytes[digest] = raw


#: the last base hashed by :func:`_hash_of` and its hash
_last_base: tuple[bytes, str] | None = None


def _hash_of(base: bytes) -> str:
    """The SHA-256 (hex) of *base*; the last one is remembered, by identity (replay-perf:
    the snapshots of one game read together share their base's bytes object)."""
    global _last_base
    last = _last_base
    if last is not None and last[0] is base:
        return last[1]
    digest = hashlib.sha256(base).hexdigest()
    _last_base = (base, digest)
    return digest


def resolved(text: str, base: bytes) -> str | None:
    """Snapshot *text* (packed against the state bytes *base*, :func:`state_bytes` of its
    base snapshot) with its state unpacked (the ``"z"`` form), or None when *base* is not
    what it was packed against (its hash differs) or anything does not unpack."""
    data = _load(text)
    if data is None:
        return None
    state = data.pop("state")
    ref, zd, layout = state.get("base"), state.get("zd"), state.get("layout")
    if (not isinstance(ref, list) or len(ref) != 2 or not isinstance(zd, str)
            or not isinstance(layout, str) or ref[1] != _hash_of(base)):
        return None
    try:
        unpacker = zlib.decompressobj(zdict=base[-_WINDOW:])
        raw = unpacker.decompress(base64.b64decode(zd, validate=True)) + unpacker.flush()
    except (zlib.error, binascii.Error, ValueError):
        return None
    # the usual packed form, stored uncompressed (zlib level 0: no work to make or read):
    # every reader loads it, and a replay still checks it by its bytes' hash
    return _with_state(data, layout, base64.b64encode(zlib.compress(raw, 0)).decode())


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _with_state(data: dict[str, Any], layout: str, z: str) -> str:
    """``_dumps({**data, "state": {"layout": layout, "z": z}})`` (*z*: base64 text), made
    around the base64 text instead of passing it through the JSON encoder, which scans
    each of its ~18,000 characters for escapes that base64 never has (replay-perf: a
    replay reads every snapshot it checks this way; tested equal to the plain dump)."""
    state = f'{{"layout":{_dumps(layout)},"z":"{z}"}}'
    return "{" + ",".join(f"{_dumps(k)}:{state if k == 'state' else _dumps(data[k])}"
                          for k in sorted([*data, "state"])) + "}"
