"""Fixtures for the export tests: a store with a small tournament."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from riftlog.store import EventStore
from tests.export.helpers import new_store, record_game


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    """A store with tournament t1 > match m1 (games m1-g1, m1-g2) and a loose game g9."""
    s = new_store(tmp_path / "src.db")
    s.create_tournament("t1", "Spring Open")
    s.create_match("m1", tournament_id="t1", round=2, table="7", best_of=3)
    record_game(s, "m1-g1", match_id="m1", game_number=1, recorded_at="2026-04-01T10:00:00.000000Z")
    record_game(s, "m1-g2", match_id="m1", game_number=2, recorded_at="2026-04-01T11:00:00.000000Z")
    record_game(s, "g9", players=("carol", "dave"), legend="OGN-247", sealed=False,
                recorded_at="2026-05-10T09:00:00.000000Z")
    yield s
    s.close()


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[EventStore]:
    """An empty store (the import target)."""
    s = new_store(tmp_path / "dst.db")
    yield s
    s.close()
