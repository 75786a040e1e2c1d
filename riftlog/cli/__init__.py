"""The ``riftlog`` command line: thin over the library.

Each command parses its input, calls one library function, formats the result, and turns
a :class:`~riftlog.errors.RiftlogError` into one clear line on stderr with a non-zero exit
(no traceback).  Commands live in the submodules of this package, one per area, and are
attached to :data:`main` at import.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from riftlog import __version__, build_info
from riftlog.errors import RiftlogError

if TYPE_CHECKING:
    from riftlog.events.actor import Actor
    from riftlog.seeding import SeedKeeper
    from riftlog.store import EventStore

F = TypeVar("F", bound=Callable[..., Any])

#: Exit status for a riftlog error (bad input, refused operation, failed verification).
EXIT_ERROR = 1


def fail(message: str, code: int = EXIT_ERROR) -> None:
    """Print ``error: message`` on stderr and exit with *code*."""
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


def handle_errors(fn: F) -> F:
    """Decorator for commands: a RiftlogError, or an error of the operating system (a
    folder that cannot be written, a full disk), becomes one line and exit status 1."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except RiftlogError as exc:
            fail(str(exc))
        except BrokenPipeError:  # the reader went away (`| head`): stop quietly
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_ERROR)
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            fail(f"{where}{exc.strerror or exc}")
        except ValueError as exc:
            # a model built from input no library call checked (pydantic, imported only
            # by the commands that use it: start-up time)
            if "pydantic" not in sys.modules:
                raise
            from pydantic import ValidationError  # lazy: start-up time

            from riftlog.events.registry import short_errors

            if not isinstance(exc, ValidationError):
                raise
            fail(f"invalid input: {short_errors(exc)}")
        return None

    return wrapper  # type: ignore[return-value]


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version and which build runs (pure Python or compiled)."""
    if value and not ctx.resilient_parsing:
        click.echo(f"riftlog, version {__version__} ({build_info()})")
        ctx.exit()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_print_version,
              help="Show the version and the build (pure Python or compiled by mypyc) and exit.")
@click.option(
    "--db",
    "db_url",
    metavar="URL",
    default=None,
    help="Database: a SQLite file path or postgresql://user@host/dbname "
    "(default: $RIFTLOG_DB, else ./riftlog.db).",
)
@click.option(
    "--as",
    "acting_as",
    metavar="WHO",
    default=None,
    help="Who acts: a seat (p1), recorder:NAME, judge:NAME or organiser:NAME "
    "(default: $RIFTLOG_AS, else recorder:local).",
)
@click.option(
    "--secrets",
    "secrets_dir",
    metavar="DIR",
    default=None,
    help="Folder keeping the seeds of seeded games until they are revealed, one file per "
    "store and game (default: $RIFTLOG_SECRETS, else DB.secrets next to a SQLite file, "
    "else ~/.local/share/riftlog/secrets).",
)
@click.pass_context
def main(ctx: click.Context, db_url: str | None, acting_as: str | None,
         secrets_dir: str | None) -> None:
    """riftlog: record, replay and rule on Riftbound games.

    Every append names who acts (--as or RIFTLOG_AS): a player makes only their own
    seat's decisions; a recorder or judge records any seat's; judge commands need a
    judge (--as judge:NAME).  The local default is recorder:local.

    \b
    Example:
        riftlog demo            # the whole product on a fresh SQLite store
        riftlog db upgrade      # create or migrate ./riftlog.db
        riftlog --db postgresql://me@localhost/riftlog games
        riftlog --as p1 play g1 '{"type": "Conceded", "player": "p1"}'
    """
    ctx.ensure_object(dict)
    if db_url is not None:
        ctx.obj["db"] = db_url
    if acting_as is not None:
        ctx.obj["as"] = acting_as
    if secrets_dir is not None:
        ctx.obj["secrets"] = secrets_dir


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


def as_option(fn: F) -> F:
    """Decorator: an ``--as WHO`` option on a command (overrides the group's ``--as``)."""

    def remember(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
        if value is not None:
            ctx.ensure_object(dict)
            ctx.obj["as"] = value

    return click.option(
        "--as",
        "acting_as",
        metavar="WHO",
        default=None,
        expose_value=False,
        callback=remember,
        help="Who acts: p1, recorder:NAME, judge:NAME or organiser:NAME "
        "(default: $RIFTLOG_AS, else recorder:local).",
    )(fn)


def acting(ctx: click.Context | None = None) -> Actor:
    """Who acts: ``--as``, else ``RIFTLOG_AS``, else the local recorder (recorder:local)."""
    from riftlog.events.actor import LOCAL_RECORDER, Actor

    ctx = ctx or click.get_current_context(silent=True)
    while ctx is not None:
        if isinstance(ctx.obj, dict) and ctx.obj.get("as"):
            return Actor.parse(str(ctx.obj["as"]))
        ctx = ctx.parent
    return Actor.from_env(LOCAL_RECORDER)


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
    store.secrets = _secrets_option(ctx)
    return store


def _secrets_option(ctx: click.Context | None) -> str | None:
    """The folder ``riftlog --secrets DIR`` named, if any."""
    while ctx is not None:
        if isinstance(ctx.obj, dict) and ctx.obj.get("secrets"):
            return str(ctx.obj["secrets"])
        ctx = ctx.parent
    return None


def seed_keeper(store: EventStore, ctx: click.Context | None = None) -> SeedKeeper:
    """The keeper of *store*'s seeds: ``--secrets``, else RIFTLOG_SECRETS, else the default."""
    from riftlog.seeding import SeedKeeper

    return SeedKeeper.for_store(store, _secrets_option(ctx or click.get_current_context(silent=True)))


def _attach_commands() -> None:
    import importlib

    for name in ("store", "cards", "decks", "games", "replay", "judge", "matches", "positions",
                 "export", "keys", "service", "recording"):
        importlib.import_module(f"riftlog.cli.{name}")


_attach_commands()
