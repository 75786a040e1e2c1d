"""The snapshots of the event store: :class:`Snapshots`, a part of
:class:`~riftlog.store.eventstore.EventStore`.

Storing a game's reduced state after an event, finding the usable ones (their event
hash still matches and the store's snapshot key vouches for them), and thinning and
packing a sealed game's snapshots.  A snapshot is a cache, never the truth: one that
does not check is skipped, and the state is folded from the events instead.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from sqlalchemy import text
from sqlalchemy.engine import Connection

from riftlog.errors import StoreError
from riftlog.events import StoredEvent, utc_now_iso
from riftlog.store.codec import EVENT_COLUMNS, decode_rows, stored_hash
from riftlog.store.database import Target
from riftlog.store.records import GameInfo, SnapshotInfo
from riftlog.store.snapshot_key import SnapshotKey, secrets_folder
from riftlog.store.snapshot_packing import (
    BaseCache,
    base_ref,
    pack_against,
    resolved,
    state_bytes,
)

#: Snapshot spacing of a sealed game, in events: sealing drops the others (the last seq's
#: is kept too).  A live game keeps the recorder's denser spacing (fast appends and
#: seeks while it is played); a sealed game is only read, and a seek then folds at most
#: 49 events after a snapshot, for about a tenth of the snapshot bytes.
SEALED_SNAPSHOT_EVERY = 50
#: a seq above any stored one (SQLite and Postgres integers are 64-bit)
_NO_SEQ_LIMIT = 2**62
#: the most snapshot seqs :meth:`EventStore.valid_snapshots` names in one query (SQLite
#: before 3.32 takes at most 999 parameters a statement, PostgreSQL 65,535)
_MAX_PICKED = 500


class Snapshots:
    """The snapshot methods of :class:`~riftlog.store.eventstore.EventStore` (a mixin: it
    uses the store's connections, its identity and its secrets folder)."""

    if TYPE_CHECKING:  # what it uses of the store
        target: Target
        secrets: str | None
        _key: SnapshotKey | None
        _bases: BaseCache
        _hex_hash: str
        _q_hash_at: str
        _pg: bool

        @property
        def store_id(self) -> str: ...

        def game(self, game_id: str) -> GameInfo: ...

        def _sql(self, text: str) -> str: ...

        def _conn(self, write: bool, doing: str) -> AbstractContextManager[Connection]: ...

        def _cursor(self, write: bool, doing: str) -> AbstractContextManager[Any]: ...

    # --- thinning and packing a sealed game's snapshots --------------------------

    def thin_snapshots(self, game_id: str, every: int = 0) -> int:
        """Thin the snapshots of sealed *game_id* to one per window of *every* seqs
        (default :data:`SEALED_SNAPSHOT_EVERY`; the earliest in each window) plus the one at
        its last seq; returns how many were dropped.  Sealing does this by itself; this is
        for games sealed by an older riftlog.  An open game keeps all of its snapshots;
        events are never touched (a snapshot is a cache, rebuilt from them at will)."""
        info = self.game(game_id)
        if not info.sealed:
            raise StoreError(f"game {game_id} is not sealed: only a sealed game's snapshots "
                             "are thinned")
        with self._conn(write=True, doing=f"thinning the snapshots of game {game_id}") as conn:
            dropped = self._thin(conn, game_id, info.last_seq, every or SEALED_SNAPSHOT_EVERY)
            self._pack_sealed(conn, game_id)
            return dropped

    def _thin(self, conn: Connection, game_id: str, last_seq: int, every: int) -> int:
        """Keep, per engine version, the earliest snapshot of each window of *every* seqs
        of *game_id* and the one at *last_seq*; delete the rest (in the caller's
        transaction).  Returns how many were deleted.  The recorder snapshots at the end of
        an append, so its seqs need not be multiples of the spacing: windows, not
        multiples, keep a seek's fold under *every* events."""
        done = conn.execute(text(
            "DELETE FROM snapshots WHERE game_id = :g AND seq <> :last AND seq NOT IN ("
            " SELECT MIN(k.seq) FROM snapshots k WHERE k.game_id = :g"
            " AND k.engine_version = snapshots.engine_version GROUP BY k.seq / :n)"),
            {"g": game_id, "last": last_seq, "n": every})
        return int(done.rowcount or 0)

    def _pack_sealed(self, conn: Connection, game_id: str) -> int:
        """Pack each kept snapshot of sealed *game_id* after the first (per engine version)
        against the first one's state (:mod:`riftlog.store.snapshot_packing`; issue 26:
        about half the bytes), in the caller's transaction; only snapshots whose proof
        checks with the store's key, re-vouched for with it.  Returns how many."""
        key = self.snapshot_key()
        if key is None:
            return 0
        rows = conn.execute(text(
            "SELECT seq, engine_version, event_hash, state_json, proof, created_at FROM "
            "snapshots WHERE game_id = :g ORDER BY engine_version, seq"), {"g": game_id}).all()
        bases: dict[str, tuple[int, bytes]] = {}
        packed = 0
        for seq, version, at_hash, body, proof, made in rows:
            if not key.vouches(proof, game_id, seq, version, at_hash, body):
                continue
            if version not in bases:
                raw = state_bytes(body)
                if raw is not None:
                    bases[version] = (seq, raw)
                continue
            new = pack_against(body, *bases[version])
            if new is None or len(new) >= len(body):
                continue
            where = {"g": game_id, "s": seq, "v": version}
            conn.execute(text("DELETE FROM snapshots WHERE game_id = :g AND seq = :s AND "
                              "engine_version = :v"), where)
            conn.execute(text(
                "INSERT INTO snapshots (game_id, seq, engine_version, event_hash, state_json, "
                "created_at, proof) VALUES (:g, :s, :v, :h, :t, :c, :p)"),
                {**where, "h": at_hash, "t": new, "c": made,
                 "p": key.proof(game_id, seq, version, at_hash, new)})
            packed += 1
        return packed

    # --- snapshots ---------------------------------------------------------------

    def snapshot_key(self, create: bool = False) -> SnapshotKey | None:
        """The store's snapshot key, kept outside the database in its secrets folder (see
        :mod:`riftlog.store.snapshot_key`); None when there is none, unless *create*."""
        if self._key is None:
            folder = secrets_folder(self.target.path, self.secrets) / self.store_id
            self._key = SnapshotKey.load(folder, create=create)
        return self._key

    def put_snapshot(
        self, game_id: str, seq: int, event_hash: str, state_json: str, engine_version: str,
        proof: str | None = None,
    ) -> None:
        """Store (or replace) the reduced state of *game_id* after event *seq*.

        *event_hash* must be the hash of that stored event: a snapshot is only valid for
        the exact history it was computed from.  *state_json* is the state as JSON text.
        *proof* vouches for it (:meth:`SnapshotKey.proof`, made by riftlog's fold: see
        :func:`riftlog.reducer.store_snapshot`); a snapshot without a proof that checks
        with the store's key is stored but never used (:meth:`latest_snapshot`).
        """
        try:
            json.loads(state_json)
        except ValueError as exc:
            raise StoreError(
                f"snapshot of game {game_id} at seq {seq}: state is not JSON: {exc}"
            ) from None
        with self._cursor(write=True, doing=f"storing a snapshot of game {game_id}") as cur:
            cur.execute(self._q_hash_at, (game_id, seq))
            row = cur.fetchone()
            if row is None:
                raise StoreError(f"snapshot of game {game_id}: there is no event at seq {seq}")
            stored = stored_hash((None, game_id, seq, None, None, None, None, None, None,
                                  None, row[0], row[1]))
            if stored != event_hash:
                raise StoreError(
                    f"snapshot of game {game_id} at seq {seq} was taken at hash {event_hash[:16]}..., "
                    f"but the stored event has hash {stored[:16]}..."
                )
            # the check and the write in one transaction (live-path: one commit, raw SQL)
            cur.execute(self._sql("DELETE FROM snapshots WHERE game_id = ? AND seq = ? AND "
                                  "engine_version = ?"), (game_id, seq, engine_version))
            cur.execute(self._sql(
                "INSERT INTO snapshots (game_id, seq, engine_version, event_hash, state_json, "
                "created_at, proof) VALUES (?, ?, ?, ?, ?, ?, ?)"),
                (game_id, seq, engine_version, event_hash, state_json, utc_now_iso(), proof))

    def snapshot_count(self, game_id: str) -> int:
        """How many snapshot rows *game_id* has (every engine version, stale ones too)."""
        with self._cursor(write=False, doing=f"reading snapshots of game {game_id}") as cur:
            cur.execute(self._sql("SELECT COUNT(*) FROM snapshots WHERE game_id = ?"), (game_id,))
            return int(cur.fetchone()[0])

    def latest_snapshot(
        self, game_id: str, engine_version: str, at_or_before_seq: int | None = None
    ) -> SnapshotInfo | None:
        """The newest usable snapshot at or before *at_or_before_seq* (default: any) for
        *engine_version*, in one indexed raw query (one more per unusable one skipped).

        Usable: its event hash still matches the stored event, and its proof checks with
        the store's snapshot key (so it is a state riftlog's fold computed, not one written
        in SQL or through :meth:`put_snapshot` without the key).  Others are skipped (a
        snapshot is a cache, never the truth).
        """
        key = self.snapshot_key()
        if key is None:
            return None  # nothing can vouch for a snapshot here: fold from the events
        at = at_or_before_seq
        while True:
            found = self._valid_snapshots(game_id, engine_version, at, newest_only=True)
            if not found or found[0].vouched:
                return found[0] if found else None
            at = found[0].seq - 1

    def seek_snapshot(self, game_id: str, engine_version: str, seq: int,
                      ) -> tuple[SnapshotInfo, str | None, list[StoredEvent]] | None:
        """What a seek reads (issue 26, SEEK: one cursor, two statements): the snapshot
        :meth:`latest_snapshot` gives at or before *seq*, the stored hash of the game's seq 1
        (None when there is none) and the stored events after the snapshot up to *seq*
        (fewer if the game is shorter), linked to the snapshot's event hash (what
        :meth:`read_linked` gives after it); None when no snapshot is usable.

        The snapshot's row comes with its event's stored hash matched in the same
        statement (the join of :meth:`latest_snapshot`), so the tail starts right after it.
        A snapshot that is not vouched for is skipped as :meth:`latest_snapshot` skips it
        (one more statement each); a snapshot a seal packed against another one is read as
        :meth:`latest_snapshot` reads it (its base may take another query)."""
        key = self.snapshot_key()
        if key is None:
            return None  # nothing can vouch for a snapshot here: fold from the events
        q_snap, q_tail = self._seek_statements()
        with self._cursor(write=False, doing=f"reading game {game_id}") as cur:
            at = seq
            while True:
                cur.execute(q_snap, (game_id, game_id, engine_version, at))
                row = cur.fetchone()
                if row is None:
                    return None
                info = SnapshotInfo(game_id, row[0], engine_version, row[1], row[2], row[3],
                                    row[4], key.vouches(row[4], game_id, row[0],
                                                        engine_version, row[1], row[2]))
                if info.vouched:
                    break
                if '"zd"' in info.state_json:
                    return None  # (what latest_snapshot does with an unvouched packed one)
                at = info.seq - 1
            cur.execute(q_tail, (game_id, info.seq, seq))
            rows = cur.fetchall()
        if '"zd"' in info.state_json:  # packed against its base by a seal
            unpacked = self._unpacked(info, [info], {})
            if unpacked is None:
                return None
            info = unpacked
        return info, row[5], decode_rows(rows, info.event_hash)

    def _seek_statements(self) -> tuple[str, str]:
        """The two raw statements of :meth:`seek_snapshot` (made once per store)."""
        made: tuple[str, str] | None = getattr(self, "_q_seek", None)
        if made is None:
            first = ("coalesce(f.hash, encode(f.digest, 'hex'))" if self._pg
                     else "coalesce(f.hash, lower(hex(f.digest)))")
            made = self._q_seek = (
                self._sql(
                    "SELECT s.seq, s.event_hash, s.state_json, s.created_at, s.proof, "
                    f"(SELECT {first} FROM events f WHERE f.game_id = ? AND f.seq = 1) "
                    "FROM snapshots s JOIN events e ON e.game_id = s.game_id AND e.seq = s.seq "
                    "WHERE s.game_id = ? AND s.engine_version = ? AND s.seq <= ? "
                    f"AND s.event_hash = {self._hex_hash} ORDER BY s.seq DESC LIMIT 1"),
                self._sql(f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq > ? "
                          "AND seq <= ? ORDER BY seq"))
        return made

    # --- re-validation (issue 7) ---------------------------------------------------

    def valid_snapshots(self, game_id: str, engine_version: str, at_or_before_seq: int,
                        pick: Callable[[list[int]], Iterable[int]] | None = None,
                        vouched_only: bool = True) -> list[SnapshotInfo]:
        """Every snapshot at or before *at_or_before_seq* whose event hash still matches the
        stored event (and, with *vouched_only*, whose proof checks with the store's key),
        newest first, in one indexed raw query: what calling :meth:`latest_snapshot` again
        below each result finds, one by one.  ``vouched_only=False`` is for checkers (a
        replay compares every snapshot with the events); each result says whether it is
        vouched for.

        With *pick*, only those at the seqs it picks from the valid ones' seqs (newest
        first): their texts are the only ones read (a second query), unless it picks more
        than :data:`_MAX_PICKED` (all texts are read then, the picked ones kept)."""
        if vouched_only and self.snapshot_key() is None:
            return []
        found = self._picked_snapshots(game_id, engine_version, at_or_before_seq, pick)
        return [info for info in found if info.vouched] if vouched_only else found

    def _picked_snapshots(self, game_id: str, engine_version: str, at_or_before_seq: int,
                          pick: Callable[[list[int]], Iterable[int]] | None,
                          ) -> list[SnapshotInfo]:
        if pick is None:
            return self._valid_snapshots(game_id, engine_version, at_or_before_seq)
        chosen = set(pick([row[0] for row in self._snapshot_rows(  # replay-perf: seqs only
            game_id, engine_version, at_or_before_seq, seqs_only=True)]))
        if not chosen:
            return []
        if len(chosen) > _MAX_PICKED:  # no "IN (?, ...)" beyond the backends' parameter caps
            return [info for info in self._valid_snapshots(
                game_id, engine_version, at_or_before_seq) if info.seq in chosen]
        return self._valid_snapshots(game_id, engine_version, at_or_before_seq,
                                     at=sorted(chosen, reverse=True))

    def _valid_snapshots(self, game_id: str, engine_version: str, at_or_before_seq: int | None,
                         newest_only: bool = False, at: list[int] | None = None,
                         ) -> list[SnapshotInfo]:
        """The snapshots of :meth:`latest_snapshot` (*newest_only*: at most one) and
        :meth:`valid_snapshots` (*at_or_before_seq* None: any seq; *at*: only those seqs)."""
        rows = self._snapshot_rows(game_id, engine_version, at_or_before_seq, newest_only, at=at)
        key = self.snapshot_key()
        found = [SnapshotInfo(game_id, r[0], engine_version, r[1], r[2], r[3], r[4],
                              key is not None and key.vouches(r[4], game_id, r[0],
                                                              engine_version, r[1], r[2]))
                 for r in rows]
        if not any('"zd"' in info.state_json for info in found):
            return found
        bases: dict[int, bytes | None] = {}  # per base seq: its state bytes (read once)
        out = []
        for info in found:
            unpacked = self._unpacked(info, found, bases)
            if unpacked is not None:
                out.append(unpacked)
        return out

    def _unpacked(self, info: SnapshotInfo, found: list[SnapshotInfo],
                  bases: dict[int, bytes | None]) -> SnapshotInfo | None:
        """*info* with its state unpacked when a seal packed it against the game's first
        kept snapshot (:mod:`riftlog.store.snapshot_packing`); None (never used, like a
        stale one) when it is not vouched for or its base no longer holds that state.
        The base is taken from *found* when it is there, else read; *bases* keeps it."""
        ref = base_ref(info.state_json)
        if ref is None:
            return info
        if not info.vouched:
            return None  # nothing unpacked that the key does not vouch for
        base_seq, digest = ref
        raw = self._bases.get(digest)  # (issue 26: a seek in a sealed game reads it once)
        if raw is None:
            if base_seq not in bases:
                base = next((b for b in found if b.seq == base_seq), None)
                if base is None:
                    base = next(iter(self._valid_snapshots(
                        info.game_id, info.engine_version, base_seq, newest_only=True)), None)
                ok = base is not None and base.seq == base_seq and base.vouched
                bases[base_seq] = state_bytes(base.state_json) if ok and base else None
            raw = bases[base_seq]
            if raw is not None:
                self._bases.put(raw)
        body = resolved(info.state_json, raw) if raw is not None else None
        return None if body is None else dataclasses.replace(info, state_json=body)

    def _snapshot_rows(self, game_id: str, engine_version: str, at_or_before_seq: int | None,
                       newest_only: bool = False, seqs_only: bool = False,
                       at: list[int] | None = None) -> list[Any]:
        """Their raw query: rows (seq, event hash, text, created_at, proof); *seqs_only*:
        (seq,)."""
        cols = ("s.seq" if seqs_only
                else "s.seq, s.event_hash, s.state_json, s.created_at, s.proof")
        only = f" AND s.seq IN ({', '.join('?' * len(at))})" if at else ""
        with self._cursor(write=False, doing=f"reading snapshots of game {game_id}") as cur:
            cur.execute(
                self._sql(
                    f"SELECT {cols} FROM snapshots s "
                    "JOIN events e ON e.game_id = s.game_id AND e.seq = s.seq "
                    "WHERE s.game_id = ? AND s.engine_version = ? AND s.seq <= ? "
                    f"AND s.event_hash = {self._hex_hash}{only} ORDER BY s.seq DESC"
                    + (" LIMIT 1" if newest_only else "")
                ),
                (game_id, engine_version,
                 at_or_before_seq if at_or_before_seq is not None else _NO_SEQ_LIMIT, *(at or ())),
            )
            return list(cur.fetchall())
