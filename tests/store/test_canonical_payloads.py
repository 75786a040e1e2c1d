"""One byte form per event (issue 16): the store validates a payload strictly and stores
the validated canonical form, so one decision has one hash."""

from __future__ import annotations

from typing import Any

import pytest

from riftlog.errors import EventError
from riftlog.events import NewEvent
from riftlog.events.actor import Actor
from riftlog.store import EventStore
from tests.store.helpers import new_game, note, snapshot


@pytest.mark.parametrize("value", [True, "7", 7.0, "x"])
def test_an_integer_field_takes_only_a_json_integer(store: EventStore, value: Any) -> None:
    new_game(store)
    store.append("g1", [note()], 0)
    before = snapshot(store)
    ruling = {"judge": "j", "text": "t", "about_seq": value}
    with pytest.raises(EventError, match=r"game g1 seq 2: invalid RulingGiven payload: about_seq"):
        store.append("g1", [NewEvent(type="RulingGiven", payload=ruling)], 1)
    assert snapshot(store) == before


def test_a_raw_rewind_with_a_text_seq_is_refused(store: EventStore) -> None:
    new_game(store)
    store.append("g1", [note(), note(), note()], 0)
    before = snapshot(store)
    with pytest.raises(EventError, match="to_seq"):
        store.append("g1", [NewEvent(type="GameRewound",
                                     payload={"judge": "j", "to_seq": "3"})], 3)
    assert snapshot(store) == before


def test_a_boolean_field_takes_only_true_or_false(store: EventStore) -> None:
    new_game(store)
    with pytest.raises(EventError, match="invalid"):
        store.append("g1", [NewEvent(type="NoteAdded", payload={"author": 1, "text": "t"})], 0)


def test_one_payload_has_one_byte_form_and_one_hash(store: EventStore) -> None:
    """The same note given with and without its defaults, keys in any order, is stored as
    the same bytes (so two games that record it hash it alike)."""
    new_game(store, "a")
    new_game(store, "b")
    short = {"text": "t", "author": "j"}
    full = {"type": "NoteAdded", "about_seq": None, "author": "j", "text": "t"}
    store.clock = lambda: "2026-01-01T00:00:00.000000Z"  # the store stamps recorded_at
    (x,) = store.append("a", [NewEvent(type="NoteAdded", payload=short)], 0,
                        actor=Actor.judge("j"))
    (y,) = store.append("b", [NewEvent(type="NoteAdded", payload=full)], 0,
                        actor=Actor.judge("j"))
    assert x.payload == y.payload == full
    with store.engine.connect() as conn:
        rows = conn.exec_driver_sql("SELECT payload FROM events ORDER BY position").all()
    assert rows[0][0] == rows[1][0] == \
        '{"about_seq":null,"author":"j","text":"t","type":"NoteAdded"}'
