"""Fixtures of the store tests: an upgraded store on each backend."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from riftlog.store import EventStore


@pytest.fixture
def store(db_url: str) -> Iterator[EventStore]:
    """A migrated, empty store on the test's backend (SQLite file or PostgreSQL schema)."""
    s = EventStore.open(db_url, check=False, create=True)
    s.upgrade()
    s.check_schema()
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def sqlite_store(sqlite_url: str) -> Iterator[EventStore]:
    """A migrated, empty SQLite store (for SQLite-only fault tests)."""
    s = EventStore.open(sqlite_url, check=False, create=True)
    s.upgrade()
    try:
        yield s
    finally:
        s.close()
