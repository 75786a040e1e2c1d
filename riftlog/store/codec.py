"""Rows to events and back, fast: canonical body bytes, hashing and chain checking.

The hash of an event is ``SHA-256(prev_hash + canonical JSON of its body)`` (see
:mod:`riftlog.events.envelope`).  The store keeps the payload as its canonical JSON text,
so the body can be assembled around that text without parsing and re-serialising it;
:func:`body_bytes` does that and is tested to give exactly
``canonical_bytes(body_of(...))``.  Verifying therefore checks the stored bytes
themselves: even a whitespace-only edit of a payload breaks the chain.

Rows come in two forms (migration 0008): *old-form* rows store ``prev_hash`` and ``hash``
as 64 hex digits; *lean* rows (every row appended since) store neither, only ``digest``,
the hash as 32 raw bytes: their previous hash is the previous row's hash.  Readers give
both forms the same :class:`StoredEvent` (hashes in hex); :class:`ChainChecker` verifies
both, and a chain may hold old-form rows followed by lean ones.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from json.encoder import encode_basestring  # the encoder json.dumps(ensure_ascii=False) uses
from typing import Any, overload

from pydantic_core import from_json

from riftlog.errors import ChainBroken
from riftlog.events import GENESIS_HASH, StoredEvent

#: Column order of every events query the store makes.
EVENT_COLUMNS = (
    "position, game_id, seq, type, schema_version, actor, payload, "
    "client_event_id, recorded_at, prev_hash, hash, digest"
)
#: The stored hash of the event at (game id, seq), in hex: how a reader links a lean row
#: whose previous row is not among the rows at hand.
HashOf = Callable[[str, int], str]

_sha256 = hashlib.sha256


def _loads(text: str) -> Any:
    """Parse stored (canonical) JSON: pydantic-core's parser, about twice json.loads' speed."""
    return from_json(text, allow_inf_nan=False)


_is_dict = dict.__instancecheck__
_new = object.__new__
_setattr = object.__setattr__
_FIELDS = frozenset(StoredEvent.model_fields)


def _jstr(value: str | None) -> str:
    return "null" if value is None else encode_basestring(value)


def body_text(
    game_id: str,
    seq: int,
    type_: str,
    schema_version: int,
    actor: str | None,
    payload_json: str,
    client_event_id: str | None,
    recorded_at: str,
) -> str:
    """Canonical JSON of an event body, around the payload's canonical JSON text."""
    # keys in sorted order, compact separators: what canonical_json(body_of(...)) gives
    return (
        f'{{"actor":{_jstr(actor)},"client_event_id":{_jstr(client_event_id)},'
        f'"game_id":{encode_basestring(game_id)},"payload":{payload_json},'
        f'"recorded_at":{encode_basestring(recorded_at)},'
        f'"schema_version":{int(schema_version)},"seq":{int(seq)},'
        f'"type":{encode_basestring(type_)}}}'
    )


def event_hash(prev_hash: str, body: bytes) -> str:
    """SHA-256(prev hash + body) as lower-case hex (same as ``chain_hash``)."""
    return _sha256(prev_hash.encode("ascii") + body).hexdigest()


def event_digest(prev_hash: str, body: bytes) -> bytes:
    """SHA-256(prev hash + body) as 32 raw bytes: what a lean row stores."""
    return _sha256(prev_hash.encode("ascii") + body).digest()


def _digest_problem(digest: Any) -> str:
    if digest is None:
        return "the stored event has no hash (neither hash nor digest is set)"
    return "the stored digest is not a 32-byte hash"


def stored_hash(row: Any) -> str:
    """The hex hash of an events row (in :data:`EVENT_COLUMNS` order), either form; a row
    without a well-formed one raises :class:`~riftlog.errors.ChainBroken` naming it."""
    h = row[10]
    if h is not None:
        return str(h)
    d = row[11] if len(row) > 11 else None
    if isinstance(d, memoryview):
        d = d.tobytes()
    if type(d) is bytes and len(d) == 32:
        return d.hex()
    raise ChainBroken(row[1], row[2], _digest_problem(d))


