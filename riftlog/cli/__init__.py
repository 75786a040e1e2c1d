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
from typing import TYPE_CHECKING, Any, TypeVar

import click

from riftlog import __version__
from riftlog.errors import RiftlogError

if TYPE_CHECKING:
    from riftlog.store import EventStore

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
@click.option(
    "--db",
    "db_url",
    metavar="URL",
    default=None,
    help="Database: a SQLite file path or postgresql://user@host/dbname "
    "(default: $RIFTLOG_DB, else ./riftlog.db).",
)
@click.pass_context
def main(ctx: click.Context, db_url: str | None) -> None:
    """riftlog: record, replay and rule on Riftbound games.

    \b
    Example:
        riftlog demo            # the whole product on a fresh SQLite store
        riftlog db upgrade      # create or migrate ./riftlog.db
        riftlog --db postgresql://me@localhost/riftlog games
    """
    ctx.ensure_object(dict)
    if db_url is not None:
        ctx.obj["db"] = db_url


def db_option(fn: F) -> F:
    """Decorator: a ``--db URL`` option on a command (overrides the group's ``--db``)."""

    def remember(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
        if value is not None:
            ctx.ensure_object(dict)
            ctx.obj["db"] = value

    return click.option(
        "--db",
        metavar="URL",
        default=None,
        expose_value=False,
        callback=remember,
        help="Database URL or SQLite file (default: $RIFTLOG_DB, else ./riftlog.db).",
    )(fn)


def db_url(ctx: click.Context | None = None) -> str | None:
    """The ``--db`` given on the command line (None: ``RIFTLOG_DB`` or ./riftlog.db)."""
    ctx = ctx or click.get_current_context(silent=True)
    while ctx is not None:
        if isinstance(ctx.obj, dict) and ctx.obj.get("db"):
            return str(ctx.obj["db"])
        ctx = ctx.parent
    return None


def open_store(ctx: click.Context | None = None, *, check: bool = True) -> EventStore:
    """Open the event store named by ``--db`` / ``RIFTLOG_DB`` (schema checked).

    The store is closed when the command's context ends.
    """
    from riftlog.store import EventStore

    ctx = ctx or click.get_current_context()
    store = EventStore.open(db_url(ctx), check=check)
    ctx.call_on_close(store.close)
    return store


def _attach_commands() -> None:
    import importlib

    for name in ("store", "cards", "games", "export", "recording"):
        importlib.import_module(f"riftlog.cli.{name}")


_attach_commands()
