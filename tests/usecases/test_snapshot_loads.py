"""issue 26 (BOARD): ``snapshot_codec.loads`` (orjson, with the standard parser for what
orjson could read otherwise) gives exactly what ``json.loads`` gives, on any JSON text and on
the packed trees of real snapshots."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riftlog import ENGINE_VERSION
from riftlog.reducer import state_hash
from riftlog.snapshot_codec import decode_state, loads
from tests.usecases.helpers import bot_game, new_store

#: the 64-bit edges, where orjson's reading of an integer changes (beyond them: a float)
_EDGES = [2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1, 10**18, 10**19 - 1, 10**19]

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
    | st.integers(min_value=-(2**70), max_value=2**70) | st.sampled_from(_EDGES)
    | st.integers(min_value=-(10**25), max_value=10**25).map(lambda n: n * 10**10)
    | st.floats(width=32) | st.text() | st.from_regex(r"\A[0-9a-f.]{0,8}[0-9]{15,25}\Z")
    | st.from_regex(r"\A[0-9.eE+-]{1,30}\Z"),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=20)


def _same(a: Any, b: Any) -> bool:
    """Equal, with the same types all the way down (1 and 1.0 differ; NaN equals NaN)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


@settings(max_examples=300, deadline=None)
@given(value=_JSON)
def test_loads_is_json_loads(value: Any) -> None:
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False),
                 json.dumps(value, indent=1)):
        assert _same(loads(text), json.loads(text)), text
        assert _same(loads(text.encode()), json.loads(text.encode())), text


@settings(max_examples=200, deadline=None)
@given(digits=st.from_regex(r"\A-?[1-9][0-9]{14,24}\Z"), pad=st.sampled_from(["", " ", "\n "]),
       quoted=st.booleans())
def test_long_digit_runs_read_as_json_does(digits: str, pad: str, quoted: bool) -> None:
    """A number of 15 to 25 digits (the 19-digit guard's edge), bare or inside a string,
    alone or beside other values: the same value and type as ``json.loads``."""
    item = json.dumps(digits) if quoted else digits
    for text in (f"[{pad}{item}{pad}]", f'{{"a":{item},"b":"p1.m07","c":[1.5,2]}}',
                 f'["x{digits}y",{pad}{item}]'):
        assert _same(loads(text), json.loads(text)), text
        assert _same(loads(text.encode()), json.loads(text.encode())), text


@pytest.mark.parametrize("text", [
    "[123456789012345678901234567890]", "[18446744073709551615]", "[-9223372036854775809]",
    "[9223372036854775807]", "[1e400]", "[NaN, Infinity, -Infinity]", '{"a": 1, "a": 2}',
    '"\\ud800"', "[0.1234567890123456789]", '["\\ud800", 1]', '["\ud800"]',
    '["1234567890123456789"]', "[1234567890123456789]", "[-1234567890123456789]",
    "[12345678901234567890]", "[1234567890123456789.5]", "[1e19]", "[-0]", "[-0.0]"])
def test_loads_reads_what_orjson_would_read_otherwise_as_json_does(text: str) -> None:
    assert _same(loads(text), json.loads(text)), text


def test_loads_refuses_what_json_refuses() -> None:
    for text in ("[1,", "{'a': 1}", "", "[1] x"):
        with pytest.raises(ValueError):
            json.loads(text)
        with pytest.raises(ValueError):
            loads(text)


def test_snapshots_load_alike(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    bot_game(store, "g", 3, turns=6, snapshot_every=5, finish=False)
    snaps = store.valid_snapshots("g", ENGINE_VERSION, store.game("g").last_seq)
    assert len(snaps) > 5
    for snap in snaps:
        ours, theirs = loads(snap.state_json), json.loads(snap.state_json)
        assert _same(ours, theirs)
        assert state_hash(decode_state(ours["state"])) == state_hash(
            decode_state(theirs["state"]))