def row_body(row: Any) -> bytes:
    """The hashed body bytes of an events row (in :data:`EVENT_COLUMNS` order)."""
    return body_text(row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8]).encode()


#: shared by every trusted event: frozen models never change their fields-set, and
#: pydantic copies it whenever a model is copied
_ALL_FIELDS_SET = set(_FIELDS)


def trusted_event(row: Any, payload: dict[str, Any], prev_hash: str, hash_: str) -> StoredEvent:
    """Build a :class:`StoredEvent` from one of our own rows without re-validating it
    (*prev_hash* and *hash_*: its hashes in hex, derived for a lean row).

    Rows come from riftlog's own tables, whose columns and constraints already hold what
    the model would check; skipping pydantic validation makes reads several times faster.
    (Tests compare the result with a validated model.)
    """
    ev = _new(StoredEvent)
    _setattr(
        ev,
        "__dict__",
        {
            "game_id": row[1],
            "seq": row[2],
            "type": row[3],
            "schema_version": row[4],
            "actor": row[5],
            "payload": payload,
            "client_event_id": row[7],
            "recorded_at": row[8],
            "prev_hash": prev_hash,
            "hash": hash_,
            "position": row[0],
        },
    )
    _setattr(ev, "__pydantic_fields_set__", _ALL_FIELDS_SET)
    _setattr(ev, "__pydantic_extra__", None)
    _setattr(ev, "__pydantic_private__", None)
    return ev


def decode_rows(rows: Sequence[Any], before: str | None = None,
                hash_of: HashOf | None = None) -> list[StoredEvent]:
    """Rows as :class:`StoredEvent` objects with their payloads parsed (not yet typed).

    A lean row's previous hash is the hash of the row before it when that is its game's
    previous seq, else *before* (the hash of the event just before the first row, when the
    caller knows it), else what *hash_of* reads (seq 1's is the genesis hash).

    A payload that is not a JSON object, or a row without a well-formed hash, raises
    :class:`~riftlog.errors.ChainBroken` naming the row (the store only ever writes JSON
    objects and hashes).
    """
    loads = _loads
    make = trusted_event
    try:
        payloads = [loads(r[6]) for r in rows]
    except ValueError:
        payloads = None  # find the bad row for the message
    # replay-perf: the parser only makes plain dicts, so isinstance is "type is dict" here
    if payloads is not None and all(map(_is_dict, payloads)):
        out_: list[StoredEvent] = []
        add = out_.append
        game, seq_, last = None, -1, before  # the previous row's game, seq and hash
        seen: dict[tuple[str, int], str] = {}  # with hash_of: every row's hash so far
        for r, p in zip(rows, payloads, strict=True):
            h = r[10]
            if h is None:  # a lean row (the checks of stored_hash, inline for the usual case)
                d = r[11]
                h = d.hex() if type(d) is bytes and len(d) == 32 else stored_hash(r)
            prev = r[9]
            if prev is None:  # a lean row: its previous hash is the previous row's
                seq = r[2]
                if seq == 1:
                    prev = GENESIS_HASH
                elif (game == r[1] and seq_ == seq - 1) or (game is None and last is not None):
                    prev = last
                elif hash_of is not None:  # rows of several games (a feed): seen, or read
                    prev = seen.get((r[1], seq - 1)) or hash_of(r[1], seq - 1)
                else:
                    raise ChainBroken(r[1], seq, f"the hash of seq {seq - 1} is not at hand to "
                                                 "link this event")
            add(make(r, p, prev, h))
            game, seq_, last = r[1], r[2], h
            if hash_of is not None:
                seen[(game, seq_)] = h
        return out_
    out: list[StoredEvent] = []
    for r in rows:
        try:
            value = loads(r[6])
        except ValueError as exc:
            raise ChainBroken(r[1], r[2], f"payload is not valid JSON ({exc})") from None
        if not isinstance(value, dict):
            raise ChainBroken(r[1], r[2], "payload is not a JSON object")
    return out  # pragma: no cover - unreachable


