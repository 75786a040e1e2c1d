"""Ed25519 keys for signed checkpoints: the private key never goes into the database.

An organiser makes a key pair once (``riftlog keys new --out FILE``), keeps the private key
in that file (created with mode 0600) or in the environment, and publishes the public key
(``riftlog keys show``).  Texts are one line each, easy to copy::

    riftlog-ed25519-secret:<base64 of the 32-byte private key>   (the key file)
    riftlog-ed25519:<base64 of the 32-byte public key>            (what is published)

The signing key riftlog uses when it seals or signs is, in this order: the key text in
``RIFTLOG_SIGNING_KEY``, or the key file named by ``RIFTLOG_SIGNING_KEY_FILE``; with neither,
nothing is signed.  The keys ``verify`` and ``import`` trust are those given with
``--public-key`` (a key text or a file of them, one a line), else those of the file named by
``RIFTLOG_TRUSTED_KEYS``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from riftlog.errors import StoreError

#: the private key's text, when it is kept in the environment
KEY_ENV = "RIFTLOG_SIGNING_KEY"
#: the path of the private key file
KEY_FILE_ENV = "RIFTLOG_SIGNING_KEY_FILE"
#: the path of a file of trusted public keys, one a line
TRUSTED_ENV = "RIFTLOG_TRUSTED_KEYS"
SECRET_PREFIX = "riftlog-ed25519-secret:"
PUBLIC_PREFIX = "riftlog-ed25519:"
_RAW = serialization.Encoding.Raw


class KeyProblem(StoreError):
    """A key cannot be made, read or used: the message names the file or variable."""


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: str, where: str, what: str) -> bytes:
    try:
        data = base64.b64decode(text.strip(), validate=True)
    except (binascii.Error, ValueError):
        raise KeyProblem(f"{where}: the {what} is not valid base64") from None
    if len(data) != 32:
        raise KeyProblem(f"{where}: the {what} must be 32 bytes, got {len(data)}")
    return data


@dataclass(frozen=True)
class PublicKey:
    """An Ed25519 public key, as published by an organiser."""

    raw: bytes

    @property
    def key_id(self) -> str:
        """The first 16 hex digits of SHA-256 of the raw key (names the key everywhere)."""
        return hashlib.sha256(self.raw).hexdigest()[:16]

    @property
    def text(self) -> str:
        """The one-line form that is published and given to ``--public-key``."""
        return PUBLIC_PREFIX + _b64(self.raw)

    @property
    def b64(self) -> str:
        """The raw key in base64 (as a checkpoint carries it)."""
        return _b64(self.raw)

    def verifies(self, signature: bytes, message: bytes) -> bool:
        """Whether *signature* is this key's signature of *message*."""
        try:
            Ed25519PublicKey.from_public_bytes(self.raw).verify(signature, message)
        except InvalidSignature:
            return False
        return True


class SigningKey:
    """An Ed25519 private key (never stored in the database)."""

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        self.public = PublicKey(private.public_key().public_bytes(_RAW, serialization.PublicFormat.Raw))

    @classmethod
    def generate(cls) -> SigningKey:
        """A new random key."""
        return cls(Ed25519PrivateKey.generate())

    @property
    def key_id(self) -> str:
        """The id of its public key."""
        return self.public.key_id

    @property
    def text(self) -> str:
        """The one-line secret form (the content of a key file)."""
        raw = self._private.private_bytes(
            _RAW, serialization.PrivateFormat.Raw, serialization.NoEncryption()
        )
        return SECRET_PREFIX + _b64(raw)

    def sign(self, message: bytes) -> bytes:
        """The Ed25519 signature of *message* (64 bytes)."""
        return self._private.sign(message)

    def __repr__(self) -> str:  # never print the secret
        return f"SigningKey(key id {self.key_id})"


def parse_secret(text: str, where: str) -> SigningKey:
    """The signing key of a secret text (``riftlog-ed25519-secret:...``)."""
    text = text.strip()
    if not text.startswith(SECRET_PREFIX):
        hint = " (that is a public key)" if text.startswith(PUBLIC_PREFIX) else ""
        raise KeyProblem(f"{where}: not a riftlog private key{hint}; "
                         f"expected a line starting {SECRET_PREFIX}")
    raw = _unb64(text[len(SECRET_PREFIX):], where, "private key")
    return SigningKey(Ed25519PrivateKey.from_private_bytes(raw))


