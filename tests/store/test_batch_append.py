"""The batch append's shortcuts (issue 26) store exactly what the plain path stores: orjson
writes a plain payload's canonical form, each actor and each note's author is checked once
per batch, and the returned events are built on first use."""

from __future__ import annotations

import json
import tempfile
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from riftlog.errors import EventError, NotPermitted
from riftlog.events import NewEvent, StoredEvent, canonical_bytes, canonical_json, chain_hash
from riftlog.events.actor import Actor
from riftlog.events.canonical import (
    INT_MAX,
    INT_MIN,
    MAX_DEPTH,
    check_limits,
    check_plain_limits,
    plain_canonical_json,
)
from riftlog.events.registry import canonical_payload, payload_model, short_errors, upcast
from riftlog.store import EventStore
from riftlog.store.codec import AppendedEvents
from tests.store.helpers import new_game, note, snapshot

# every code point but lone surrogates (which no store can hold), and the ones JSON escapes
text = st.text(st.characters(exclude_categories=["Cs"]), max_size=30) | st.sampled_from(
    ["", "\x00\x1f\x7f\"\\/\b\f\n\r\t", "\u2028\u2029é😀ﬀ", "x" * 200])
keys = text | st.sampled_from(["type", "author", "a", "B", "é", "😀", "\x00"])
ints = st.integers(INT_MIN, INT_MAX) | st.sampled_from([INT_MIN, INT_MAX, 0, -1, 2**53 + 1])
plain_values = st.recursive(
    st.none() | st.booleans() | ints | text,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(keys, children, max_size=4),
    max_leaves=16,
)
plain_objects = st.dictionaries(keys, plain_values, max_size=6)


@given(plain_objects)
def test_orjson_writes_a_plain_object_as_the_standard_encoder_does(value: dict[str, Any]) -> None:
    assert check_plain_limits(value) is True
    assert plain_canonical_json(value) == canonical_json(value)


@pytest.mark.parametrize("odd", [1.5, 1e16, 1e-7, -0.0, 2.0])
def test_a_float_is_not_plain(odd: float) -> None:
    """orjson writes some floats otherwise (``1e16`` against json's ``1e+16``)."""
    assert check_plain_limits({"a": [{"b": odd}]}) is False


def test_a_subclass_or_a_tuple_root_is_not_plain() -> None:
    class Text(str):
        pass

    class Number(int):
        pass

    assert check_plain_limits({"a": Text("x")}) is False
    assert check_plain_limits({"a": [Number(3)]}) is False
    assert check_plain_limits(["a"]) is False  # only an object is written by orjson
    assert check_plain_limits({"a": ("x", 1, None, True)}) is True


def test_too_deep_or_out_of_range_is_refused_as_check_limits_refuses_it() -> None:
    deep: Any = "x"
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    for bad in ({"a": deep}, {"a": [INT_MAX + 1]}, {"a": {"b": INT_MIN - 1}}):
        with pytest.raises(EventError) as caught:
            check_plain_limits(bad, "game g seq 3")
        with pytest.raises(EventError) as reference:
            check_limits(bad, "game g seq 3")
        assert str(caught.value) == str(reference.value)


def test_what_orjson_refuses_falls_back_to_the_standard_encoder() -> None:
    lone = {"a": "\ud800"}  # orjson refuses a lone surrogate; json writes it (UTF-8 then fails)
    assert plain_canonical_json(lone) == canonical_json(lone)


def _reference_payload(event_type: str, version: int, data: Any, where: str) -> str:
    """canonical_payload as it was before the orjson path (the standard encoder only)."""
    if not isinstance(data, dict):
        raise EventError(f"{where}: payload must be a JSON object, got {type(data).__name__}")
    model = payload_model(event_type, where)
    check_limits(data, where)
    current = data if version == model.SCHEMA_VERSION else upcast(event_type, version, data, where)
    given_ = current.get("type", event_type)
    if given_ != event_type:
        shown = repr(given_)[:60] if isinstance(given_, str) else f"a {type(given_).__name__}"
        raise EventError(f"{where}: payload type {shown} differs from event type {event_type!r}")
    try:
        text_ = canonical_json({**current, "type": event_type})
    except EventError as exc:
        raise EventError(f"{where}: invalid {event_type} payload: {exc}") from None
    try:
        payload = model.__pydantic_validator__.validate_json(text_, strict=True)
    except ValidationError as exc:
        raise EventError(f"{where}: invalid {event_type} payload: {short_errors(exc)}") from None
    if version != model.SCHEMA_VERSION:
        return canonical_json(data)
    return canonical_json(payload.model_dump(mode="json"))


anything = plain_values | st.floats(allow_nan=False, allow_infinity=False) | st.lists(
    st.floats(allow_nan=False, allow_infinity=False), max_size=3)
fields = st.fixed_dictionaries({}, optional={
    "author": text | ints, "text": text | st.none(), "about_seq": ints | st.none() | text,
    "judge": text, "to_seq": ints | text, "reason": text, "player": text,
    "rule_ids": st.lists(text, max_size=3), "type": st.sampled_from(
        ["NoteAdded", "ChoiceMade", "Other"]), "choice": st.dictionaries(keys, anything),
    "reported": st.none() | st.dictionaries(keys, anything), "extra": anything})


