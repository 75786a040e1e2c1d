"""The snapshot key: what lets a reader tell riftlog's own snapshots from edited ones.

A stored snapshot is a cache of the state the events give at a seq.  Whoever can write
the database can also write a snapshot row (in SQL, or through ``put_snapshot``) holding
any state with the right event hash, so the event hash alone does not show that the state
is the one the events give.  The snapshot key does: a random 256-bit secret kept *outside*
the database, in the store's secrets folder (:func:`secrets_folder`, the one the seed keeper
uses), file ``<store id>/snapshot.key``, readable by its owner only.  riftlog's fold, and only it, vouches for a
snapshot it computed (or checked against the events) with a proof::

    proof = <key id> ":" HMAC-SHA256(key, "riftlog-snapshot-1" | game | seq | engine version
                                          | event hash | snapshot text)

and a reader uses a snapshot only when its proof checks with the key it holds.  A row
edited in SQL, a copied row, or one written without the key is never used: the state is
folded from the events instead.  A reader without the key (another machine) uses no
snapshot at all.  The key id (the first 8 hex digits of SHA-256 of the key) tells a proof
made with another key (not checkable here) from a forged one (checkable: it fails).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from riftlog.errors import StoreError

__all__ = ["KEY_FILE", "SECRETS_ENV", "SnapshotKey", "default_secrets_folder", "secrets_folder"]

#: Environment variable naming the folder of the store's secrets (seeds, snapshot key).
SECRETS_ENV = "RIFTLOG_SECRETS"
#: The file of the snapshot key in that folder.
KEY_FILE = "snapshot.key"
_DOMAIN = b"riftlog-snapshot-1"


def default_secrets_folder() -> Path:
    """The user's own secrets folder: ``$XDG_DATA_HOME/riftlog/secrets`` (or under
    ``~/.local/share``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "riftlog" / "secrets"


def secrets_folder(db_path: Path | None, folder: str | Path | None = None) -> Path:
    """The secrets folder of a store (seeds and the snapshot key, each under the store's
    id): *folder* (``riftlog --secrets``), else ``RIFTLOG_SECRETS``, else
    ``<db file>.secrets`` beside a SQLite file, else the user's own folder
    (:func:`default_secrets_folder`)."""
    env = os.environ.get(SECRETS_ENV)
    if folder:
        where = Path(folder).expanduser()
    elif env:
        where = Path(env).expanduser()
    elif db_path is not None:
        where = db_path.with_name(db_path.name + ".secrets")
    else:
        where = default_secrets_folder()
    return where.absolute()


class SnapshotKey:
    """The secret that vouches for snapshots (see the module docstring)."""

    def __init__(self, secret: bytes) -> None:
        if len(secret) < 32:
            raise StoreError("a snapshot key must be at least 32 bytes")
        self._secret = secret
        #: names the key in proofs (not secret)
        self.key_id = hashlib.sha256(secret).hexdigest()[:8]

    @classmethod
    def load(cls, folder: Path, create: bool = False) -> SnapshotKey | None:
        """The key in *folder* (None when there is none; with *create*, a new one is made,
        readable by its owner only)."""
        path = folder / KEY_FILE
        try:
            text = path.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            if not create:
                return None
            return cls._create(path)
        except (OSError, UnicodeDecodeError) as exc:
            raise StoreError(f"cannot read the snapshot key {path}: {exc}") from None
        try:
            return cls(bytes.fromhex(text))
        except ValueError:
            raise StoreError(f"the snapshot key {path} is not 64 hex digits") from None

    @classmethod
    def _create(cls, path: Path) -> SnapshotKey:
        secret = secrets.token_bytes(32)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another process made it first: use theirs
            key = cls.load(path.parent)
            assert key is not None
            return key
        except OSError as exc:
            raise StoreError(f"cannot create the snapshot key {path}: {exc}") from None
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(secret.hex())
        return cls(secret)

    def proof(self, game_id: str, seq: int, engine_version: str, event_hash: str,
              state_json: str) -> str:
        """The proof vouching that *state_json* is the state of *game_id* after *seq*."""
        # one-shot HMAC of the joined message (issue 26, SEEK: a seek checks one proof; the
        # same bytes as feeding the parts one by one, ~3x less work than the streamed form)
        message = b"\x00".join((_DOMAIN, game_id.encode(), str(seq).encode(),
                                engine_version.encode(), event_hash.encode(),
                                state_json.encode("utf-8", "surrogatepass")))
        return f"{self.key_id}:{hmac.digest(self._secret, message, 'sha256').hex()}"

    def vouches(self, proof: str | None, game_id: str, seq: int, engine_version: str,
                event_hash: str, state_json: str) -> bool:
        """Whether *proof* is this key's proof of that snapshot."""
        if not proof or not proof.startswith(self.key_id + ":"):
            return False
        return hmac.compare_digest(
            proof, self.proof(game_id, seq, engine_version, event_hash, state_json))

    def made_it(self, proof: str | None) -> bool:
        """Whether *proof* claims to be made with this key (so it can be checked here)."""
        return bool(proof) and str(proof).startswith(self.key_id + ":")
