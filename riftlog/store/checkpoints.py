"""Evidence the database does not hold: signed checkpoints and players' receipts.

Whoever can write the database can rewrite a game and recompute every hash, head and seal;
the chain alone cannot tell.  Two things kept *outside* the database can:

* a **checkpoint** signs, with the organiser's Ed25519 key (:mod:`riftlog.store.signing`),
  the text of (game id, seq, head hash at that seq, header hash, sealed or not, key id,
  signing time).  The header hash covers the games row's pins (mode, edition, versions,
  match, game number) and the hash of the ``GameCreated`` event (players, decks, seed
  commitment).  Checkpoints are stored with the game and carried in bundles: without the
  private key a forger can delete them but not make new ones, so a rewritten game either
  contradicts a checkpoint (named by its seq) or has none by a trusted key.
* a **receipt** (``riftlog:GAME:SEQ:HASH24``, one line, QR-friendly) names a game's head;
  a player who keeps it can later ask whether the store still has that event at that seq
  with the chain intact up to it.

What either proves is bounded by its seq: events after the last checkpoint (or receipt)
are protected by the hash chain only.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from riftlog import plural
from riftlog.errors import StoreError
from riftlog.store.signing import PublicKey, SigningKey

#: the first line of every signed text (the format's name and version)
MESSAGE_TAG = "riftlog-checkpoint/1"
RECEIPT_PREFIX = "riftlog:"
#: hex digits of the head hash a receipt keeps (96 bits)
RECEIPT_HEX = 24
_RECEIPT_RE = re.compile(r"^riftlog:(?P<game>.+):(?P<seq>[0-9]{1,10}):(?P<hash>[0-9A-Fa-f]{16,64})$")


class ReceiptProblem(StoreError):
    """A receipt is malformed, or the store no longer has what it names."""


@dataclass(frozen=True)
class Checkpoint:
    """A signed statement of a game's head at *seq* (see the module docstring)."""

    game_id: str
    seq: int
    key_id: str
    #: the signer's raw public key, base64 (the key id is derived from it)
    public_key: str
    head_hash: str
    header_hash: str
    sealed: bool
    signed_at: str
    #: base64 of the 64-byte Ed25519 signature of :meth:`message`
    signature: str

    def message(self) -> bytes:
        """The exact bytes that are signed: a tag line and canonical JSON of the fields."""
        body = {k: v for k, v in asdict(self).items() if k not in ("signature", "public_key")}
        text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return f"{MESSAGE_TAG}\n{text}".encode("ascii")

    def signed_by(self, key: PublicKey) -> bool:
        """Whether the signature is *key*'s over :meth:`message` (and names *key*)."""
        if self.key_id != key.key_id:
            return False
        try:
            sig = base64.b64decode(self.signature, validate=True)
        except (binascii.Error, ValueError):
            return False
        return key.verifies(sig, self.message())

    def own_key(self) -> PublicKey | None:
        """The public key the checkpoint carries (None when malformed)."""
        try:
            raw = base64.b64decode(self.public_key, validate=True)
        except (binascii.Error, ValueError):
            return None
        return PublicKey(raw) if len(raw) == 32 else None

    def to_json(self) -> dict[str, Any]:
        """As a bundle carries it."""
        return asdict(self)

    def where(self) -> str:
        """How messages name it."""
        return f"checkpoint at seq {self.seq} (key {self.key_id}, signed {self.signed_at[:19]})"


def make_checkpoint(key: SigningKey, game_id: str, seq: int, head_hash: str,
                    header_hash: str, sealed: bool, signed_at: str) -> Checkpoint:
    """Sign the head *head_hash* at *seq* of *game_id* with *key*."""
    unsigned = Checkpoint(game_id, seq, key.key_id, key.public.b64, head_hash, header_hash,
                          sealed, signed_at, "")
    sig = base64.b64encode(key.sign(unsigned.message())).decode("ascii")
    return Checkpoint(**{**asdict(unsigned), "signature": sig})


def header_hash(game_id: str, pins: dict[str, Any], created_hash: str) -> str:
    """SHA-256 of a game's header: its pins (mode, edition, versions, match, game number)
    and the hash of its ``GameCreated`` event (seq 1)."""
    body = {"game_id": game_id, "created_event_hash": created_hash,
            **{k: pins.get(k) for k in ("mode", "rules_edition", "catalog_version",
                                        "engine_version", "match_id", "game_number")}}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


@dataclass
class CheckpointReport:
    """What checking one game's checkpoints found."""

    game_id: str
    #: checkpoints that checked out against a trusted key (or their own, with no trusted key)
    good: list[Checkpoint] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    #: the seq of the first checkpoint the store contradicts (None: none does)
    bad_seq: int | None = None

    @property
    def ok(self) -> bool:
        """No problem found."""
        return not self.problems

    def lines(self) -> list[str]:
        """One line per finding."""
        if self.problems:
            return [f"game {self.game_id}: {p}" for p in self.problems]
        last = max(self.good, key=lambda c: c.seq) if self.good else None
        if last is None:
            return [f"game {self.game_id}: no signed checkpoint"]
        return [f"ok: game {self.game_id}: {plural(len(self.good), 'signed checkpoint')}, the latest at "
                f"seq {last.seq} (key {last.key_id}{', sealed' if last.sealed else ''})"]