def parse_public(text: str, where: str) -> PublicKey:
    """The public key of a published text (``riftlog-ed25519:...``)."""
    text = text.strip()
    if text.startswith(SECRET_PREFIX):
        raise KeyProblem(f"{where}: that is a private key; give the public key "
                         "(riftlog keys show prints it)")
    if not text.startswith(PUBLIC_PREFIX):
        raise KeyProblem(f"{where}: not a riftlog public key; expected {PUBLIC_PREFIX}...")
    return PublicKey(_unb64(text[len(PUBLIC_PREFIX):], where, "public key"))


def write_key_file(key: SigningKey, path: Path) -> None:
    """Write *key* to a new file *path* readable by its owner only (mode 0600).

    An existing file is never overwritten.
    """
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise KeyProblem(f"key file {path} already exists; it was left as it is") from None
    except OSError as exc:
        raise KeyProblem(f"cannot create key file {path}: {exc.strerror}") from None
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(key.text + "\n")


def read_key_file(path: Path) -> SigningKey:
    """The signing key in the file *path*; refused when others may read the file."""
    try:
        mode = path.stat().st_mode
        text = path.read_text(encoding="ascii")
    except FileNotFoundError:
        raise KeyProblem(f"key file {path} does not exist (riftlog keys new --out {path})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyProblem(f"cannot read key file {path}: {exc}") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise KeyProblem(f"key file {path} can be read by others (mode {stat.S_IMODE(mode):04o}); "
                         f"run chmod 600 {path}")
    return parse_secret(text, f"key file {path}")


def configured_key() -> SigningKey | None:
    """The signing key of the environment (``RIFTLOG_SIGNING_KEY`` or ``..._FILE``), or None."""
    text = os.environ.get(KEY_ENV)
    if text:
        return parse_secret(text, f"${KEY_ENV}")
    path = os.environ.get(KEY_FILE_ENV)
    if path:
        return read_key_file(Path(path).expanduser())
    return None


def load_key(path: str | None) -> SigningKey:
    """The key of the file *path*, or the configured one; :class:`KeyProblem` if neither."""
    if path:
        return read_key_file(Path(path).expanduser())
    key = configured_key()
    if key is None:
        raise KeyProblem(f"no signing key: pass --key FILE or set {KEY_FILE_ENV} "
                         f"(or {KEY_ENV}); riftlog keys new makes one")
    return key


def _keys_of_file(path: Path) -> list[PublicKey]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyProblem(f"cannot read trusted keys file {path}: {exc}") from None
    keys = [parse_public(line, f"{path} line {n}") for n, line in enumerate(lines, 1)
            if line.strip() and not line.lstrip().startswith("#")]
    if not keys:
        raise KeyProblem(f"trusted keys file {path} holds no public key")
    return keys


def trusted_keys(values: Sequence[str]) -> list[PublicKey]:
    """The public keys of *values* (each a key text or a file of keys); with none, those of
    ``RIFTLOG_TRUSTED_KEYS`` (or no key at all)."""
    keys: list[PublicKey] = []
    for value in values:
        if value.strip().startswith((PUBLIC_PREFIX, SECRET_PREFIX)):
            keys.append(parse_public(value, "--public-key"))
        else:
            keys.extend(_keys_of_file(Path(value).expanduser()))
    if not values and os.environ.get(TRUSTED_ENV):
        keys = _keys_of_file(Path(os.environ[TRUSTED_ENV]).expanduser())
    return keys


__all__ = [
    "KEY_ENV",
    "KEY_FILE_ENV",
    "TRUSTED_ENV",
    "KeyProblem",
    "PublicKey",
    "SigningKey",
    "configured_key",
    "load_key",
    "parse_public",
    "parse_secret",
    "read_key_file",
    "trusted_keys",
    "write_key_file",
]
