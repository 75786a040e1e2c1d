"""The stored snapshots a replay checks, with their state bytes (issue 26).

A replay compares a sample of a game's stored snapshots with the state its events give
(``riftlog.replay``).  :func:`snapshots_to_check` reads them and gives each one's packed
state bytes as stored: the canonical encoding of the state tree, the very bytes
``reducer.state_hash`` hashes, so a snapshot agrees when they equal the live state's
bytes.  A sealed game's packed snapshot (``"zd"``: zlib against its base's state, see
:mod:`riftlog.store.snapshot_packing`) is unpacked to those bytes directly, not rebuilt
into the usual ``"z"`` text only to be parsed and unpacked again (that round trip was most
of the check's cost).  Which snapshots are listed is what
:meth:`~riftlog.store.eventstore.EventStore.valid_snapshots` (``vouched_only=False``)
lists: those whose event hash still matches the stored event; a packed one only when the
store's key vouches for it and its base's bytes are at hand with the hash it names.

The store never imports the rules: the layout a snapshot names is handed back for the
caller to compare with its own.
"""

from __future__ import annotations

import binascii
import hashlib
import json
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from riftlog.store.snapshot_packing import resolved

if TYPE_CHECKING:
    from riftlog.store.eventstore import EventStore

__all__ = ["CheckedSnapshot", "snapshots_to_check"]

#: the most seqs named in one query (as ``snapshots._MAX_PICKED``)
_MAX_PICKED = 500
#: zlib's window: only the last 32 KiB of a preset dictionary count (snapshot_packing)
_WINDOW = 32768


@dataclass(frozen=True, slots=True)
class CheckedSnapshot:
    """One stored snapshot to check: its seq, whether the store's key vouches for it, its
    packed state bytes (None when it holds none in a packed form, or they do not unpack),
    the layout it names, its stored text and, when a seal packed it against a base, that
    base's state bytes."""

    seq: int
    vouched: bool
    raw: bytes | None
    layout: str | None
    text: str
    base: bytes | None = None

    def loadable_text(self) -> str:
        """The snapshot's text in a form the state loader reads (a packed one unpacked into
        the usual ``"z"`` form); the stored text when it cannot be unpacked."""
        if self.base is None:
            return self.text
        return resolved(self.text, self.base) or self.text


def _parse(text: str) -> dict[str, Any] | None:
    """The snapshot text as a dict (orjson, the standard parser when orjson refuses it:
    only the state's strings are read, which the two parse alike), or None."""
    try:
        try:
            data = orjson.loads(text)
        except orjson.JSONDecodeError:
            data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _z_bytes(state: dict[str, Any]) -> bytes | None:
    """The state bytes of a ``"z"`` state, or None."""
    z = state.get("z")
    if not isinstance(z, str):
        return None
    try:
        return zlib.decompress(binascii.a2b_base64(z, strict_mode=True))
    except (ValueError, zlib.error, binascii.Error):
        return None


def _unpack(zd: Any, base: bytes) -> bytes | None:
    """A ``"zd"`` state's bytes, unpacked against *base*, or None."""
    if not isinstance(zd, str):
        return None
    try:
        unpacker = zlib.decompressobj(zdict=base[-_WINDOW:])
        return unpacker.decompress(binascii.a2b_base64(zd, strict_mode=True)) + unpacker.flush()
    except (ValueError, zlib.error, binascii.Error):
        return None


def _base_ref(state: dict[str, Any]) -> tuple[int, str] | None:
    base = state.get("base")
    if (not isinstance(base, list) or len(base) != 2 or not isinstance(base[0], int)
            or isinstance(base[0], bool) or not isinstance(base[1], str)):
        return None
    return base[0], base[1]


def snapshots_to_check(store: EventStore, game_id: str, engine_version: str, last: int,
                       pick: Callable[[list[int]], Iterable[int]] | None = None,
                       ) -> tuple[int, list[CheckedSnapshot]]:
    """How many valid snapshots of *engine_version* *game_id* has up to seq *last*, and
    those *pick* picks from their seqs (all without it), newest first, with their state
    bytes (:class:`CheckedSnapshot`).  Only the picked ones' texts are read."""
    seqs = [row[0] for row in store._snapshot_rows(game_id, engine_version, last,
                                                   seqs_only=True)]
    chosen = set(seqs if pick is None else pick(seqs))
    if not chosen:
        return len(seqs), []
    if len(chosen) > _MAX_PICKED:  # no "IN (?, ...)" beyond the backends' parameter caps
        rows = [r for r in store._snapshot_rows(game_id, engine_version, last)
                if r[0] in chosen]
    else:
        rows = store._snapshot_rows(game_id, engine_version, last,
                                    at=sorted(chosen, reverse=True))
    key = store.snapshot_key()
    bases: dict[int, bytes | None] = {}  # per base seq: its state bytes (read once)
    out: list[CheckedSnapshot] = []
    for seq, at_hash, text, _made, proof in rows:
        vouched = key is not None and key.vouches(proof, game_id, seq, engine_version,
                                                  at_hash, text)
        data = _parse(text)
        state = data.get("state") if data is not None else None
        if not isinstance(state, dict):
            out.append(CheckedSnapshot(seq, vouched, None, None, text))
            continue
        layout = state.get("layout")
        layout = layout if isinstance(layout, str) else None
        ref = _base_ref(state) if '"zd"' in text else None
        if ref is None:  # the usual form (or not one this store packs)
            out.append(CheckedSnapshot(seq, vouched, _z_bytes(state), layout, text))
            continue
        # packed against a base: used only when vouched for and its base is at hand
        if not vouched or layout is None:
            continue
        base = _base_bytes(store, game_id, engine_version, ref, rows, bases)
        raw = _unpack(state.get("zd"), base) if base is not None else None
        if raw is not None:
            out.append(CheckedSnapshot(seq, vouched, raw, layout, text, base))
    return len(seqs), out


def _base_bytes(store: EventStore, game_id: str, engine_version: str, ref: tuple[int, str],
                rows: list[Any], bases: dict[int, bytes | None]) -> bytes | None:
    """The state bytes of the base *ref* names (seq, SHA-256 of its bytes) when they are at
    hand with that hash: kept by the store's base cache, or read from the base snapshot
    (among *rows*, else its own query), which the store's key must vouch for."""
    base_seq, digest = ref
    raw = store._bases.get(digest)  # content-addressed: its hash is the one named
    if raw is not None:
        return raw
    if base_seq in bases:  # read for an earlier snapshot of this game
        raw = bases[base_seq]
        return raw if raw is not None and hashlib.sha256(raw).hexdigest() == digest else None
    row = next((r for r in rows if r[0] == base_seq), None)
    if row is None:
        found = store._snapshot_rows(game_id, engine_version, base_seq, newest_only=True)
        row = found[0] if found else None
    key = store.snapshot_key()
    if (row is None or row[0] != base_seq or key is None
            or not key.vouches(row[4], game_id, base_seq, engine_version, row[1], row[2])):
        bases[base_seq] = None
        return None
    data = _parse(row[2])
    state = data.get("state") if data is not None else None
    raw = bases[base_seq] = _z_bytes(state) if isinstance(state, dict) else None
    if raw is None:
        return None
    store._bases.put(raw)  # kept by its hash: found under *digest* only when it is that
    return store._bases.get(digest)
