"""Helpers for the store tests: games, events, and raw SQL that bypasses the store."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from riftlog.events import NewEvent
from riftlog.events.payloads import NoteAdded
from riftlog.store import EventStore

PINS = {
    "mode": "duel",
    "rules_edition": "v1.3",
    "catalog_version": "2026-03",
    "engine_version": "0.1.0",
}


def new_game(store: EventStore, game_id: str = "g1", **kw: Any) -> str:
    """Create an empty game pinned to the test defaults; return its id."""
    store.create_game(game_id, **{**PINS, **kw})
    return game_id


def note(text_: str = "note", cid: str | None = None, actor: str | None = "judge-1") -> NewEvent:
    """A NoteAdded event (the simplest real payload)."""
    return NewEvent.of(NoteAdded(author="judge-1", text=text_), actor=actor, client_event_id=cid)


def fill(store: EventStore, game_id: str, n: int, start: int = 0) -> None:
    """Append *n* notes one per transaction after seq *start*."""
    for i in range(n):
        store.append(game_id, [note(f"n{start + i + 1}")], start + i)


def snapshot(store: EventStore) -> list[tuple[Any, ...]]:
    """Every stored event row and game head, to prove nothing changed."""
    with store.engine.connect() as conn:
        events = conn.execute(text("SELECT * FROM events ORDER BY position")).all()
        games = conn.execute(
            text("SELECT id, status, last_seq, last_hash, seal_hash FROM games ORDER BY id")
        ).all()
    return [tuple(r) for r in events] + [tuple(r) for r in games]


def raw(store: EventStore, *statements: str, **params: Any) -> None:
    """Run SQL straight on the database, outside the store's API."""
    with store.engine.connect() as conn, conn.begin():
        for sql in statements:
            conn.execute(text(sql), params)


def drop_append_only_triggers(store: EventStore) -> None:
    """What an attacker with database access does first (for the tamper tests).

    On PostgreSQL the owner's guard of the games row goes too (migration 0006); the trigger
    that moves the head as events are inserted stays, so the store still appends."""
    if store.target.backend == "sqlite":
        raw(store, "DROP TRIGGER events_no_update", "DROP TRIGGER events_no_delete")
    else:
        raw(store, "DROP TRIGGER events_no_update_delete ON events",
            "DROP TRIGGER games_guard ON games")


def put_vouched(store: EventStore, game_id: str, seq: int, event_hash: str, text_: str,
                engine_version: str) -> None:
    """Store a snapshot with a proof made with the store's snapshot key (what riftlog's
    fold does through ``reducer.store_snapshot``)."""
    key = store.snapshot_key(create=True)
    assert key is not None
    store.put_snapshot(game_id, seq, event_hash, text_, engine_version,
                       proof=key.proof(game_id, seq, engine_version, event_hash, text_))


def drop_games_guard(store: EventStore) -> None:
    """On PostgreSQL the games row's head and header are guarded by a trigger (migration
    0006): a forger who owns the tables drops it first (SQLite has no such guard)."""
    if store.engine.dialect.name == "postgresql":
        raw(store, "DROP TRIGGER games_guard ON games")
