"""Schema migrations: where the Alembic scripts are, applying them, checking the revision.

The Alembic scripts live in the top-level ``migrations/`` folder of the source tree.  A
wheel ships a copy of that folder as ``riftlog/_migrations`` (see ``setup.py``), so the
scripts are found both in a checkout (editable install) and in a normal install:
:func:`migrations_dir` looks for the packaged copy first, then for the checkout's folder.

Migrations are the only way the schema is made or changed.  Every store operation first
checks that the database is at the head revision and otherwise stops with
:class:`~riftlog.errors.SchemaOutOfDate` naming the command to run.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine
from sqlalchemy.engine import Connection

from riftlog.errors import SchemaOutOfDate, StoreError

#: The command users run to create or migrate a database.
UPGRADE_COMMAND = "riftlog db upgrade"

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def migrations_dir() -> Path:
    """The folder holding ``env.py`` and ``versions/`` (packaged copy first, then checkout)."""
    for candidate in (_PACKAGE_DIR / "_migrations", _PACKAGE_DIR.parent / "migrations"):
        if (candidate / "env.py").is_file() and (candidate / "versions").is_dir():
            return candidate
    raise StoreError(
        f"the Alembic migrations are missing: neither {_PACKAGE_DIR / '_migrations'} "
        f"nor {_PACKAGE_DIR.parent / 'migrations'} exists; reinstall riftlog"
    )


def alembic_config() -> Config:
    """An Alembic config pointing at riftlog's migrations (no ini file needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    return cfg


@functools.cache
def _script() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    """The revision this riftlog's schema is at (the single head of the migrations)."""
    heads = _script().get_heads()
    if len(heads) != 1:
        raise StoreError(
            f"the migrations have {len(heads)} heads ({', '.join(heads)}); expected one"
        )
    return heads[0]


def known_revisions() -> list[str]:
    """Every revision id, oldest first."""
    return [s.revision for s in reversed(list(_script().walk_revisions()))]


def current_revision(conn: Connection) -> str | None:
    """The revision the database is at, or None when it has no riftlog schema yet."""
    return MigrationContext.configure(conn).get_current_revision()


def check_revision(current: str | None, where: str) -> None:
    """Raise :class:`SchemaOutOfDate` unless *current* is the head revision."""
    head = head_revision()
    if current == head:
        return
    if current is None:
        raise SchemaOutOfDate(
            f"database {where} has no riftlog schema yet: run `{UPGRADE_COMMAND}` to create it"
        )
    if current in known_revisions():
        raise SchemaOutOfDate(
            f"database {where} is at schema revision {current}, this riftlog needs {head}: "
            f"run `{UPGRADE_COMMAND}`"
        )
    raise SchemaOutOfDate(
        f"database {where} is at schema revision {current!r}, which this riftlog does not "
        f"know (written by a newer riftlog?); upgrade riftlog instead"
    )


def upgrade(engine: Engine, revision: str = "head") -> tuple[str | None, str | None]:
    """Apply migrations up to *revision* in one transaction; return (before, after)."""

    def refuse_unknown(before: str | None) -> None:
        if before is not None and before not in known_revisions():
            raise SchemaOutOfDate(
                f"database {engine.url.render_as_string(hide_password=True)} is at schema "
                f"revision {before!r}, which this riftlog does not know (written by a newer "
                "riftlog?); upgrade riftlog instead"
            )
        if revision != "head" and revision not in known_revisions():
            raise StoreError(
                f"no schema revision {revision!r} (known: {', '.join(known_revisions())})"
            )

    return _migrate(engine, command.upgrade, revision, refuse_unknown)


def downgrade(engine: Engine, revision: str) -> tuple[str | None, str | None]:
    """Undo migrations down to *revision* (``base`` for none); return (before, after)."""
    return _migrate(engine, command.downgrade, revision)


def _migrate(
    engine: Engine,
    step: Callable[[Config, str], None],
    revision: str,
    check: Callable[[str | None], None] | None = None,
) -> tuple[str | None, str | None]:
    """Run the alembic *step* (upgrade or downgrade) to *revision* on one connection, after
    *check* accepted the revision the database is at; return (before, after)."""
    with engine.connect() as conn:
        conn = conn.execution_options(riftlog_write=True)
        before = current_revision(conn)
        conn.commit()
        if check is not None:
            check(before)
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        step(cfg, revision)
        conn.commit()
        after = current_revision(conn)
        conn.commit()
    return before, after
