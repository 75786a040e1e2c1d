"""Signing commands: ``keys new``, ``keys show``, ``sign`` (also ``keys sign``) and
``receipt``.  Thin over :mod:`riftlog.store.signing` and :class:`riftlog.store.EventStore`."""

from __future__ import annotations

from pathlib import Path

import click

from riftlog.cli import db_option, handle_errors, main, open_store

#: riftlog.store.signing.KEY_FILE_ENV (a test checks they agree): the store and its
#: signing are imported lazily, inside the commands, for start-up time
KEY_FILE_ENV = "RIFTLOG_SIGNING_KEY_FILE"

_KEY_HELP = f"Private key file (default: ${KEY_FILE_ENV}, or the key text in $RIFTLOG_SIGNING_KEY)."


@main.group("keys")
def keys() -> None:
    """Make and show the organiser's signing key (Ed25519; never stored in the database).

    \b
    Example:
        riftlog keys new --out ~/.riftlog-signing.key
        export RIFTLOG_SIGNING_KEY_FILE=~/.riftlog-signing.key
        riftlog keys show                 # the public key to publish
    """


@keys.command("new")
@click.option("--out", "out", required=True, metavar="FILE", type=click.Path(dir_okay=False),
              help="Where to write the private key (created with mode 0600; never overwritten).")
@handle_errors
def keys_new(out: str) -> None:
    """Make a new signing key pair; print its public key to publish.

    \b
    Example:
        riftlog keys new --out ~/.riftlog-signing.key
    """
    from riftlog.store.signing import SigningKey, write_key_file  # lazy: start-up time

    key = SigningKey.generate()
    write_key_file(key, Path(out).expanduser())
    click.echo(f"private key written to {out} (mode 0600): keep it off the database server")
    click.echo(f"key id {key.key_id}; publish the public key:")
    click.echo(key.public.text)
    click.echo(f"sign every seal with it: export {KEY_FILE_ENV}={out}")


@keys.command("show")
@click.option("--key", "key_file", metavar="FILE", default=None, help=_KEY_HELP)
@handle_errors
def keys_show(key_file: str | None) -> None:
    """Print the public key (and key id) of the signing key, in the form to publish.

    \b
    Example:
        riftlog keys show > organiser.pub
        riftlog verify --public-key organiser.pub
    """
    from riftlog.store.signing import load_key  # lazy: start-up time

    key = load_key(key_file)
    click.echo(f"# riftlog signing key {key.key_id}")
    click.echo(key.public.text)


def _sign(game: str, key_file: str | None) -> None:
    from riftlog.store.signing import load_key  # lazy: start-up time

    key = load_key(key_file)
    store = open_store()
    cp = store.sign(game, key)
    click.echo(f"game {game}: signed the head at seq {cp.seq} (hash {cp.head_hash[:16]}..., "
               f"key {cp.key_id}{', sealed' if cp.sealed else ''})")
    click.echo(f"receipt: {store.receipt(game, cp.seq)}")


@main.command("sign")
@db_option
@click.argument("game")
@click.option("--key", "key_file", metavar="FILE", default=None, help=_KEY_HELP)
@handle_errors
def sign(game: str, key_file: str | None) -> None:
    """Sign GAME's current head with the signing key (a checkpoint stored with the game).

    Seals are signed by themselves when a key is configured; this signs an open game's
    progress, or a game sealed before the key existed.

    \b
    Example:
        riftlog sign g1 --key ~/.riftlog-signing.key
    """
    _sign(game, key_file)


@keys.command("sign")
@db_option
@click.argument("game")
@click.option("--key", "key_file", metavar="FILE", default=None, help=_KEY_HELP)
@handle_errors
def keys_sign(game: str, key_file: str | None) -> None:
    """The same as ``riftlog sign GAME``.

    \b
    Example:
        riftlog keys sign g1
    """
    _sign(game, key_file)


@main.command("receipt")
@db_option
@click.argument("game")
@click.option("--seq", type=click.IntRange(min=1), default=None,
              help="The event to name (default: the game's head).")
@handle_errors
def receipt(game: str, seq: int | None) -> None:
    """Print a one-line receipt of GAME's head for players to keep (QR-friendly).

    Later, `riftlog verify --receipt RECEIPT` says whether the store still holds that event
    at that seq with the chain intact up to it.

    \b
    Example:
        riftlog receipt g1          # riftlog:g1:57:3FA2...
    """
    click.echo(str(open_store().receipt(game, seq)))
