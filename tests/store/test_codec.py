"""The fast encoding paths equal the reference ones in riftlog.events (Hypothesis)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from riftlog.events import (
    GENESIS_HASH,
    StoredEvent,
    body_of,
    canonical_bytes,
    canonical_json,
    chain_hash,
)
from riftlog.store.codec import ChainChecker, body_text, decode_rows, event_hash, trusted_event

text = st.text(st.characters(exclude_categories=["Cs"]), max_size=40)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**80), 2**80)
    | text
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(text, children, max_size=4),
    max_leaves=12,
)
payloads = st.dictionaries(text, json_values, max_size=5)
envelopes = st.fixed_dictionaries(
    {
        "game_id": text.filter(bool),
        "seq": st.integers(1, 10**6),
        "type": text.filter(bool),
        "schema_version": st.integers(1, 9),
        "actor": st.none() | text,
        "payload": payloads,
        "client_event_id": st.none() | text,
        "recorded_at": text,
    }
)


def columns_of(env: dict[str, Any], payload: Any) -> tuple[Any, ...]:
    """The hashed columns of *env*, in the order body_text / body_of take them and the row
    stores them, with *payload* (JSON text or the dict) in the payload's place."""
    return (env["game_id"], env["seq"], env["type"], env["schema_version"], env["actor"],
            payload, env["client_event_id"], env["recorded_at"])


def row_of(env: dict[str, Any], prev: str, position: int = 1) -> tuple[Any, ...]:
    columns = columns_of(env, canonical_json(env["payload"]))
    body = body_text(*columns).encode()
    return (position, *columns, prev, event_hash(prev, body))


@given(json_values)
def test_canonical_json_round_trips_and_is_stable(value: Any) -> None:
    text_ = canonical_json(value)
    assert json.loads(text_) == value
    assert canonical_json(json.loads(text_)) == text_


@given(payloads)
def test_stored_payloads_parse_as_json_loads_does(payload: dict[str, Any]) -> None:
    text_ = canonical_json(payload)
    row = (1, "g", 1, "T", 1, None, text_, None, "t", "0" * 64, "0" * 64)
    assert decode_rows([row])[0].payload == json.loads(text_) == payload


@given(envelopes)
def test_spliced_body_equals_canonical_body(env: dict[str, Any]) -> None:
    spliced = body_text(*columns_of(env, canonical_json(env["payload"])))
    reference = canonical_bytes(body_of(*columns_of(env, env["payload"])))
    assert spliced.encode() == reference


@given(envelopes)
def test_trusted_event_equals_a_validated_event_and_round_trips(env: dict[str, Any]) -> None:
    row = row_of(env, GENESIS_HASH, position=7)
    fast = trusted_event(row, json.loads(row[6]))
    checked = StoredEvent(**env, prev_hash=GENESIS_HASH, hash=row[10], position=7)
    assert fast == checked
    assert fast.model_dump() == checked.model_dump()
    assert (
        fast.computed_hash() == row[10] == chain_hash(GENESIS_HASH, canonical_bytes(checked.body()))
    )
    assert StoredEvent.model_validate_json(fast.model_dump_json()) == checked
    assert decode_rows([row]) == [checked]


@given(st.lists(envelopes, min_size=1, max_size=6), st.data())
def test_chain_checker_accepts_a_chain_and_finds_one_edit(
    envs: list[dict[str, Any]], data: st.DataObject
) -> None:
    rows, prev = [], GENESIS_HASH
    for seq, env in enumerate(envs, 1):
        row = row_of({**env, "game_id": "g", "seq": seq}, prev)
        rows.append(row)
        prev = row[10]
    assert ChainChecker("g").check_rows(rows) is None
    i = data.draw(st.integers(0, len(rows) - 1))
    edited = list(rows[i])
    edited[8] = edited[8] + "x"  # recorded_at changed
    rows[i] = tuple(edited)
    checker = ChainChecker("g")
    assert checker.check_rows(rows) == i
    assert checker.bad_seq == i + 1 and "contents" in (checker.reason or "")
