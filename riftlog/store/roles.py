"""A PostgreSQL runtime role that does not own the tables (``riftlog db grant ROLE``).

The owner role runs the migrations (``riftlog db upgrade``) and owns every table, trigger
and function; the service that records games connects as a *runtime* role granted only
what appending and reading need:

* SELECT on every table; INSERT on tournaments, matches, games, events, snapshots and
  checkpoints;
* UPDATE of ``games.status``, ``seal_hash`` and ``sealed_at`` only (to seal; the games
  guard trigger accepts a seal only when it is the head hash, and never touches a sealed
  game again);
* DELETE on snapshots only (a cache that is replaced).

It gets no UPDATE, DELETE or TRUNCATE on events or checkpoints, no UPDATE of a game's head
(``last_seq``, ``last_hash``: the events trigger, a SECURITY DEFINER function owned by the
owner, moves it), no TRIGGER right, and, not owning the tables, no ``ALTER TABLE ...
DISABLE TRIGGER`` and no ``DROP TRIGGER``.  What that leaves it is appending at a game's head
and sealing at the head; a forgery then needs the owner role (and, for a signed game, the
signing key as well).
"""

from __future__ import annotations

import re

from sqlalchemy import text

from riftlog.errors import StoreError
from riftlog.store.eventstore import EventStore

_ROLE_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")
_TABLES = ("alembic_version", "tournaments", "matches", "games", "events", "snapshots",
           "checkpoints")
_INSERTED = ("tournaments", "matches", "games", "events", "snapshots", "checkpoints")


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def grant_statements(role: str, schema: str) -> list[str]:
    """The SQL that gives *role* the runtime rights on the riftlog tables of *schema*."""
    if not _ROLE_RE.match(role):
        raise StoreError(f"role {role!r}: a role name is letters, digits and _ "
                         "(up to 63, not starting with a digit)")
    r, s = _quote(role), _quote(schema)
    tables = ", ".join(f"{s}.{t}" for t in _TABLES)
    inserted = ", ".join(f"{s}.{t}" for t in _INSERTED)
    return [
        f"REVOKE ALL ON {tables} FROM {r}",
        f"GRANT USAGE ON SCHEMA {s} TO {r}",
        f"GRANT SELECT ON {tables} TO {r}",
        f"GRANT INSERT ON {inserted} TO {r}",
        f"GRANT UPDATE (status, seal_hash, sealed_at) ON {s}.games TO {r}",
        f"GRANT DELETE ON {s}.snapshots TO {r}",
    ]


def grant_runtime_role(store: EventStore, role: str, apply: bool = False) -> list[str]:
    """The statements of :func:`grant_statements` for the store's schema; with *apply* they
    are run too, in one transaction, as the connected (owner) role.  PostgreSQL only."""
    if store.target.backend != "postgresql":
        raise StoreError(f"database {store.where}: roles are a PostgreSQL matter; a SQLite "
                         "file is protected by its file permissions")
    store.check_schema()
    with store.engine.connect() as conn:
        schema = str(conn.execute(text("SELECT current_schema()")).scalar_one())
    statements = grant_statements(role, schema)
    if apply:
        try:
            with store.engine.begin() as conn:
                for sql in statements:
                    conn.execute(text(sql))
        except Exception as exc:
            raise StoreError(f"database {store.where}: granting {role} failed: "
                             f"{str(getattr(exc, 'orig', exc)).splitlines()[0]}") from None
    return statements


__all__ = ["grant_runtime_role", "grant_statements"]
