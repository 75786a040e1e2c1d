"""Stored snapshots and seeking, behind :mod:`riftlog.reducer`: the state of a game at a seq
from the nearest valid snapshot (:func:`state_at`), a :class:`~riftlog.reducer_fold.Folder`
loaded from the store (:func:`load_folder`) and writing snapshots (:func:`snapshot_json`,
:func:`write_snapshots`, :func:`snapshot_every`).

:mod:`riftlog.reducer` re-exports every name here and is the import point for callers.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from riftlog import ENGINE_VERSION, plural, snapshot_states
from riftlog.errors import (
    RecorderError,
    RiftlogError,
    StoreError,
)
from riftlog.events import Payload, StoredEvent, parse_payload
from riftlog.events.payloads import GameCreated
from riftlog.reducer_fold import (
    CHECKPOINT_EVERY,
    Folder,
    Line,
    Position,
    Stop,
    _encode,
    state_hash,
)
from riftlog.snapshot_codec import decode_state, encode_state, loads, unpack
from riftlog.store.eventstore import EventStore

#: Stored snapshot spacing, in events: the default of the recorder (``create_game(...,
#: snapshot_every=N)``) and of :func:`write_snapshots` (``every=N``); a process can set it
#: with the environment variable ``RIFTLOG_SNAPSHOT_EVERY`` (see :func:`snapshot_every`).
#: 5: a seek folds at most 4 events after loading a snapshot (~1 ms CPU on a 4-player
#: board of ~400 objects, ~40% less than with 10); the cost is one packed snapshot per 5
#: events (~3.7 KB for a duel, ~9 KB for that board: ~2x resp. ~5x the event rows).
DEFAULT_SNAPSHOT_EVERY = 5


def snapshot_every(value: int | str | None = None) -> int:
    """The stored snapshot spacing to use: *value* if given, else ``RIFTLOG_SNAPSHOT_EVERY``
    from the environment, else :data:`DEFAULT_SNAPSHOT_EVERY`; 0 means no snapshots.

    Denser snapshots make :func:`state_at` fold fewer events (it folds up to N - 1 after
    the nearest snapshot) at the cost of one snapshot's bytes every N events.
    """
    raw = os.environ.get("RIFTLOG_SNAPSHOT_EVERY") if value is None else value
    if raw is None or raw == "":
        return DEFAULT_SNAPSHOT_EVERY
    try:
        every = int(raw)
    except ValueError:
        every = -1
    if every < 0:
        raise RecorderError(f"the snapshot interval must be a whole number of events >= 0 "
                            f"(0: no snapshots), got {raw!r}")
    return every


# --- the store: state at a seq, snapshots ---------------------------------------------


def _snapshot_ok(line: Line, seq: int) -> bool:
    """A snapshot at *seq* is valid for *line* if seq is in it and no correction made
    after it changed an event at or before it."""
    return seq in line and not any(c > seq and p.seq <= seq for c, p in line.corrections)


def _stored_stop(meta: Any) -> Stop | None:
    if isinstance(meta, dict):
        return Stop(int(meta["seq"]), str(meta["kind"]), str(meta["message"]))
    return None


def state_at(store: EventStore, game_id: str, seq: int | None = None, *,
             use_snapshots: bool = True, edition: str | None = None) -> Position:
    """The position of *game_id* after event *seq* (default: the last), from the latest
    valid snapshot at or before it (see the module docstring).

    The seek: the newest snapshot at or before *seq* whose event hash still matches the
    stored event and whose proof checks with the store's snapshot key (others are stale,
    edited or unvouched, and skipped), its state loaded without re-validation
    (:mod:`riftlog.snapshot_codec`), then the events after it (one query, with seq 1)
    folded with ``engine.apply_in_place`` and no legality checks (judging is the
    replayer's job).  A snapshot carries the line up to its seq (voided seqs, active
    corrections); the game's creation is its stored seq 1 (older snapshots carry a copy);
    when it does not carry the line (older snapshots), cannot be loaded or is not valid
    for the line at *seq*, :func:`load_folder` reads the game from seq 1.  So the cost is
    two queries, one snapshot load, seq 1 (parsed once per game and thread) and at most
    N - 1 events for snapshots every N events (:func:`snapshot_every`).  A seek up to
    :data:`KEEP_AFTER` seqs after one of this thread's kept positions (stepping), or
    after one nearer than the snapshot (scrubbing), folds on from it instead: one query,
    the events after it, one copy of the state to keep.  A snapshot's decoded state is
    kept in memory on its second load (:mod:`riftlog.snapshot_states`).
    """
    if use_snapshots and edition is None and seq is not None and seq >= 1:
        moved = _moved(store, game_id, seq)
        stepping = moved is not None and 0 < moved <= KEEP_AFTER
        near = moved is not None and 0 < abs(moved) <= NEAR
        kept = _kept_for(store, game_id, seq)
        if kept is not None and seq - kept.seq <= KEEP_AFTER:
            # a step (or the same seq again): on from the kept position, no snapshot asked for
            with _gc_paused():
                position = _from_kept(store, game_id, seq, kept)
            if position is not None:
                return position
            kept = None
        read: tuple[str | None, list[StoredEvent]] | None = None
        if kept is None:  # (the usual seek) the snapshot and its tail in one cursor
            found = store.seek_snapshot(game_id, ENGINE_VERSION, seq)
            snap = found[0] if found is not None else None
            read = (found[1], found[2]) if found is not None else None
        else:
            snap = store.latest_snapshot(game_id, ENGINE_VERSION, seq)
        if kept is not None and (snap is None or snap.seq <= kept.seq):
            with _gc_paused():
                position = _from_kept(store, game_id, seq, kept)
            if position is not None:
                return position
        if snap is None:  # none at or before seq: fold from the start
            use_snapshots = False
        else:
            with _gc_paused():
                position = _from_snapshot(store, game_id, seq, snap, keep=stepping,
                                          near=near, read=read)
            if position is not None:
                return position
    return load_folder(store, game_id, seq, use_snapshots=use_snapshots, edition=edition).position()


@dataclass
class _Kept:
    """A position a seek folded past its snapshot (a private copy of its state)."""

    where: str
    game_id: str
    seq: int
    event_hash: str
    line: Line
    created: GameCreated
    stopped: Stop | None
    state: Any


#: per thread: the seq of the last seek (``at``) and the last positions kept (``kept``, a
#: list, the newest last): :func:`state_at` folds on from the nearest kept position at or
#: before a seek's seq when no newer snapshot is in between (stepping through a game folds
#: one event a step, not up to N - 1 from the snapshot each time; a viewer scrubbing a
#: sealed game folds from the position it saw a few seqs before, not from the snapshot up
#: to 49 seqs before)
_LAST = threading.local()
#: positions kept per thread (issue 26, SEEK: a viewer scrubbing back and forth)
KEEP_POSITIONS = 4
#: a seek whose previous seek of the game was at most this many seqs away, either way
#: (scrubbing), keeps its position when it folded :data:`LONG_TAIL` events or more after
#: its snapshot (a copy costs about what folding one event does)
NEAR = 24
LONG_TAIL = 5
#: a seek keeps its position (a copy of its state) only when the previous seek of the game
#: was at most this many seqs before (stepping: the next seek folds one event from the kept
#: position instead of loading a snapshot and folding up to N - 1 events again); a seek
#: up to this many seqs after the kept position folds on from it
KEEP_AFTER = 3


def _moved(store: EventStore, game_id: str, seq: int) -> int | None:
    """How many seqs after this thread's previous seek of the game *seq* is (negative:
    before; None: the previous seek was of another game or store, or there was none);
    remembers *seq* for the next call.  1 to :data:`KEEP_AFTER`: someone steps through the
    game (keep the position, whatever the tail's length)."""
    last = getattr(_LAST, "at", None)
    _LAST.at = (store.where, game_id, seq)
    if last is None or last[0] != store.where or last[1] != game_id:
        return None
    return seq - int(last[2])


def _kept_list() -> list[_Kept]:
    """This thread's kept positions (the newest last)."""
    kept: list[_Kept] | None = getattr(_LAST, "kept", None)
    if kept is None:
        kept = _LAST.kept = []
    return kept


def _kept_for(store: EventStore, game_id: str, seq: int) -> _Kept | None:
    """The kept position of this store and game nearest at or before *seq*, if any."""
    best: _Kept | None = None
    for kept in _kept_list():
        if (kept.where == store.where and kept.game_id == game_id and kept.seq <= seq
                and (best is None or kept.seq > best.seq)):
            best = kept
    return best


def _drop(kept: _Kept) -> None:
    with contextlib.suppress(ValueError):
        _kept_list().remove(kept)


def _keep(store: EventStore, game_id: str, position: Position, event_hash: str) -> None:
    if position.state is None or position.created is None:
        return
    kept = _kept_list()
    kept[:] = [k for k in kept if (k.where, k.game_id, k.seq) != (store.where, game_id,
                                                                  position.seq)]
    kept.append(_Kept(store.where, game_id, position.seq, event_hash, position.line.copy(),
                      position.created, position.stopped, position.state.clone()))
    del kept[:-KEEP_POSITIONS]


def _from_kept(store: EventStore, game_id: str, seq: int, kept: _Kept) -> Position | None:
    """The position at *seq* from the kept one (at or before it) and the events after it,
    if the stored event at the kept seq still has the hash it had and none of the events
    after it is a rewind or a correction (None: seek as usual).  The kept state is folded
    on and handed out; the new position is kept (a copy): one state copy a step, and one
    query (the events from the kept seq on)."""
    read = store.read_linked(game_id, kept.seq, kept.event_hash, seq)
    if read is None:
        _drop(kept)  # the stored history is not the one it was folded from
        return None
    tail = read[1]
    if len(tail) != seq - kept.seq or any(ev.type in _REFOLDS for ev in tail):
        return None  # out of range, or the fold would go back before the kept seq
    _drop(kept)  # its state is folded on below: never kept twice
    try:
        payloads = [ev.decoded() for ev in tail]
        folder = Folder(checkpoint_every=max(CHECKPOINT_EVERY, seq + 1))
        folder.line, folder.seq, folder.created = kept.line, kept.seq, kept.created
        folder.state, folder.stopped = kept.state, kept.stopped
        for ev, payload in zip(tail, payloads, strict=True):
            folder.feed(ev, payload)
    except (KeyError, TypeError, ValueError, RiftlogError):
        return None
    position = folder.position()
    _keep(store, game_id, position, tail[-1].hash if tail else kept.event_hash)
    return position


#: event types whose fold rebuilds from an earlier seq (a kept position cannot serve)
_REFOLDS = frozenset({"GameRewound", "OutcomeCorrected"})


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a snapshot is loaded and its tail folded.

    Loading a state allocates thousands of containers (objects, their dicts and lists),
    which sets off several collection passes that traverse everything young and find no
    cycle (~20% of a seek in a busy process).  Reference counting frees memory as usual;
    cycles, if any, are collected after.  The collector is re-enabled only if it was on.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _from_snapshot(store: EventStore, game_id: str, seq: int, snap: Any,
                   keep: bool = False, near: bool = False,
                   read: tuple[str | None, list[StoredEvent]] | None = None,
                   ) -> Position | None:
    """The position at *seq* from the stored snapshot *snap* (at or before it) and the
    events after it only (None: it cannot be used: then fold from the start).  The
    position is kept for the next seek (a copy of its state) only with *keep* (the
    previous seek was a step or two before: someone steps through the game), or *near*
    (the previous seek was at most :data:`NEAR` seqs away: scrubbing) when the tail was
    :data:`LONG_TAIL` events or more.  Another seek keeps nothing, however long its tail
    (issue 26, SEEK: random seeks paid a state copy in two of five seeks for a next step
    that rarely came; the second step of a walk now loads its snapshot instead of folding
    on).  *read*: the stored hash of seq 1 and the events after the snapshot up to *seq*
    as :meth:`EventStore.seek_snapshot` read them with it (else they are read here)."""
    key = snapshot_states.key_of(store.where, game_id, snap.seq, snap.engine_version,
                                 snap.event_hash, snap.state_json)
    decoded = snapshot_states.kept(key)  # (a seek near an earlier one: a copy of its state)
    data: dict[str, Any] = {}
    if decoded is None:
        try:  # (a text that is not a JSON object cannot serve: fold from the start)
            data = loads(snap.state_json)
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        meta, made = data.get("line"), data.get("created")
        if not isinstance(meta, dict) or meta.get("seq") != snap.seq:
            return None
    else:
        meta, made = None, decoded.made
    first: StoredEvent | str | None
    if read is not None:  # read with the snapshot: seq 1's hash, the events after it
        first, tail = read
    else:  # the events after the snapshot and (compact form) seq 1, in one query
        linked = store.read_linked(game_id, snap.seq, snap.event_hash, seq,
                                   with_first=made is None)
        if linked is None:
            return None
        first, tail = linked
    if len(tail) != seq - snap.seq:
        return None  # out of range: load_folder says so
    try:
        line = decoded.line.copy() if decoded is not None else Line.from_json(meta or {})
        created: Payload | None
        if made is None:  # the compact form (issue 26): the creation is the stored seq 1
            created = _created_of(store, game_id, first)
        elif isinstance(made, dict):  # older snapshots carry the creation
            made_payload = made["payload"] if "payload" in made else unpack(made["z"])
            created = parse_payload("GameCreated", int(made["schema_version"]), made_payload,
                                    where="snapshot")
        else:
            return None
        payloads = [ev.decoded() for ev in tail]
        if any(ev.type in _REFOLDS for ev in tail):
            final = line.copy()  # the line after the tail (a rewind may void the snapshot)
            for ev, payload in zip(tail, payloads, strict=True):
                final.add(ev.seq, payload)
        else:
            final = line  # (the tail only adds seqs after it: the same answer, no copy)
        if not _snapshot_ok(final, snap.seq) or not isinstance(created, GameCreated):
            return None
        # no copies in the tail: no seq of it is a multiple of seq + 1 (a checkpoint at the
        # last seq would clone the whole state for nothing)
        folder = Folder(checkpoint_every=max(CHECKPOINT_EVERY, seq + 1))
        folder.line, folder.seq, folder.created = line, snap.seq, created
        if decoded is None:
            state = decode_state(data["state"])
            stopped = _stored_stop(data.get("stopped"))
            snapshot_states.offer(key, state, line, stopped, made)
        else:
            state, stopped = decoded.state.clone(), decoded.stopped
        folder.state, folder.stopped = state, stopped
        folder._checkpoints[snap.seq] = (snap.state_json, folder.stopped,
                                         folder._patch_key(snap.seq) if line.corrections
                                         else _NO_PATCHES)
        for ev, payload in zip(tail, payloads, strict=True):
            folder.feed(ev, payload)
    except (KeyError, TypeError, ValueError, RiftlogError):
        return None  # e.g. a rebuild reaching before the snapshot: fold from the start
    position = folder.position()
    if keep or (near and len(tail) >= LONG_TAIL):
        _keep(store, game_id, position, tail[-1].hash if tail else snap.event_hash)
    return position


#: ``Folder._patch_key`` of a line without corrections (the usual one: no patches at all)
_NO_PATCHES = Folder()._patch_key(0)

#: per thread: the GameCreated of the last game a compact snapshot was loaded for, with
#: the store, the game and the hash of its stored seq 1 (parsed again when any differs)
_CREATED = threading.local()


def _created_of(store: EventStore, game_id: str, first: StoredEvent | str | None,
                ) -> GameCreated | None:
    """The game's creation as its stored seq 1 (*first*: the event, or its stored hash)
    says (what a fold from the start reads), or None when seq 1 is missing or is not a
    GameCreated (the caller then folds from the start, which says what is wrong).  The
    parsed payload is kept per thread and reused while seq 1's hash is the same (a compact
    snapshot carries no copy of it); given only the hash of another one, seq 1 is read."""
    if first is None:
        return None
    key = (store.where, game_id, first if isinstance(first, str) else first.hash)
    kept = getattr(_CREATED, "kept", None)
    if kept is not None and kept[0] == key:
        return kept[1]  # type: ignore[no-any-return]
    if isinstance(first, str):
        events = store.read_range(game_id, 1, 1)
        if not events:
            return None
        first = events[0]
        key = (store.where, game_id, first.hash)
    payload = first.decoded()
    if not isinstance(payload, GameCreated):
        return None
    created: GameCreated = payload
    _CREATED.kept = (key, created)
    return created


def load_folder(store: EventStore, game_id: str, seq: int | None = None, *,
                use_snapshots: bool = True, edition: str | None = None) -> Folder:
    """A :class:`Folder` that has folded *game_id* up to *seq* (default: the last event)."""

    def check_range(last: int) -> None:
        if last == 0:
            raise RecorderError(f"game {game_id} has no events yet")
        if seq is not None and not 1 <= seq <= last:
            raise RecorderError(f"game {game_id}: seq {seq} is out of range (1 to {last})")

    if seq is None or seq < 1:
        last = store.game(game_id).last_seq
        check_range(last)
        seq = last if seq is None else seq
    events = list(store.read(game_id, 1, seq))
    if len(events) != seq:
        check_range(store.game(game_id).last_seq)
    payloads = [ev.decoded() for ev in events]
    folder = Folder(edition=edition)
    start = 0
    if use_snapshots and edition is None:
        line = Line()
        for ev, payload in zip(events, payloads, strict=True):
            line.add(ev.seq, payload)
        for snap in _snapshots(store, game_id, seq):
            if _snapshot_ok(line, snap.seq):
                try:
                    data = json.loads(snap.state_json)
                    stop = _stored_stop(data.get("stopped"))
                    folder.resume(events[: snap.seq], snap.seq, data["state"], stop,
                                  payloads[: snap.seq])
                except (AttributeError, KeyError, TypeError, ValueError):
                    continue  # it does not load: an older snapshot, or the events alone
                start = snap.seq
                break
    for ev, payload in zip(events[start:], payloads[start:], strict=True):
        folder.feed(ev, payload)
    return folder


def _snapshots(store: EventStore, game_id: str, seq: int) -> Iterator[Any]:
    at = seq
    while at >= 1:
        snap = store.latest_snapshot(game_id, ENGINE_VERSION, at)
        if snap is None:
            return
        yield snap
        at = snap.seq - 1


def snapshot_json(position: Position) -> str:
    """The snapshot text of *position*: its state (packed: :mod:`riftlog.snapshot_codec`),
    why it is stopped (if so) and the line up to its seq (so :func:`state_at` reads only
    later events, and seq 1 for the game's creation).

    The compact form (issue 26): no copy of the creation, which is the game's stored seq 1
    (~800 of ~3,800 bytes of a duel's snapshot); snapshots written before still carry it
    (``"created"``) and still load."""
    assert position.state is not None
    return _encode({
        "state": encode_state(position.state),
        "stopped": position.stopped.to_json() if position.stopped else None,
        "line": position.line.to_json(position.seq)})


def write_snapshots(store: EventStore, game_id: str, every: int | None = None) -> list[int]:
    """Fold the whole game and store a snapshot every *every* events (default:
    :func:`snapshot_every`); returns their seqs."""
    every = snapshot_every(every)
    if every == 0:
        return []
    folder = Folder()
    written: list[int] = []
    for ev in store.read(game_id, verify=True):
        folder.feed(ev)
        if ev.seq % every == 0 and folder.state is not None:
            store_snapshot(store, game_id, ev.seq, ev.hash, folder.position())
            written.append(ev.seq)
    return written


def store_snapshot(store: EventStore, game_id: str, seq: int, event_hash: str,
                   position: Position) -> None:
    """Store *position* (what a :class:`Folder` folded from the events up to *seq*, whose
    event has *event_hash*) as a snapshot, vouched for with the store's snapshot key
    (made on first use; see :mod:`riftlog.store.snapshot_key`).  Only a state riftlog's
    fold computed comes here: that is what the proof vouches for."""
    text = snapshot_json(position)
    key = store.snapshot_key(create=True)
    if key is None:  # create=True makes one; a store that cannot must not go unnoticed
        raise StoreError(f"snapshot of game {game_id} at seq {seq}: the store has no "
                         "snapshot key and could not make one")
    store.put_snapshot(game_id, seq, event_hash, text, ENGINE_VERSION,
                       proof=key.proof(game_id, seq, ENGINE_VERSION, event_hash, text))


@dataclass
class SnapshotCheck:
    """What :func:`check_snapshots` found for one game."""

    game_id: str
    #: snapshots of this engine version compared with the events
    checked: int = 0
    #: snapshots written by another engine version (not comparable here; never used)
    other_engines: int = 0
    #: snapshots that agree with the events but are not vouched for by this store's key
    #: (written by an older riftlog, or where the key was another): harmless, never used
    unvouched: list[int] = field(default_factory=list)
    #: what is wrong, one line each (a snapshot that differs from the events, a proof that
    #: does not check)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        if self.problems:
            return f"game {self.game_id}: " + "; ".join(self.problems)
        note = (f" ({len(self.unvouched)} not vouched for by this store's key: never used; "
                "`riftlog replay --check-snapshots` vouches for them)" if self.unvouched else "")
        agree = "agrees" if self.checked == 1 else "agree"
        return f"game {self.game_id}: {plural(self.checked, 'snapshot')} {agree} with the events{note}"


def check_snapshots(store: EventStore, game_id: str) -> SnapshotCheck:
    """Compare every stored snapshot of *game_id* with the state its events give (one fold
    of the whole game, the chain verified as it is read) and check its proof.

    A snapshot differs when its text is not what the fold gives at its seq (for an older
    snapshot form: when the state or the stop it holds differs); a proof made with this
    store's key that does not check means the row was edited after riftlog wrote it.
    Snapshots whose event hash no longer matches the stored event are stale (never used)
    and not listed; snapshots of another engine version are counted, not compared.
    """
    found = SnapshotCheck(game_id)
    head = store.head(game_id)[0]
    if head < 1:
        return found
    snaps = {s.seq: s for s in store.valid_snapshots(game_id, ENGINE_VERSION, head,
                                                     vouched_only=False)}
    found.other_engines = store.snapshot_count(game_id) - len(snaps)
    if not snaps:
        return found
    key = store.snapshot_key()
    folder = Folder()
    last = max(snaps)
    for ev in store.read(game_id, 1, last, verify=True):
        folder.feed(ev)
        snap = snaps.get(ev.seq)
        if snap is None:
            continue
        found.checked += 1
        if not _agrees(snap.state_json, folder.position()):
            found.problems.append(f"snapshot at seq {ev.seq} differs from the state its events "
                                  "give (never used: `riftlog replay --check-snapshots` rebuilds it)"
                                  if not snap.vouched else
                                  f"snapshot at seq {ev.seq} differs from the state its events "
                                  "give, yet its proof checks: the snapshot key is compromised")
        elif key is not None and key.made_it(snap.proof) and not snap.vouched:
            found.problems.append(f"snapshot at seq {ev.seq} was changed after riftlog wrote it "
                                  "(its proof does not check)")
        elif not snap.vouched:
            found.unvouched.append(ev.seq)
    return found


def _agrees(text: str, position: Position) -> bool:
    """Whether snapshot *text* holds *position* (the text the fold gives, or, for an older
    form, the same state and stop)."""
    if text == snapshot_json(position):
        return True
    try:
        data = json.loads(text)
        state = decode_state(data["state"])
        stop = _stored_stop(data.get("stopped"))
    except (KeyError, TypeError, ValueError):
        return False
    return state_hash(state) == state_hash(position.state) and stop == position.stopped
