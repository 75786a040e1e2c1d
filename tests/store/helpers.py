"""Helpers for the store tests: games, events, and raw SQL that bypasses the store."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from riftlog.events import NewEvent, utc_now_iso
from riftlog.events.payloads import NoteAdded
from riftlog.store import EventStore
from riftlog.store.codec import event_hash
from riftlog.store.records import prepare_event

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
        events = conn.execute(text(
            "SELECT position, game_id, seq, type, schema_version, actor, payload, "
            "client_event_id, recorded_at, prev_hash, hash FROM events ORDER BY position")).all()
        games = conn.execute(
            text("SELECT id, status, last_seq, last_hash, seal_hash FROM games ORDER BY id")
        ).all()
    return [tuple(r) for r in events] + [tuple(r) for r in games]


def append_old_form(store: EventStore, game_id: str, n: int, start: int = 0,
                    move_head: bool = True, cids: list[str] | None = None) -> None:
    """Append *n* notes after seq *start* as riftlog wrote them before migration 0008
    (old-form rows: hex ``prev_hash`` and ``hash``), in raw SQL; *move_head*: the games row
    too (the writer did it; on PostgreSQL from 0006 on, the head trigger does)."""
    with store.engine.connect() as conn, conn.begin():
        prev = conn.execute(text("SELECT last_hash FROM games WHERE id = :g"),
                            {"g": game_id}).scalar_one()
        for seq in range(start + 1, start + n + 1):
            cid = cids[seq - start - 1] if cids else None
            p = prepare_event(game_id, seq, note(f"n{seq}", cid=cid), utc_now_iso())
            digest = event_hash(prev, p[7])
            conn.execute(text(
                "INSERT INTO events (game_id, seq, type, schema_version, actor, payload, "
                "client_event_id, recorded_at, prev_hash, hash) VALUES "
                "(:g, :s, :t, :v, :a, :p, :c, :r, :ph, :h)"),
                {"g": game_id, "s": seq, "t": p[1], "v": p[2], "a": p[3], "p": p[4], "c": p[5],
                 "r": p[6], "ph": prev, "h": digest})
            prev = digest
        if move_head:
            conn.execute(text("UPDATE games SET last_seq = :s, last_hash = :h WHERE id = :g"),
                         {"s": start + n, "h": prev, "g": game_id})


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


def mixed_rows_game(store: EventStore) -> EventStore:
    """*store* with game g1 of 20 events: 12 lean rows, 3 rows in the form written before
    migration 0008, 5 lean rows."""
    new_game(store)
    fill(store, "g1", 12)
    append_old_form(store, "g1", 3, start=12)
    fill(store, "g1", 5, start=15)
    return store