@given(st.sampled_from(["NoteAdded", "RulingGiven", "GameRewound", "ChoiceMade", "TurnEnded"]),
       fields)
def test_a_payload_is_stored_as_the_standard_encoder_wrote_it(event_type: str,
                                                               data: dict[str, Any]) -> None:
    """The same canonical text, or the same error, as before orjson."""
    version = payload_model(event_type).SCHEMA_VERSION
    try:
        expected = _reference_payload(event_type, version, data, "game g seq 2")
    except EventError as exc:
        with pytest.raises(EventError) as caught:
            canonical_payload(event_type, version, data, "game g seq 2")
        assert str(caught.value) == str(exc)
        return
    assert canonical_payload(event_type, version, data, "game g seq 2") == expected


# hashes the code before these shortcuts gave for the batch of test_stored_bytes_are_pinned
PINNED = [
    "2386582b13ba1d37ed64827a16a96a9e52b690eee7e51ab6db8c14698dbfe51b",
    "388750947797203a4b84b78aad3f1a96be7b71ac94d084cdae44bf58276ff583",
    "0c1033d656147604a31f12c8cecef0bea0b98897a2e458f02b7953e430eaebca",
    "930cbc9447f462841a2dabffdc470f822404a7dd56a419050af6deffaa3fa413",
]


def test_stored_bytes_are_pinned(store: EventStore) -> None:
    """The hashes the code before orjson and lazy events stored for the same batch."""
    store.create_game("g1", mode="duel", rules_edition="v1.3", catalog_version="2026-03",
                      engine_version="0.1.0")
    store.clock = lambda: "2026-11-27T21:00:00.000000Z"
    texts = ["plain", "é\u2028\x00\x1f\"\\\t\n😀 ﬀ", "x" * 300, ""]
    batch = [NewEvent(type="NoteAdded",
                      payload={"text": t, "author": "judge-1"}
                      | ({"about_seq": INT_MAX} if i == 2 else {}),
                      client_event_id=f"c{i}" if i % 2 else None)
             for i, t in enumerate(texts)]
    got = store.append("g1", batch, 0, actor=Actor.judge("judge-1"))
    assert [e.hash for e in got] == PINNED
    assert [e.hash for e in store.read("g1", verify=True)] == PINNED


@given(st.lists(st.tuples(text, st.none() | st.integers(1, INT_MAX)), min_size=1, max_size=6))
def test_each_stored_hash_is_the_standard_encoders(notes: list[tuple[str, int | None]]) -> None:
    """Appended through the batch path, every event hashes as the reference encoder says
    (canonical_bytes of its body, json's encoder) and reads back equal."""
    with tempfile.TemporaryDirectory() as d, \
            EventStore.open(f"{d}/s.db", check=False, create=True) as store:
        store.upgrade()
        new_game(store)
        batch = [NewEvent(type="NoteAdded",
                          payload={"author": "judge-1", "text": t, "about_seq": s})
                 for t, s in notes]
        got = store.append("g1", batch, 0, actor=Actor.judge("judge-1"))
        prev = got[0].prev_hash
        for ev, (t, s) in zip(got, notes, strict=True):
            assert ev.payload == {"author": "judge-1", "text": t, "about_seq": s,
                                  "type": "NoteAdded"}
            assert ev.hash == chain_hash(prev, canonical_bytes(ev.body())) == ev.computed_hash()
            prev = ev.hash
        assert list(got) == list(store.read("g1", verify=True))


def test_the_returned_events_are_built_on_first_use_and_equal_what_is_read(
        store: EventStore) -> None:
    new_game(store)
    got = store.append("g1", [note(f"n{i}", cid=f"c{i}") for i in range(5)], 0)
    assert isinstance(got, AppendedEvents)
    read = list(store.read("g1", verify=True))
    assert len(got) == 5 and got == read and read == got and list(got) == read
    assert got[-1] == read[-1] and got[-1] is got[4]  # built once, kept
    assert got[1:3] == read[1:3] and got[::-1] == read[::-1]
    assert [e.seq for e in got] == [1, 2, 3, 4, 5]
    assert got + [] == read and [] + got == read  # noqa: RUF005 - the operators themselves
    assert repr(got) == repr(read)
    with pytest.raises(IndexError, match="index 5 out of range"):
        got[5]
    # each is what a validated model of the same fields is
    for ev in got:
        assert StoredEvent.model_validate(ev.model_dump()) == ev
        assert json.loads(canonical_json(ev.payload)) == ev.payload


def test_a_second_author_in_a_batch_is_still_checked(store: EventStore) -> None:
    """Each author's permission is checked once per batch: a batch whose later note names
    another author is refused at that note's seq, and nothing is written."""
    new_game(store)
    before = snapshot(store)
    judge = Actor.judge("judge-1")
    other = NewEvent(type="NoteAdded", payload={"author": "judge-2", "text": "t"})
    with pytest.raises(NotPermitted, match=r"game g1 seq 3: .*its author is 'judge-2'"):
        store.append("g1", [note("a", actor=None), note("b", actor=None), other,
                            note("c", actor=None)], 0, actor=judge)
    assert snapshot(store) == before
    ok = [note(t, actor=None) for t in "abc"]
    assert len(store.append("g1", ok, 0, actor=judge)) == 3
