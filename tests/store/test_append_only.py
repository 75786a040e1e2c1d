"""The database itself refuses to change or delete stored events (triggers)."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import DBAPIError

from riftlog.store import EventStore
from tests.store.helpers import fill, new_game, raw, snapshot


@pytest.fixture
def filled(store: EventStore) -> EventStore:
    new_game(store)
    fill(store, "g1", 3)
    return store


def test_raw_update_is_refused(filled: EventStore) -> None:
    before = snapshot(filled)
    with pytest.raises(DBAPIError, match="append-only: UPDATE refused"):
        raw(filled, "UPDATE events SET payload = '{}' WHERE seq = 2")
    assert snapshot(filled) == before


def test_raw_delete_is_refused(filled: EventStore) -> None:
    before = snapshot(filled)
    with pytest.raises(DBAPIError, match="append-only: DELETE refused"):
        raw(filled, "DELETE FROM events WHERE seq = 3")
    assert snapshot(filled) == before


def test_raw_truncate_is_refused_on_postgres(filled: EventStore) -> None:
    if filled.target.backend != "postgresql":
        pytest.skip("SQLite has no TRUNCATE (DELETE is refused above)")
    before = snapshot(filled)
    with pytest.raises(DBAPIError, match="append-only: TRUNCATE refused"):
        raw(filled, "TRUNCATE events CASCADE")
    assert snapshot(filled) == before


def test_raw_duplicate_seq_is_refused_by_unique(filled: EventStore) -> None:
    """UNIQUE(game_id, seq) holds even for SQL that bypasses the store (on PostgreSQL the
    head trigger of migration 0006 refuses it first: seq 2 does not extend the head)."""
    row = "('g1', 2, 'NoteAdded', 1, NULL, '{}', NULL, 'x', :h, :h)"
    with pytest.raises(DBAPIError, match=r"(?i)unique|does not extend its head \(seq 3\)"):
        raw(
            filled,
            "INSERT INTO events (game_id, seq, type, schema_version, actor, payload, "
            f"client_event_id, recorded_at, prev_hash, hash) VALUES {row}",
            h="0" * 64,
        )
