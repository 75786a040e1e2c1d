"""The fast encoding paths equal the reference ones in riftlog.events (Hypothesis)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from riftlog.errors import ChainBroken, RiftlogError
from riftlog.events import (
    GENESIS_HASH,
    NewEvent,
    StoredEvent,
    body_of,
    canonical_bytes,
    canonical_json,
    chain_hash,
)
from riftlog.store.codec import (
    ChainChecker,
    body_text,
    decode_rows,
    event_digest,
    event_hash,
    stored_hash,
    trusted_event,
)
from riftlog.store.records import prepare_batch, prepare_event

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


def row_of(env: dict[str, Any], prev: str, position: int = 1, lean: bool = False
           ) -> tuple[Any, ...]:
    """An events row of *env* chained to *prev*: old-form (hex prev_hash and hash) or
    *lean* (migration 0008: only the 32-byte digest)."""
    columns = columns_of(env, canonical_json(env["payload"]))
    body = body_text(*columns).encode()
    if lean:
        return (position, *columns, None, None, event_digest(prev, body))
    return (position, *columns, prev, event_hash(prev, body), None)


@given(json_values)
def test_canonical_json_round_trips_and_is_stable(value: Any) -> None:
    text_ = canonical_json(value)
    assert json.loads(text_) == value
    assert canonical_json(json.loads(text_)) == text_


@given(payloads)
def test_stored_payloads_parse_as_json_loads_does(payload: dict[str, Any]) -> None:
    text_ = canonical_json(payload)
    row = (1, "g", 1, "T", 1, None, text_, None, "t", "0" * 64, "0" * 64, None)
    assert decode_rows([row])[0].payload == json.loads(text_) == payload


@given(envelopes)
def test_spliced_body_equals_canonical_body(env: dict[str, Any]) -> None:
    spliced = body_text(*columns_of(env, canonical_json(env["payload"])))
    reference = canonical_bytes(body_of(*columns_of(env, env["payload"])))
    assert spliced.encode() == reference


@given(envelopes)
def test_trusted_event_equals_a_validated_event_and_round_trips(env: dict[str, Any]) -> None:
    row = row_of(env, GENESIS_HASH, position=7)
    fast = trusted_event(row, json.loads(row[6]), GENESIS_HASH, row[10])
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


def _chain(envs: list[dict[str, Any]], lean_from: int) -> list[tuple[Any, ...]]:
    """Rows of *envs* as one game's chain: old-form before index *lean_from*, lean after
    (a store upgraded to 0008 in the middle of the game)."""
    rows, prev = [], GENESIS_HASH
    for i, env in enumerate(envs):
        row = row_of({**env, "game_id": "g", "seq": i + 1}, prev, lean=i >= lean_from)
        rows.append(row)
        prev = stored_hash(row)
    return rows


@given(st.lists(envelopes, min_size=1, max_size=6), st.data())
def test_lean_and_mixed_chains_read_and_verify_as_the_old_form(
    envs: list[dict[str, Any]], data: st.DataObject
) -> None:
    old = _chain(envs, len(envs))
    lean_from = data.draw(st.integers(0, len(envs)))
    mixed = _chain(envs, lean_from)
    assert ChainChecker("g").check_rows(mixed) is None
    assert decode_rows(mixed) == decode_rows(old)
    # a range not from seq 1 links its first lean row to the hash given before it
    if len(envs) > 1:
        assert decode_rows(mixed[1:], before=old[0][10]) == decode_rows(old)[1:]
        assert decode_rows(mixed[1:], hash_of=lambda g, s: old[s - 1][10]) == \
            decode_rows(old)[1:]


@given(st.lists(envelopes, min_size=2, max_size=6), st.data())
def test_a_lean_row_edited_or_replaced_is_named(envs: list[dict[str, Any]],
                                                 data: st.DataObject) -> None:
    rows = _chain(envs, data.draw(st.integers(0, len(envs))))
    i = data.draw(st.integers(0, len(rows) - 1))
    edited = list(rows[i])
    edited[8] = edited[8] + "x"  # recorded_at changed, hash left as it was
    checker = ChainChecker("g")
    assert checker.check_rows([*rows[:i], tuple(edited), *rows[i + 1:]]) == i
    assert checker.bad_seq == i + 1 and "contents" in (checker.reason or "")
    # the row replaced by one with a recomputed hash: the next row names it
    if i + 1 < len(rows):
        prev = GENESIS_HASH if i == 0 else stored_hash(rows[i - 1])
        env = {**envs[i], "game_id": "g", "seq": i + 1, "recorded_at": envs[i]["recorded_at"] + "x"}
        forged = row_of(env, prev, lean=rows[i][9] is None)
        checker = ChainChecker("g")
        assert checker.check_rows([*rows[:i], forged, *rows[i + 1:]]) == i + 1
        assert checker.bad_seq == i + 2
        assert f"seq {i + 1}" in (checker.reason or "")


def test_a_lean_row_without_a_well_formed_digest_is_named() -> None:
    env = {"game_id": "g", "seq": 1, "type": "T", "schema_version": 1, "actor": None,
           "payload": {}, "client_event_id": None, "recorded_at": "t"}
    row = row_of(env, GENESIS_HASH, lean=True)
    for bad in (None, b"short", "0" * 64):
        broken = (*row[:11], bad)
        checker = ChainChecker("g")
        assert checker.check_rows([broken]) == 0 and checker.bad_seq == 1
        assert "hash" in (checker.reason or "") or "digest" in (checker.reason or "")
        with pytest.raises(ChainBroken, match="seq 1"):
            decode_rows([broken])


new_events = st.builds(
    lambda p, actor, cid, at, v: NewEvent(type="NoteAdded", payload=p, actor=actor,
                                          client_event_id=cid, recorded_at=at, schema_version=v),
    st.fixed_dictionaries({"author": text.filter(bool), "text": text}),
    st.sampled_from([None, "judge:judge-1", "p1"]) | text.filter(bool),
    st.none() | text.filter(bool),
    st.none() | st.sampled_from(["2026-03-30T12:00:00.000000Z"]) | text.filter(bool),
    st.none() | st.just(1),
)


@given(text.filter(bool), st.integers(1, 10**6), st.lists(new_events, max_size=6))
def test_a_batch_prepares_as_its_events_one_by_one(game_id: str, first: int,
                                                   batch: list[NewEvent]) -> None:
    """prepare_batch (what it works out once per batch) == prepare_event of each event:
    the same bytes, or the same error for the first bad event."""
    now = "2026-11-27T19:00:00.000000Z"
    try:
        one_by_one = [prepare_event(game_id, first + i, ev, now) for i, ev in enumerate(batch)]
    except RiftlogError as exc:
        with pytest.raises(type(exc)) as caught:
            prepare_batch(game_id, first, batch, now)
        assert str(caught.value) == str(exc)
        return
    assert prepare_batch(game_id, first, batch, now) == one_by_one


@given(st.lists(envelopes, min_size=2, max_size=5), st.lists(envelopes, min_size=2, max_size=5))
def test_interleaved_lean_rows_of_two_games_link_without_reading(
        a: list[dict[str, Any]], b: list[dict[str, Any]]) -> None:
    """A feed page holds rows of several games in position order: each lean row links to
    its own game's previous row from the page, reading only what the page lacks."""
    def chain(game: str, envs: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        rows, prev = [], GENESIS_HASH
        for i, env in enumerate(envs):
            rows.append(row_of({**env, "game_id": game, "seq": i + 1}, prev, lean=True))
            prev = stored_hash(rows[-1])
        return rows

    ga, gb = chain("a", a), chain("b", b)
    feed = [r for pair in zip(ga, gb, strict=False) for r in pair]
    feed += ga[len(gb):] + gb[len(ga):]
    reads: list[tuple[str, int]] = []
    hashes = {(r[1], r[2]): stored_hash(r) for r in ga + gb}

    def hash_of(game: str, seq: int) -> str:
        reads.append((game, seq))
        return hashes[(game, seq)]

    page = decode_rows(feed[2:], hash_of=hash_of)  # seq 1 of each game is not in the page
    expected = {(e.game_id, e.seq): e for e in decode_rows(ga) + decode_rows(gb)}
    assert page == [expected[(e.game_id, e.seq)] for e in page]
    assert sorted(reads) == [("a", 1), ("b", 1)]


def _two_passes(rows: list[tuple[Any, ...]], checker: ChainChecker
                ) -> tuple[list[StoredEvent] | str, int | None]:
    """What reading did before issue 26: check_rows, then decode_rows of the good rows
    (the ChainBroken message when decoding raises)."""
    bad = checker.check_rows(rows)
    try:
        return decode_rows(rows[:bad] if bad is not None else rows), bad
    except ChainBroken as exc:
        return str(exc), bad


_TAMPERS = ("recorded_at", "payload", "not_object", "not_json", "digest", "short_digest",
            "seq_gap", "link", "memoryview")


def _tamper(row: tuple[Any, ...], how: str) -> tuple[Any, ...]:
    r = list(row)
    if how == "recorded_at":
        r[8] = r[8] + "x"
    elif how == "payload":
        r[6] = r[6][:-1] + ',"x":1}' if r[6] != "{}" else '{"x":1}'
    elif how == "not_object":
        r[6] = "[1, 2]"
    elif how == "not_json":
        r[6] = "{nope"
    elif how == "digest" and r[11] is not None:
        r[11] = bytes(32)
    elif how == "short_digest" and r[11] is not None:
        r[11] = b"\x01" * 31
    elif how == "seq_gap":
        r[2] = r[2] + 1
    elif how == "link" and r[9] is not None:
        r[9] = "f" * 64
    elif how == "memoryview" and r[11] is not None:
        r[11] = memoryview(r[11])
    return tuple(r)


@given(st.lists(envelopes, min_size=1, max_size=6), st.data())
def test_checking_and_decoding_in_one_pass_is_the_two_passes(
    envs: list[dict[str, Any]], data: st.DataObject
) -> None:
    """issue 26: ChainChecker.check_decode gives what check_rows then decode_rows gave, on
    old-form, lean and mixed chains, intact or with one row tampered with (the same events,
    the same first bad row and reason, the same error for a payload that is not an object)."""
    rows = _chain(envs, data.draw(st.integers(0, len(envs))))
    if data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(rows) - 1))
        rows[i] = _tamper(rows[i], data.draw(st.sampled_from(_TAMPERS)))
    old_checker, new_checker = ChainChecker("g"), ChainChecker("g")
    want, want_bad = _two_passes(rows, old_checker)
    try:
        got: list[StoredEvent] | str
        got, got_bad = new_checker.check_decode(rows)
    except ChainBroken as exc:
        got, got_bad = str(exc), want_bad
    assert got == want and got_bad == want_bad
    if isinstance(got, list):
        assert [ev.model_dump() for ev in got] == [ev.model_dump() for ev in want]
        for attr in ("bad_seq", "reason", "expected_seq", "prev_hash", "count"):
            assert getattr(new_checker, attr) == getattr(old_checker, attr), attr
