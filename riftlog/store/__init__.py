"""Append-only, tamper-evident persistence of game events (SQLite or PostgreSQL).

The store never imports the rules engine: it keeps events, games and snapshots, checks
payloads against the event registry, and guarantees order, integrity and atomicity.
See :mod:`riftlog.store.eventstore` for the guarantees and :mod:`riftlog.store.database`
for how databases are named (``--db``, ``RIFTLOG_DB``, default ``./riftlog.db``).
"""

from __future__ import annotations

from riftlog.store.codec import VerifyResult
from riftlog.store.database import DEFAULT_PATH, ENV_VAR, Target, resolve
from riftlog.store.eventstore import EventStore
from riftlog.store.migrate import UPGRADE_COMMAND, head_revision, migrations_dir
from riftlog.store.records import GameInfo, SnapshotInfo

__all__ = [
    "DEFAULT_PATH",
    "ENV_VAR",
    "UPGRADE_COMMAND",
    "EventStore",
    "GameInfo",
    "SnapshotInfo",
    "Target",
    "VerifyResult",
    "head_revision",
    "migrations_dir",
    "resolve",
]