class AppendedEvents(Sequence[StoredEvent]):
    """The events an append just stored, each built the first time it is asked for.

    An append returns every event it stored, but most callers look at a few of them (a
    batch importer none; the recorder its batch of one or two): building a
    :class:`StoredEvent` and parsing its payload back is about a sixth of a batched
    append (callgrind), so each is built on first use from the row the append made and
    kept.  It is a read-only sequence (index, slice, iterate, ``len``, ``==`` with a list
    of the same events); ``list(events)`` gives a plain list.
    """

    __slots__ = ("_built", "_first_prev", "_hashes", "_positions", "_rows")

    def __init__(self, positions: Sequence[int], rows: Sequence[Any], prev_hash: str,
                 hashes: Sequence[str]) -> None:
        if not len(positions) == len(rows) == len(hashes):
            raise ValueError("appended events: positions, rows and hashes differ in number")
        self._positions = positions
        self._rows = rows
        self._first_prev = prev_hash
        self._hashes = hashes
        self._built: list[StoredEvent | None] = [None] * len(rows)

    def _event(self, i: int) -> StoredEvent:
        ev = self._built[i]
        if ev is None:
            r = self._rows[i]
            prev = self._hashes[i - 1] if i else self._first_prev
            ev = self._built[i] = trusted_event((self._positions[i], *r), _loads(r[5]), prev,
                                                self._hashes[i])
        return ev

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> StoredEvent: ...

    @overload
    def __getitem__(self, index: slice) -> list[StoredEvent]: ...

    def __getitem__(self, index: int | slice) -> StoredEvent | list[StoredEvent]:
        if isinstance(index, slice):
            return [self._event(i) for i in range(*index.indices(len(self._rows)))]
        n = len(self._rows)
        i = index.__index__()
        if not -n <= i < n:
            raise IndexError(f"appended events: index {index} out of range ({n} events)")
        return self._event(i % n)

    def __iter__(self) -> Iterator[StoredEvent]:
        return map(self._event, range(len(self._rows)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AppendedEvents | list | tuple):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # like a list

    def __add__(self, other: Sequence[StoredEvent]) -> list[StoredEvent]:
        return [*self, *other]

    def __radd__(self, other: Sequence[StoredEvent]) -> list[StoredEvent]:
        return [*other, *self]

    def __repr__(self) -> str:
        return repr(list(self))


def appended_events(positions: Sequence[int], rows: Sequence[Any], prev_hash: str,
                    hashes: Sequence[str]) -> AppendedEvents:
    """The events just appended as lean *rows* (``(game id, seq, type, schema version,
    actor, payload, client id, recorded at, digest)``) at *positions*, chained from
    *prev_hash*; *hashes*: their hashes in hex, as the append computed them.  Their payloads
    are the validated canonical JSON the append made, so always JSON objects.  Each event
    is built when first asked for (:class:`AppendedEvents`)."""
    return AppendedEvents(positions, rows, prev_hash, hashes)


class ChainChecker:
    """Checks a game's rows in seq order against the hash chain, page by page.

    :meth:`check_rows` returns the index of the first bad row (and sets :attr:`reason`
    and :attr:`bad_seq`), or None when all are good.  A chain breaks at a gap (missing
    seq), at a link that does not match the previous hash (row deleted, reordered or
    replaced), or at a hash that does not match the row's contents (edited).
    """

    __slots__ = ("bad_seq", "count", "expected_seq", "game_id", "prev_hash", "reason")

    def __init__(self, game_id: str, first_seq: int = 1, prev_hash: str | None = GENESIS_HASH):
        self.game_id = game_id
        self.expected_seq = first_seq
        #: None means "take the first row's prev_hash on trust" (a range not from seq 1)
        self.prev_hash = prev_hash
        self.count = 0
        self.reason: str | None = None
        self.bad_seq: int | None = None

    def check_rows(self, rows: Sequence[Any]) -> int | None:
        """Check the next rows (in :data:`EVENT_COLUMNS` order); index of the first bad one.

        An old-form row's stored link must be the previous hash; a lean row has none (its
        hash covers the previous hash it was chained from), so a replaced predecessor shows
        as its own hash not matching."""
        sha = _sha256
        enc = encode_basestring
        exp = self.expected_seq
        prev = self.prev_hash
        for i, r in enumerate(rows):
            link = r[9]
            if r[2] != exp or (link is not None and prev is not None and link != prev):
                return self._fail(i, r, exp, prev)
            if link is None:
                if prev is None:  # a range not from seq 1 must bring the previous hash
                    return self._stop(i, exp, prev, f"the hash of seq {exp - 1} is not known, "
                                                    "so this lean event cannot be checked")
                link = prev
            actor = r[5]
            cid = r[7]
            body = (
                f'{{"actor":{"null" if actor is None else enc(actor)},'
                f'"client_event_id":{"null" if cid is None else enc(cid)},'
                f'"game_id":{enc(r[1])},"payload":{r[6]},"recorded_at":{enc(r[8])},'
                f'"schema_version":{r[4]},"seq":{exp},"type":{enc(r[3])}}}'
            )
            computed = sha(link.encode("ascii") + body.encode()).hexdigest()
            stored = r[10]
            if stored is None:  # a lean row: the hash as 32 raw bytes
                d = r[11] if len(r) > 11 else None
                if isinstance(d, memoryview):
                    d = d.tobytes()
                if type(d) is not bytes or len(d) != 32:
                    return self._stop(i, exp, link, _digest_problem(d))
                if d.hex() != computed:
                    return self._stop(i, exp, link, (
                        "the stored hash does not match the event's contents (edited?)"
                        if exp == 1 else
                        "the stored hash does not match the event's contents chained to the "
                        f"hash of seq {exp - 1} (this event was edited or moved, or seq "
                        f"{exp - 1} was replaced)"))
            elif computed != stored:
                return self._stop(i, exp, link,
                                  "the stored hash does not match the event's contents (edited?)")
            prev = computed
            exp += 1
        self.count += len(rows)
        self.expected_seq = exp
        self.prev_hash = prev
        return None

    def check_decode(self, rows: Sequence[Any]) -> tuple[list[StoredEvent], int | None]:
        """:meth:`check_rows` and :func:`decode_rows` of the next rows in one pass (issue
        26, replay-perf): the events of the rows before the first bad one, and its index
        (None when all are good; :attr:`reason` and :attr:`bad_seq` say why, as
        :meth:`check_rows` sets them).  A chained row whose payload is not a JSON object
        raises :class:`~riftlog.errors.ChainBroken` naming it, as :func:`decode_rows` does.
        A lean row's hash is compared as the 32 bytes it is stored as; the JSON text of
        the game id, each type and each actor is made once per call."""
        sha = _sha256
        enc = encode_basestring
        loads = _loads
        make = trusted_event
        exp = self.expected_seq
        prev = self.prev_hash
        texts: dict[str, str] = {}  # a game id, type or actor -> its JSON string
        out: list[StoredEvent] = []
        add = out.append
        for i, r in enumerate(rows):
            link = r[9]
            if r[2] != exp or (link is not None and prev is not None and link != prev):
                return out, self._fail(i, r, exp, prev)
            if link is None:
                if prev is None:  # a range not from seq 1 must bring the previous hash
                    return out, self._stop(i, exp, prev, f"the hash of seq {exp - 1} is not "
                                                         "known, so this lean event cannot be "
                                                         "checked")
                link = prev
            game, type_, actor, cid = r[1], r[3], r[5], r[7]
            g = texts.get(game)
            if g is None:
                g = texts[game] = enc(game)
            t = texts.get(type_)
            if t is None:
                t = texts[type_] = enc(type_)
            a = "null" if actor is None else texts.get(actor)
            if a is None:
                a = texts[actor] = enc(actor)
            body = (
                f'{link}{{"actor":{a},'
                f'"client_event_id":{"null" if cid is None else enc(cid)},'
                f'"game_id":{g},"payload":{r[6]},"recorded_at":{enc(r[8])},'
                f'"schema_version":{r[4]},"seq":{exp},"type":{t}}}'
            )
            # (a link is 64 hex digits when it checks: its UTF-8 is its ASCII)
            digest = sha(body.encode()).digest()
            stored = r[10]
            if stored is None:  # a lean row: the hash as 32 raw bytes
                d = r[11] if len(r) > 11 else None
                if isinstance(d, memoryview):
                    d = d.tobytes()
                if type(d) is not bytes or len(d) != 32:
                    return out, self._stop(i, exp, link, _digest_problem(d))
                if d != digest:
                    return out, self._stop(i, exp, link, (
                        "the stored hash does not match the event's contents (edited?)"
                        if exp == 1 else
                        "the stored hash does not match the event's contents chained to the "
                        f"hash of seq {exp - 1} (this event was edited or moved, or seq "
                        f"{exp - 1} was replaced)"))
                h = d.hex()
            else:
                h = digest.hex()
                if h != stored:
                    return out, self._stop(i, exp, link, "the stored hash does not match the "
                                                         "event's contents (edited?)")
            try:
                payload = loads(r[6])
            except ValueError as exc:
                raise ChainBroken(r[1], exp, f"payload is not valid JSON ({exc})") from None
            if type(payload) is not dict:
                raise ChainBroken(r[1], exp, "payload is not a JSON object")
            add(make(r, payload, link, h))
            prev = h
            exp += 1
        self.count += len(rows)
        self.expected_seq = exp
        self.prev_hash = prev
        return out, None

    def _stop(self, index: int, expected: int, prev: str | None, reason: str) -> int:
        self.count += index
        self.expected_seq = expected
        self.prev_hash = prev
        self.bad_seq = expected
        self.reason = reason
        return index

    def _fail(self, index: int, row: Any, expected: int, prev: str | None) -> int:
        self.count += index
        self.expected_seq = expected
        self.bad_seq = expected
        seq = row[2]
        if seq != expected:
            if seq > expected:
                self.reason = f"seq {expected} is missing (the next stored event is seq {seq})"
            else:
                self.reason = f"seq {seq} is out of order (expected seq {expected})"
        elif expected == 1:
            self.reason = "prev_hash of the first event is not the genesis hash"
        else:
            self.reason = (
                f"prev_hash does not match the hash of seq {expected - 1} "
                "(a row was deleted, reordered or replaced)"
            )
        return index


def head_problem(last: int, last_hash: str, head_seq: int, head_hash: str,
                 seal_hash: str | None) -> tuple[int, str] | None:
    """What is wrong with a verified chain ending at seq *last* (hash *last_hash*; 0 and
    the genesis hash for none) against the game's recorded head and seal (*seal_hash*:
    None when not sealed): (first bad seq, reason), or None.  A deleted tail event shows
    only here, since the chain up to it is intact."""
    if last < head_seq:
        return last + 1, (f"seq {last + 1} is missing: the stored events end at seq {last} "
                          f"but the game's head is seq {head_seq}")
    if last > head_seq:
        return head_seq + 1, f"seq {head_seq + 1} is past the game's recorded head (seq {head_seq})"
    if last_hash != head_hash:
        return max(last, 1), ("the game's recorded head hash differs from the hash of its "
                              f"last event (seq {last})")
    if seal_hash is not None and seal_hash != last_hash:
        return max(last, 1), f"the seal hash does not match the final hash at seq {last}"
    return None


@dataclass(frozen=True)
class VerifyResult:
    """The outcome of verifying one game's chain."""

    game_id: str
    ok: bool
    #: events that checked out before the first bad one (all of them when ok)
    checked: int
    #: the game's recorded head (last seq and hash)
    last_seq: int
    head_hash: str
    sealed: bool
    seal_hash: str | None = None
    bad_seq: int | None = None
    reason: str | None = None

    def __str__(self) -> str:
        if self.ok:
            seal = ", sealed" if self.sealed else ""
            return (
                f"ok: game {self.game_id}: {self.checked} events, head {self.head_hash[:16]}{seal}"
            )
        return f"game {self.game_id}: hash chain breaks at seq {self.bad_seq}: {self.reason}"

    def raise_if_bad(self) -> None:
        """Raise :class:`~riftlog.errors.ChainBroken` when the chain did not verify."""
        if not self.ok:
            raise ChainBroken(self.game_id, self.bad_seq or 0, self.reason or "")
