"""Creating a game is one transaction (issue 16: orphan games).

The games row and its first events (``GameCreated`` and what follows it) are written
together: a failure anywhere leaves no game at all, never a game without its creation.
"""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.errors import AlreadyExists, EventError, StoreError
from riftlog.events import GENESIS_HASH, NewEvent
from riftlog.store import EventStore
from tests.export.helpers import created
from tests.store.helpers import PINS, note, raw, snapshot


def first_events(game_id: str = "g1", notes: int = 2) -> list[NewEvent]:
    """A GameCreated that agrees with the games row's header (PINS), and some notes."""
    made = created(game_id).model_copy(update={"catalog_version": PINS["catalog_version"],
                                                "engine_version": PINS["engine_version"]})
    return [NewEvent.of(made), *[note(f"n{i}") for i in range(notes)]]


def test_a_game_is_created_with_its_first_events(store: EventStore) -> None:
    info = store.create_game("g1", **PINS, events=first_events())
    assert (info.last_seq, info.status) == (3, "open")
    assert [e.type for e in store.read("g1", verify=True)] == ["GameCreated", "NoteAdded",
                                                                "NoteAdded"]
    store.verify("g1").raise_if_bad()


def test_a_failure_after_the_games_row_leaves_no_game(
        store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a kill between the two old transactions left behind cannot happen: the events'
    insert fails after the games row is written, and the row goes with it."""
    def fail(*_a: Any, **_k: Any) -> None:
        raise StoreError("disk full (simulated) while inserting the first events")

    monkeypatch.setattr(EventStore, "_append_locked", fail)
    with pytest.raises(StoreError, match="simulated"):
        store.create_game("g1", **PINS, events=first_events())
    assert store.games() == []
    monkeypatch.undo()
    store.create_game("g1", **PINS, events=first_events())  # and it can be created afresh
    assert store.last_seq("g1") == 3


def test_a_game_must_start_with_game_created(store: EventStore) -> None:
    with pytest.raises(EventError, match="seq 1: a game starts with GameCreated, not NoteAdded"):
        store.create_game("g1", **PINS, events=[note()])
    assert store.games() == []


def test_an_invalid_first_event_writes_nothing(store: EventStore) -> None:
    bad = NewEvent(type="NoteAdded", payload={"author": "j", "text": "t", "about_seq": "1"})
    with pytest.raises(EventError, match="seq 2"):
        store.create_game("g1", **PINS, events=[NewEvent.of(created("g1")), bad])
    assert store.games() == []


def test_an_empty_game_left_by_an_older_riftlog_is_taken_over(store: EventStore) -> None:
    """A games row without events (an older riftlog killed between its two transactions)
    is completed by creating the game again; a game with events is never taken over."""
    raw(store, "INSERT INTO games (id, game_number, mode, rules_edition, catalog_version, "
               "engine_version, status, last_seq, last_hash, created_at) VALUES ('g1', 1, "
               "'duel', 'v1.3', 'old', 'old', 'open', 0, :h, '2026-01-01T00:00:00.000000Z')",
        h=GENESIS_HASH)
    info = store.create_game("g1", **PINS, events=first_events())
    assert (info.last_seq, info.catalog_version) == (3, PINS["catalog_version"])
    store.verify("g1").raise_if_bad()
    before = snapshot(store)
    with pytest.raises(AlreadyExists):
        store.create_game("g1", **PINS, events=first_events())
    assert snapshot(store) == before
