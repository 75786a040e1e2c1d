"""Decoded snapshot states kept in memory (issue 26, SEEK): a small per-thread cache, so
that a seek near an earlier one (a viewer scrubbing back and forth) takes its snapshot's
state as a copy instead of decoding the stored text again.

What is kept.  The state, the line and the stop that one stored snapshot text decodes to,
as they were decoded (never handed out: a seek gets a copy, which its fold then
changes).  An entry's key is the store (where it is), the game, the seq,
the engine version, the event hash and the snapshot's whole text, so a row whose text
changed in any way (edited, re-packed, rewritten from the events) is never answered from
an entry made from another text.  The cache answers only "what does this text decode
to": whether a snapshot may be used at all (its event hash still the stored event's, its
proof checked with the store's snapshot key) is decided by the store before every seek,
hit or miss, exactly as without the cache.

Admission.  A copy of the state costs about half a decode, and taking one on every load
would make random seeks (which almost never load the same snapshot twice) slower.  So a
decoded state is kept only on its snapshot's second load among the last
:data:`SEEN` loads of the thread (a viewer returning near a seq); the third load on is a
copy.  At most :data:`KEEP` states are kept per thread (the oldest goes first): a
four-player board of ~400 objects is a few hundred kilobytes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Any

from riftlog.reducer_fold import Line, Stop
from riftlog.rules.board.state import GameState

__all__ = ["KEEP", "SEEN", "Decoded", "clear", "kept", "offer"]

#: decoded states kept per thread (a viewer scrubbing within a dozen seqs of a point
#: touches about five snapshots every 5 seqs)
KEEP = 8
#: loads remembered per thread to admit a snapshot's state on its second load
SEEN = 16


@dataclass(frozen=True)
class Decoded:
    """One snapshot text as decoded: its state, its line, its stop and its ``"created"``
    part (None in the compact form).  Never handed out: a seek folds on copies of the
    state and the line (``state.clone()``, ``line.copy()``)."""

    state: GameState
    line: Line
    stopped: Stop | None
    made: Any


#: key: (store, game, seq, engine version, event hash, snapshot text)
Key = tuple[str, str, int, str, str, str]


class _Cache(threading.local):
    def __init__(self) -> None:
        self.entries: OrderedDict[Key, Decoded] = OrderedDict()
        self.seen: deque[tuple[str, str, int, str, str, int]] = deque(maxlen=SEEN)


_CACHE = _Cache()


def key_of(where: str, game_id: str, seq: int, engine_version: str, event_hash: str,
           text: str) -> Key:
    """The key of a snapshot row as read (its text included: see the module docstring)."""
    return (where, game_id, seq, engine_version, event_hash, text)


def kept(key: Key) -> Decoded | None:
    """The decoded state of the snapshot *key* names, if this thread keeps it."""
    entry = _CACHE.entries.get(key)
    if entry is not None:
        _CACHE.entries.move_to_end(key)
    return entry


def offer(key: Key, state: GameState, line: Line, stopped: Stop | None, made: Any) -> bool:
    """A snapshot was just decoded (*state*, *line*: the caller's, about to be folded on):
    keep a copy when this is its second load among the last :data:`SEEN` (returns
    whether it was kept)."""
    light = (*key[:5], hash(key[5]))
    seen = _CACHE.seen
    if light not in seen:
        seen.append(light)
        return False
    entries = _CACHE.entries
    entries[key] = Decoded(state.clone(), line.copy(), stopped, made)
    entries.move_to_end(key)
    while len(entries) > KEEP:
        entries.popitem(last=False)
    return True


def clear() -> None:
    """Forget this thread's decoded states and loads (tests; memory)."""
    _CACHE.entries.clear()
    _CACHE.seen.clear()
