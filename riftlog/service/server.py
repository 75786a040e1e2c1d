"""Running the service on uvicorn (``riftlog serve``).

One process by default.  On PostgreSQL, ``workers`` > 1 starts that many processes, each
with its own connection pool; the store's optimistic concurrency (UNIQUE(game, seq), the
expected last seq, row locks on the game's head) keeps their appends safe.  On SQLite one
worker is the only choice offered: SQLite serialises every writer on one file, so more
processes would only queue on its lock (move to PostgreSQL when one process is not enough).
"""

from __future__ import annotations

import os

from fastapi import FastAPI

from riftlog.errors import RiftlogError
from riftlog.seeding import SECRETS_ENV
from riftlog.store import ENV_VAR, EventStore, resolve

__all__ = ["app_from_env", "check_workers", "serve"]


class ServeError(RiftlogError):
    """``riftlog serve`` cannot start as asked."""


def check_workers(db: str | None, workers: int) -> None:
    """Refuse more than one worker on SQLite, saying why and what to do instead."""
    if workers < 1:
        raise ServeError(f"--workers must be 1 or more, not {workers}")
    target = resolve(db)
    if workers > 1 and target.backend != "postgresql":
        raise ServeError(f"--workers {workers}: {target.where} is a SQLite file, which lets one "
                         "writer in at a time; serve it with one worker, or move the store to "
                         "PostgreSQL (riftlog export/import) to run several")


def app_from_env() -> FastAPI:
    """The application for the store named by ``RIFTLOG_DB`` (each uvicorn worker calls it)."""
    from riftlog.service.app import create_app

    return create_app(os.environ.get(ENV_VAR), secrets_dir=os.environ.get(SECRETS_ENV))


def serve(db: str | None, *, host: str = "127.0.0.1", port: int = 8000, workers: int = 1,
          secrets_dir: str | None = None, log_level: str = "info") -> None:
    """Serve the store *db* on *host*:*port* until stopped (Ctrl-C)."""
    import uvicorn

    check_workers(db, workers)
    EventStore.open(db).close()  # a missing or out-of-date store stops here, in one line
    if db is not None:
        os.environ[ENV_VAR] = db
    if secrets_dir is not None:
        os.environ[SECRETS_ENV] = secrets_dir
    uvicorn.run("riftlog.service.server:app_from_env", factory=True, host=host, port=port,
                workers=workers, log_level=log_level, proxy_headers=True)
