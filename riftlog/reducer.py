"""The reducer: the state of a game at any seq, folded from its stored events.

The state at seq N is a pure function of the events 1..N:

* The **effective line** at N is the list of seqs that still count.  Events are added in
  seq order; a judge's ``GameRewound(to_seq=k)`` at seq r removes every later seq of the
  line (they stay stored, but are *voided*) and then adds r.  So the line only ever grows
  at its end and loses a tail, and a seq s is in the line at N exactly when nothing
  rewound past it before N.
* **Corrections** (``OutcomeCorrected`` at seq c, targeting seq s) in the line patch the
  payload of s: ``field`` is a dotted path in the payload (``order``, ``reported.points.p1``)
  and ``value`` the new value (JSON text for a list or object).
* The state is ``engine.new_game(GameCreated)`` folded with every decision and random
  outcome of the line (patched), through :func:`riftlog.rules.engine.apply_in_place` on one
  working state.  A decision that cannot be carried out at all (or reaches a card the engine
  does not implement) *stops* the game there: later decisions are not applied until a judge
  rewinds past it or corrects it.  ``GameLossIssued`` ends the game; rulings, penalties,
  notes and the seed reveal change nothing.

:class:`Folder` does the folding incrementally (the replayer and ``state --at`` share it:
with ``judge=True`` it also checks each event and compares reported outcomes).  It keeps
in-memory checkpoints so a rewind or a correction is a re-fold from the nearest usable
checkpoint.  Stored snapshots (:func:`state_at`, :func:`write_snapshots`) are a cache of the
same thing: keyed by engine version, taken at an event hash, vouched for by the store's
snapshot key (:func:`store_snapshot`; a snapshot without a proof that checks is never used,
see :mod:`riftlog.store.snapshot_key`), used only when still valid for the line, and
rebuilt from the events whenever in doubt; :func:`check_snapshots` compares each with the
events.

**State hashes.**  :func:`state_hash` hashes the whole state (canonical JSON of its fields).
The replayer needs a hash per seq, so that an engine change that alters any outcome shows
as a diff (``riftlog replay --baseline``), but hashing the whole state after every seq cost
several times what the engine itself does.  So the per-seq hash is *chained*: each seq's
hash covers the previous one, what the seq did (its game actions, whether it was applied,
a stop), the game's position (turn, phase, step, priority, winner, points) and the front of
the queue (what is awaited next) and the sizes of every player's zones; the full state hash
is folded in every :data:`FULL_HASH_EVERY` seqs, after a rewind or correction, at
the last seq and where a stored snapshot is checked (see :class:`Folder`).  A different outcome then
changes the hash of its own seq when anything visible differs, otherwise at the latest at
the next full-hash seq, and every hash after it.

**Modules.**  This module is the import point: every name (public, and the private ones
other modules use) is re-exported from :mod:`riftlog.reducer_fold` (the line,
:class:`Folder`, the state hashes and their canonical encoders) and
:mod:`riftlog.reducer_snapshots` (:func:`state_at`, :func:`load_folder`, writing and
reading stored snapshots).  Code there looks names up in its own module, so a test that
patches one must patch it where it is defined.
"""

from __future__ import annotations

from riftlog.reducer_fold import (
    CHECKPOINT_EVERY,
    FULL_HASH_EVERY,
    JUDGE_TYPES,
    Folder,
    Line,
    Position,
    Step,
    Stop,
    apply_patch,
    compare_reported,
    fold,
    legal_options,
    state_hash,
)
from riftlog.reducer_fold import _canonical_bytes as _canonical_bytes
from riftlog.reducer_fold import _encode as _encode
from riftlog.reducer_fold import _encode_material as _encode_material
from riftlog.reducer_fold import _material_bytes as _material_bytes
from riftlog.reducer_snapshots import (
    DEFAULT_SNAPSHOT_EVERY,
    SnapshotCheck,
    check_snapshots,
    load_folder,
    snapshot_every,
    snapshot_json,
    state_at,
    store_snapshot,
    write_snapshots,
)
from riftlog.reducer_snapshots import _gc_paused as _gc_paused
from riftlog.snapshot_codec import plain as _plain  # noqa: F401 - re-exported (tests use it)

__all__ = [
    "CHECKPOINT_EVERY",
    "DEFAULT_SNAPSHOT_EVERY",
    "FULL_HASH_EVERY",
    "JUDGE_TYPES",
    "Folder",
    "Line",
    "Position",
    "SnapshotCheck",
    "Step",
    "Stop",
    "apply_patch",
    "check_snapshots",
    "compare_reported",
    "fold",
    "legal_options",
    "load_folder",
    "snapshot_every",
    "snapshot_json",
    "state_at",
    "state_hash",
    "store_snapshot",
    "write_snapshots",
]
