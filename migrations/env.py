"""Alembic environment for riftlog.

riftlog runs migrations programmatically (``riftlog db upgrade`` ->
:func:`riftlog.store.migrate.upgrade`), handing over an open connection in
``config.attributes["connection"]`` so SQLite's settings (WAL, ``BEGIN IMMEDIATE``) apply.
Run from a checkout with the ``alembic`` command (``alembic -c alembic.ini ...``), it
opens ``sqlalchemy.url`` (or ``RIFTLOG_DB``) itself.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from riftlog.store.models import Base

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things in place; batch mode copies the table instead
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    from riftlog.store.database import make_engine, resolve

    url = config.get_main_option("sqlalchemy.url") or None
    engine = make_engine(resolve(url))
    with engine.connect() as conn:
        _run(conn.execution_options(riftlog_write=True))
        conn.commit()
    engine.dispose()


if context.is_offline_mode():
    raise SystemExit("riftlog migrations run online only (riftlog db upgrade)")
run_migrations_online()
