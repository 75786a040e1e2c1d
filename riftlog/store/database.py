"""Connecting to the store's database: URLs, engines, SQLite settings, error translation.

Two backends go through the same SQLAlchemy code:

* **SQLite** (the default): a file, ``./riftlog.db`` unless ``RIFTLOG_DB`` or ``--db``
  names another.  Every connection runs in WAL mode with a busy timeout and foreign keys
  on; a write transaction starts with ``BEGIN IMMEDIATE`` (so two writers queue instead
  of failing half-way), a read with a plain ``BEGIN``.  ``synchronous`` is ``NORMAL``,
  the setting SQLite recommends with WAL: a crash of the process or the OS never corrupts
  the file or tears a transaction; a power cut may lose the last transactions.  Add
  ``?synchronous=full`` to the path or URL to make every commit durable on its own.
  The options a SQLite path or URL takes are :data:`SQLITE_OPTIONS`; any other is refused.
  A file on read-only media (or named with ``?mode=ro``) is opened read-only: reading
  works, writing is refused with a message that says the store is read-only.
* **PostgreSQL** through psycopg 3: ``postgresql://user@host/dbname`` (the driver is
  filled in).

Every driver error is turned into a :class:`~riftlog.errors.StoreError` that says what
went wrong and with which database, never a traceback.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal
from urllib.parse import parse_qsl, quote

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

from riftlog.errors import (
    AppendOnlyViolation,
    DatabaseUnavailable,
    RiftlogError,
    StoreError,
)

#: Environment variable naming the database when ``--db`` is not given.
ENV_VAR = "RIFTLOG_DB"
#: The SQLite file used when neither ``--db`` nor ``RIFTLOG_DB`` is given.
DEFAULT_PATH = "riftlog.db"
#: How long a SQLite writer waits for another one before giving up, in seconds.
DEFAULT_BUSY_TIMEOUT = 30.0

_SYNC_MODES = {"off", "normal", "full", "extra"}
#: The options a SQLite path or URL takes after ``?`` (e.g. ``riftlog.db?synchronous=full``).
SQLITE_OPTIONS = {
    "synchronous": "off, normal (the default) or full: how durable each commit is",
    "busy_timeout": "seconds a writer waits for another one (default 30)",
    "mode": "ro: open the store read-only (writing commands are refused)",
}
#: How a SQLite file is opened: read-write, read-only (``mode=ro``), or read-only on media
#: nobody can write (``immutable=1``: no -wal/-shm files are needed, nothing is locked).
Access = Literal["rw", "ro", "immutable"]


@dataclass(frozen=True)
class Target:
    """A resolved database: its SQLAlchemy URL and how to name it in messages."""

    url: URL
    #: ``sqlite`` or ``postgresql``
    backend: str
    #: the SQLite file, or None for a server database
    path: Path | None
    #: SQLite ``synchronous`` mode
    synchronous: str = "normal"
    busy_timeout: float = DEFAULT_BUSY_TIMEOUT
    #: how a SQLite file is opened (see :data:`Access`)
    access: Access = "rw"
    #: why the store is read-only (for messages), when ``access`` is not ``rw``
    read_only_because: str = ""

    @property
    def read_only(self) -> bool:
        """Whether writing is refused (a SQLite file opened read-only)."""
        return self.access != "rw"

    @property
    def where(self) -> str:
        """A short human name: the file path or the URL without its password."""
        if self.path is not None:
            return str(self.path)
        return self.url.render_as_string(hide_password=True)


def resolve(url: str | None) -> Target:
    """Turn ``--db``/``RIFTLOG_DB``/default into a :class:`Target`.

    A value without ``://`` is a SQLite file path.  ``postgresql://`` and
    ``postgres://`` URLs use psycopg 3.
    """
    raw = url or os.environ.get(ENV_VAR) or DEFAULT_PATH
    if "://" not in raw:
        path_text, options = raw, {}
        if "?" in raw and not Path(raw).expanduser().exists():  # a path with options
            path_text, _, query = raw.partition("?")
            options = _query_options(raw, query)
        if not path_text:
            raise DatabaseUnavailable(f"{raw}: name a SQLite file before the '?'")
        return _sqlite_target(raw, Path(path_text), options)
    try:
        parsed = make_url(raw)
    except ArgumentError as exc:
        raise DatabaseUnavailable(f"bad database URL {raw!r}: {exc}") from None
    backend = parsed.get_backend_name()
    if backend in ("postgresql", "postgres"):
        driver = parsed.get_driver_name()
        if driver not in ("psycopg", "psycopg2", "postgresql", "postgres"):
            raise DatabaseUnavailable(f"{raw}: PostgreSQL is used through psycopg 3, not {driver}")
        return Target(parsed.set(drivername="postgresql+psycopg"), "postgresql", None)
    if backend == "sqlite":
        if not parsed.database or parsed.database == ":memory:":
            raise DatabaseUnavailable(
                f"{raw}: the store needs a SQLite file, not an in-memory database"
            )
        given = {k: str(v) for k, v in parsed.query.items()}
        return _sqlite_target(raw, Path(parsed.database), _query_options(raw, "", given))
    raise DatabaseUnavailable(
        f"{raw}: unsupported database {backend!r} (use a SQLite file or postgresql://)"
    )


def _query_options(raw: str, query: str, parsed: dict[str, str] | None = None) -> dict[str, str]:
    """The options after ``?`` of a SQLite path or URL; an unknown one is refused."""
    try:
        pairs = dict(parse_qsl(query, keep_blank_values=True, strict_parsing=True)) \
            if parsed is None else parsed
    except ValueError:
        raise DatabaseUnavailable(
            f"{raw}: options after '?' are NAME=VALUE pairs joined by '&' "
            f"(e.g. riftlog.db?synchronous=full)") from None
    for name in pairs:
        if name not in SQLITE_OPTIONS:
            raise DatabaseUnavailable(f"{raw}: unknown option {name!r} (a SQLite store takes "
                                      f"{', '.join(SQLITE_OPTIONS)})")
    return {k: v.lower() for k, v in pairs.items()}


def _sqlite_target(raw: str, path: Path, options: dict[str, str]) -> Target:
    sync = options.get("synchronous", "normal")
    if sync not in _SYNC_MODES:
        raise DatabaseUnavailable(f"{raw}: synchronous must be one of {sorted(_SYNC_MODES)}")
    try:
        busy = float(options.get("busy_timeout", DEFAULT_BUSY_TIMEOUT))
    except ValueError:
        raise DatabaseUnavailable(f"{raw}: busy_timeout must be a number of seconds") from None
    mode = options.get("mode", "rw")
    if mode not in ("ro", "rw"):
        raise DatabaseUnavailable(f"{raw}: mode must be ro (read-only) or rw (the default)")
    path = path.expanduser().absolute()
    return Target(URL.create("sqlite", database=str(path)), "sqlite", path, synchronous=sync,
                  busy_timeout=busy, access="ro" if mode == "ro" else "rw",
                  read_only_because="opened with ?mode=ro" if mode == "ro" else "")


def read_only_target(target: Target, immutable: bool, because: str) -> Target:
    """*target* opened read-only (*immutable*: on media nobody can write)."""
    return replace(target, access="immutable" if immutable else "ro", read_only_because=because)


#: Mode of every file riftlog creates that holds hidden information (store, seeds).
PRIVATE_MODE = 0o600


def create_private_file(target: Target) -> None:
    """Create *target*'s SQLite file, if missing, readable by its owner only (0600).

    The store holds every deck order, so no other local user may read it; SQLite creates
    the ``-wal`` and ``-shm`` files with the database file's mode.
    """
    if target.path is None or target.path.exists():
        return
    try:
        fd = os.open(target.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE)
    except FileExistsError:
        return
    except OSError as exc:
        raise DatabaseUnavailable(f"cannot create database {target.where}: "
                                  f"{exc.strerror or exc}") from None
    os.close(fd)


def make_engine(target: Target) -> Engine:
    """Create the SQLAlchemy engine for *target*, with riftlog's connection settings."""
    if target.backend == "postgresql":
        try:
            return create_engine(target.url, pool_size=2, max_overflow=8)
        except ImportError:  # the driver is the optional extra "postgres"
            raise DatabaseUnavailable(
                f"database {target.where}: PostgreSQL needs the psycopg driver, which is not "
                "installed; install riftlog with its postgres extra: "
                "pip install 'riftlog[postgres]'") from None
    if target.read_only:
        assert target.path is not None
        flags = {"mode": "ro", "uri": "true"}
        if target.access == "immutable":
            flags["immutable"] = "1"
        url = URL.create("sqlite", database=f"file:{quote(str(target.path))}", query=flags)
        engine = create_engine(url, connect_args={"timeout": target.busy_timeout})
    else:
        engine = create_engine(target.url, connect_args={"timeout": target.busy_timeout})
    busy_ms = int(target.busy_timeout * 1000)
    sync = target.synchronous.upper()

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: sqlite3.Connection, _record: Any) -> None:
        # riftlog issues BEGIN itself (see _on_begin), so the driver must not
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        try:
            cur.execute(f"PRAGMA busy_timeout={busy_ms}")
            cur.execute("PRAGMA foreign_keys=ON")
            mode = cur.execute("PRAGMA journal_mode").fetchone()[0]
            if str(mode).lower() != "wal" and not target.read_only:
                try:
                    cur.execute("PRAGMA journal_mode=WAL")
                except sqlite3.OperationalError as exc:
                    if "readonly" not in str(exc):  # a read-only file can still be read
                        raise
            cur.execute(f"PRAGMA synchronous={sync}")
        finally:
            cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        write = conn.get_execution_options().get("riftlog_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


@contextmanager
def translate_errors(target: Target, doing: str = "") -> Iterator[None]:
    """Turn driver and SQLAlchemy errors into one-line :class:`StoreError` messages."""
    try:
        yield
    except Exception as exc:
        better = translated(exc, target, doing)
        if better is exc:
            raise
        raise better from exc


def translated(exc: Exception, target: Target, doing: str = "") -> Exception:
    """The :class:`StoreError` for a driver or SQLAlchemy error; any other error as is."""
    if isinstance(exc, RiftlogError):
        return exc
    if isinstance(exc, DBAPIError):
        return driver_error(exc.orig, target, doing)
    if isinstance(exc, SQLAlchemyError):
        return StoreError(f"database {target.where}: {_first_line(exc)}")
    if isinstance(exc, sqlite3.Error) or type(exc).__module__.startswith("psycopg"):
        return driver_error(exc, target, doing)
    return exc


def driver_error(exc: BaseException | None, target: Target, doing: str = "") -> StoreError:
    """The :class:`StoreError` that best describes a DBAPI error."""
    msg = _first_line(exc) if exc is not None else "unknown database error"
    low = msg.lower()
    where = target.where
    ctx = f" while {doing}" if doing else ""
    if "append-only" in low:
        return AppendOnlyViolation(f"database {where}: {msg}")
    if "readonly" in low or "read-only" in low:
        return DatabaseUnavailable(f"database {where} is read-only{ctx}: {msg}")
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return DatabaseUnavailable(
            f"database {where} is corrupt or not a SQLite database{ctx}: {msg}"
        )
    if "unable to open" in low:
        return DatabaseUnavailable(f"cannot open database {where}{ctx}: {msg}")
    if "locked" in low or "busy" in low:
        return DatabaseUnavailable(
            f"database {where} is locked by another writer{ctx} "
            f"(waited {target.busy_timeout:g}s): {msg}"
        )
    if target.backend == "postgresql" and _is_connection_error(exc):
        return DatabaseUnavailable(f"cannot connect to database {where}: {msg}")
    return StoreError(f"database {where}{ctx}: {msg}")


def _is_connection_error(exc: BaseException | None) -> bool:
    try:
        import psycopg
    except ImportError:  # pragma: no cover - psycopg is needed for PostgreSQL at all
        return False
    return isinstance(exc, psycopg.OperationalError)


def _first_line(exc: BaseException | None) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]