def check_checkpoints(
    game_id: str,
    checkpoints: Sequence[Checkpoint],
    hash_at: Callable[[int], str | None],
    header: str | None,
    head_seq: int,
    sealed: bool,
    trusted: Sequence[PublicKey] | None,
    require: bool,
) -> CheckpointReport:
    """Check a game's *checkpoints* against what the store (or a bundle) holds.

    *hash_at(seq)* gives the hash of the stored event at a seq (None when there is none);
    *header* the game's current header hash (None without a ``GameCreated``); *head_seq*
    and *sealed* its head and seal.  With *trusted* keys only checkpoints by those keys
    count, and *require* asks for at least one; with *trusted* None every checkpoint is
    checked against the key it carries (which proves only that nobody edited it naively).
    The chain itself is verified elsewhere (``verify``).
    """
    report = CheckpointReport(game_id)
    by_id = {k.key_id: k for k in trusted or ()}
    for cp in sorted(checkpoints, key=lambda c: c.seq):
        if cp.game_id != game_id:
            report.problems.append(f"{cp.where()} names game {cp.game_id}")
            continue
        key = by_id.get(cp.key_id) if trusted is not None else cp.own_key()
        if key is None:
            if trusted is None:
                report.problems.append(f"{cp.where()} carries a malformed public key")
            continue  # signed by a key nobody trusts here: proves nothing, harms nothing
        if not cp.signed_by(key):
            report.problems.append(f"{cp.where()}: the signature does not verify (forged or "
                                   "edited checkpoint)")
            report.bad_seq = report.bad_seq or cp.seq
            continue
        problem = _against_store(cp, hash_at, header, head_seq, sealed)
        if problem:
            report.problems.append(f"{cp.where()}: {problem}")
            report.bad_seq = report.bad_seq or cp.seq
        else:
            report.good.append(cp)
    if require and not report.good and not report.problems:
        ids = ", ".join(sorted(by_id)) or "none given"
        report.problems.append(f"no checkpoint signed by a trusted key (trusted: {ids}); "
                               "the game cannot be shown to be the one that was signed")
    return report


def _against_store(cp: Checkpoint, hash_at: Callable[[int], str | None], header: str | None,
                   head_seq: int, sealed: bool) -> str | None:
    stored = hash_at(cp.seq)
    if stored is None:
        return (f"the store has no event at seq {cp.seq} (its events end at seq {head_seq}): "
                "the game was truncated or replaced")
    if stored != cp.head_hash:
        return (f"the event at seq {cp.seq} has hash {stored[:16]}..., the signed head is "
                f"{cp.head_hash[:16]}...: the history up to seq {cp.seq} was rewritten")
    if header is not None and header != cp.header_hash:
        return ("the game's header (pins or GameCreated: players, decks) differs from the "
                "signed one")
    if cp.sealed and (head_seq != cp.seq or not sealed):
        now = "sealed" if sealed else "open"
        return (f"it was signed at the seal, but the game is now {now} at seq {head_seq}")
    return None


# --- receipts -------------------------------------------------------------------------


@dataclass(frozen=True)
class Receipt:
    """A player's note of a game's head: game id, seq and the start of the hash."""

    game_id: str
    seq: int
    hash_prefix: str

    def __str__(self) -> str:
        return f"{RECEIPT_PREFIX}{self.game_id}:{self.seq}:{self.hash_prefix.upper()}"


def receipt_of(game_id: str, seq: int, head_hash: str) -> Receipt:
    """The receipt of *game_id*'s event *seq* of hash *head_hash*."""
    return Receipt(game_id, seq, head_hash[:RECEIPT_HEX].upper())


def parse_receipt(text: str) -> Receipt:
    """A receipt from its printed line (spaces around it ignored; hex in any case)."""
    m = _RECEIPT_RE.match(text.strip())
    if m is None:
        raise ReceiptProblem(f"{text.strip()!r} is not a riftlog receipt "
                             "(expected riftlog:GAME:SEQ:HASH, e.g. riftlog:g1:57:3FA2...)")
    seq = int(m["seq"])
    if seq < 1:
        raise ReceiptProblem(f"receipt {text.strip()}: seq must be 1 or more")
    return Receipt(m["game"], seq, m["hash"].upper())


__all__ = [
    "Checkpoint",
    "CheckpointReport",
    "Receipt",
    "ReceiptProblem",
    "check_checkpoints",
    "header_hash",
    "make_checkpoint",
    "parse_receipt",
    "receipt_of",
]
