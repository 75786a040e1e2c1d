"""The effective line of a game (see :mod:`riftlog.reducer`): the seqs a fold keeps and
the corrections in force, built event by event, and its snapshot form.

:mod:`riftlog.reducer_fold` (and so :mod:`riftlog.reducer`) re-exports :class:`Line`.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from riftlog.events import parse_payload
from riftlog.events.payloads import GameRewound, OutcomeCorrected
from riftlog.events.registry import Payload


class Line:
    """The effective line and the active corrections, built event by event.

    ``seqs`` is ascending (events come in seq order; a rewind pops from the end).  The set
    of its seqs is made on first need (issue 26, SEEK: a line loaded from a snapshot of
    seq ~2,000 no longer builds a set of ~2,000 ints a seek; a lone membership test
    bisects ``seqs``)."""

    def __init__(self) -> None:
        self.seqs: list[int] = []
        self._members: set[int] | None = set()
        self.corrections: list[tuple[int, OutcomeCorrected]] = []

    def _member_set(self) -> set[int]:
        members = self._members
        if members is None:
            members = self._members = set(self.seqs)
        return members

    def add(self, seq: int, payload: Payload) -> list[int]:
        """Add the event at *seq*; returns the seqs a rewind voided (else [])."""
        voided: list[int] = []
        if isinstance(payload, GameRewound):
            members = self._member_set()
            while self.seqs and self.seqs[-1] > payload.to_seq:
                voided.append(self.seqs.pop())
                members.discard(voided[-1])
            self.corrections = [(c, p) for c, p in self.corrections if c in members]
        elif isinstance(payload, OutcomeCorrected):
            self.corrections.append((seq, payload))
        self.seqs.append(seq)
        if self._members is not None:
            self._members.add(seq)
        voided.reverse()
        return voided

    def add_plain(self, seq: int) -> None:
        """Add the event at *seq*, known to be neither a rewind nor a correction (what
        :meth:`add` does for it, without the checks; replay-perf)."""
        self.seqs.append(seq)
        members = self._members
        if members is not None:
            members.add(seq)

    def __contains__(self, seq: object) -> bool:
        members = self._members
        if members is not None:
            return seq in members
        if type(seq) is not int:
            return seq in self._member_set()  # (what the set says of 1.0, True, "x", ...)
        seqs = self.seqs  # (ascending: bisect instead of building the set for one test)
        i = bisect_left(seqs, seq)
        return i < len(seqs) and seqs[i] == seq

    def patches(self, up_to: int | None = None) -> dict[int, list[OutcomeCorrected]]:
        """Active corrections by target seq (only those made at or before *up_to*)."""
        out: dict[int, list[OutcomeCorrected]] = {}
        for c, p in self.corrections:
            if up_to is None or c <= up_to:
                out.setdefault(p.seq, []).append(p)
        return out

    def copy(self) -> Line:
        new = Line()
        new.seqs = list(self.seqs)
        members = self._members
        new._members = set(members) if members is not None else None
        new.corrections = list(self.corrections)
        return new

    def to_json(self, seq: int) -> dict[str, Any]:
        """The line up to *seq* as snapshot data: voided seqs and active corrections."""
        members = self._member_set()
        return {"seq": seq, "voided": [s for s in range(1, seq + 1) if s not in members],
                "corrections": [[c, p.model_dump(mode="json")] for c, p in self.corrections]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Line:
        """The line :meth:`to_json` wrote."""
        new = cls()
        voided = set(data["voided"])
        last = int(data["seq"])
        if voided:
            new.seqs = [s for s in range(1, last + 1) if s not in voided]
            new._members = set(new.seqs)
        else:  # (the usual line: shared ints, its set made on first need)
            new.seqs, new._members = _first_seqs(last), None
        version = OutcomeCorrected.SCHEMA_VERSION
        for c, fix in data["corrections"]:
            payload = parse_payload("OutcomeCorrected", version, fix, where="snapshot line")
            assert isinstance(payload, OutcomeCorrected)
            new.corrections.append((int(c), payload))
        return new


#: the ints 1, 2, ... (a list a :class:`Line` of an unbroken line copies a slice of:
#: ints above 256 are objects, ~2,000 of them made for each line loaded otherwise)
_SEQ_INTS: list[int] = []


def _first_seqs(last: int) -> list[int]:
    """``list(range(1, last + 1))``, made of shared ints."""
    global _SEQ_INTS
    ints = _SEQ_INTS
    if len(ints) < last:
        # a new list bound at once (never extended in place: another thread may read it)
        ints = _SEQ_INTS = list(range(1, max(last, 2 * len(ints), 1024) + 1))
    return ints[:max(last, 0)]
