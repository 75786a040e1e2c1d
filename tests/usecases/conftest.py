"""Fixtures of the use-case tests: a store with a few recorded bot games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from riftlog.store import EventStore
from tests.usecases.helpers import bot_game, new_store

#: The games of the shared store: id -> bot seed.
SHARED_GAMES = {f"g{i}": i for i in range(1, 5)}


@pytest.fixture
def store(db_url: str) -> Iterator[EventStore]:
    """A fresh, upgraded store on the test's backend (SQLite file or PostgreSQL)."""
    s = EventStore.open(db_url, check=False, create=True)
    s.upgrade()
    try:
        yield s
    finally:
        s.close()


@pytest.fixture(scope="session")
def shared_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EventStore]:
    """A store holding SHARED_GAMES, recorded once per session (snapshots every 7 events)."""
    store = new_store(tmp_path_factory.mktemp("shared"))
    for gid, seed in SHARED_GAMES.items():
        bot_game(store, gid, seed, turns=8, snapshot_every=7)
    yield store
    store.close()
