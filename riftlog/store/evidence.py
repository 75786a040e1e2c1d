"""Signed checkpoints and receipts of the event store (issue 16): :class:`Evidence`, a part of
:class:`~riftlog.store.eventstore.EventStore`.

What a checkpoint and a receipt are, and what they prove, is in
:mod:`riftlog.store.checkpoints`; the keys are in :mod:`riftlog.store.signing`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection

from riftlog.errors import StoreError, UnknownGame
from riftlog.events import utc_now_iso
from riftlog.store.checkpoints import (
    Checkpoint,
    CheckpointReport,
    Receipt,
    ReceiptProblem,
    check_checkpoints,
    header_hash,
    make_checkpoint,
    receipt_of,
)
from riftlog.store.codec import ChainChecker, VerifyResult, stored_hash
from riftlog.store.models import Checkpoint as CheckpointRow
from riftlog.store.records import GameInfo
from riftlog.store.signing import PublicKey, SigningKey

#: hex digits of a hash shown when a receipt does not match
RECEIPT_SHOWN = 24


class Evidence:
    """The checkpoint and receipt methods of :class:`~riftlog.store.eventstore.EventStore`
    (a mixin: it uses the store's reading and verifying)."""

    if TYPE_CHECKING:  # what it uses of the store

        @property
        def where(self) -> str: ...

        def game(self, game_id: str) -> GameInfo: ...

        def verify(self, game_id: str) -> VerifyResult: ...

        def _sql(self, text: str) -> str: ...

        def _conn(self, write: bool, doing: str) -> AbstractContextManager[Connection]: ...

        def _cursor(self, write: bool, doing: str) -> AbstractContextManager[Any]: ...

        def _pages(self, game_id: str, from_seq: int, to_seq: int | None
                   ) -> Iterator[list[Any]]: ...

    def sign(self, game_id: str, key: SigningKey) -> Checkpoint:
        """Sign the game's current head with *key*, store the checkpoint and return it.

        The chain is verified first (a broken one is never signed); a head already signed
        by *key* returns the stored checkpoint.
        """
        self.verify(game_id).raise_if_bad()
        info = self.game(game_id)
        if info.last_seq == 0:
            raise StoreError(f"game {game_id} has no events to sign")
        for cp in self.checkpoints(game_id):
            if cp.seq == info.last_seq and cp.key_id == key.key_id and cp.sealed == info.sealed:
                return cp
        header = self._header_hash(info)
        assert header is not None  # a verified chain with a head has a seq 1
        cp = make_checkpoint(key, game_id, info.last_seq, info.last_hash, header, info.sealed,
                             utc_now_iso())
        self.add_checkpoints([cp])
        return cp

    def _header_hash(self, info: GameInfo) -> str | None:
        created = self._hash_at(info.id, 1)
        return None if created is None else header_hash(info.id, asdict(info), created)

    def _hash_at(self, game_id: str, seq: int) -> str | None:
        with self._cursor(write=False, doing=f"reading game {game_id}") as cur:
            cur.execute(self._sql("SELECT hash, digest FROM events WHERE game_id = ? AND seq = ?"),
                        (game_id, seq))
            row = cur.fetchone()
        return None if row is None else stored_hash(
            (None, game_id, seq, None, None, None, None, None, None, None, row[0], row[1]))

    def checkpoints(self, game_id: str) -> list[Checkpoint]:
        """The game's stored checkpoints, by seq (whoever signed them: check before trusting)."""
        with self._conn(write=False, doing=f"reading checkpoints of game {game_id}") as conn:
            rows = conn.execute(select(CheckpointRow).where(CheckpointRow.game_id == game_id)
                                .order_by(CheckpointRow.seq, CheckpointRow.sealed,
                                          CheckpointRow.key_id)).all()
            return [Checkpoint(r.game_id, r.seq, r.key_id, r.public_key, r.head_hash,
                               r.header_hash, bool(r.sealed), r.signed_at, r.signature)
                    for r in rows]

    def add_checkpoints(self, checkpoints: Sequence[Checkpoint]) -> int:
        """Store the *checkpoints* not stored yet (by game, seq, key and seal); return how many."""
        added = 0
        with self._conn(write=True, doing="storing checkpoints") as conn:
            for cp in checkpoints:
                key = (CheckpointRow.game_id == cp.game_id, CheckpointRow.seq == cp.seq,
                       CheckpointRow.key_id == cp.key_id, CheckpointRow.sealed == cp.sealed)
                if conn.execute(select(CheckpointRow.seq).where(*key)).first() is None:
                    conn.execute(insert(CheckpointRow).values(**cp.to_json()))
                    added += 1
        return added

    def verify_checkpoints(self, game_id: str, trusted: Sequence[PublicKey] | None = None,
                           require: bool = False) -> CheckpointReport:
        """Check the game's checkpoints against its stored events and header (see
        :func:`~riftlog.store.checkpoints.check_checkpoints`); *require* one by a *trusted*
        key.  The chain itself is checked by :meth:`verify`."""
        info = self.game(game_id)
        return check_checkpoints(game_id, self.checkpoints(game_id),
                                 lambda seq: self._hash_at(game_id, seq), self._header_hash(info),
                                 info.last_seq, info.sealed, trusted, require)

    def receipt(self, game_id: str, seq: int | None = None) -> Receipt:
        """The receipt of the game's event *seq* (default: its head)."""
        info = self.game(game_id)
        seq = info.last_seq if seq is None else seq
        found = self._hash_at(game_id, seq) if seq >= 1 else None
        if found is None:
            raise StoreError(f"game {game_id} has no event at seq {seq} (last seq {info.last_seq})")
        return receipt_of(game_id, seq, found)

    def check_receipt(self, receipt: Receipt) -> str:
        """Check that the store still has the receipt's event with the chain intact up to it;
        return a line saying so, or raise :class:`~riftlog.store.checkpoints.ReceiptProblem`."""
        try:
            info = self.game(receipt.game_id)
        except UnknownGame:
            raise ReceiptProblem(f"receipt {receipt}: no game {receipt.game_id!r} in "
                                 f"{self.where} (deleted or renamed)") from None
        checker = ChainChecker(receipt.game_id)
        for rows in self._pages(receipt.game_id, 1, receipt.seq):
            if checker.check_rows(rows) is not None:
                raise ReceiptProblem(f"receipt {receipt}: the hash chain of game {receipt.game_id} "
                                     f"breaks at seq {checker.bad_seq}: {checker.reason}")
        last = checker.expected_seq - 1
        if last < receipt.seq:
            raise ReceiptProblem(f"receipt {receipt}: game {receipt.game_id} has no event at seq "
                                 f"{receipt.seq} (its events end at seq {last}): truncated")
        if not (checker.prev_hash or "").upper().startswith(receipt.hash_prefix):
            raise ReceiptProblem(
                f"receipt {receipt}: the event at seq {receipt.seq} of game {receipt.game_id} now "
                f"has hash {(checker.prev_hash or '')[:RECEIPT_SHOWN].upper()}...: the history was "
                "rewritten (or the receipt was copied wrong)")
        return (f"ok: game {receipt.game_id} still has the event of the receipt at seq "
                f"{receipt.seq}, chain intact up to it (head now seq {info.last_seq})")


__all__ = ["Evidence"]
