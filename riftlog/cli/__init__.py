"""The ``riftlog`` command line: thin over the library.

Each command parses its input, calls one library function, formats the result, and turns
a :class:`~riftlog.errors.RiftlogError` into one clear line on stderr with a non-zero exit
(no traceback).  Commands live in the submodules of this package, one per area, and are
attached to :data:`main` at import.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from riftlog import __version__
from riftlog.errors import RiftlogError

F = TypeVar("F", bound=Callable[..., Any])

#: Exit status for a riftlog error (bad input, refused operation, failed verification).
EXIT_ERROR = 1


def fail(message: str, code: int = EXIT_ERROR) -> None:
    """Print ``error: message`` on stderr and exit with *code*."""
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


def handle_errors(fn: F) -> F:
    """Decorator for commands: a RiftlogError becomes one line and exit status 1."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except RiftlogError as exc:
            fail(str(exc))
        return None

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="riftlog")
def main() -> None:
    """riftlog: record, replay and rule on Riftbound games.

    \b
    Example:
        riftlog demo            # the whole product on a fresh SQLite store
        riftlog db upgrade      # create or migrate ./riftlog.db
    """


def _attach_commands() -> None:
    import importlib

    for name in ("store", "cards", "games", "export"):
        try:
            importlib.import_module(f"riftlog.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"riftlog.cli.{name}":
                raise


_attach_commands()
