"""Hostile input (issue 16): deeply nested JSON, duplicate keys, integers beyond 64 bits.

Each is one clear error naming where (no traceback, no RecursionError), and nothing is
written.  A bounded Hypothesis fuzz (the ``ci`` profile: 25 derandomized examples) runs
hostile and random input through the library append (both backends), the CLI's ``play``
and ``append`` (click's CliRunner) and ``import``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riftlog.cli import main
from riftlog.errors import EventError, RiftlogError
from riftlog.events import NewEvent
from riftlog.events.canonical import MAX_DEPTH, loads
from riftlog.recorder import parse_decision
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore
from tests.store.helpers import new_game, note, snapshot
from tests.usecases.helpers import duel

DEEP = "[" * 100_000 + "]" * 100_000
MULLIGAN = '{"type": "MulliganChosen", "player": "p1", "set_aside": %s}'


def nested(depth: int) -> Any:
    """A list nested *depth* deep, built without recursion."""
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value


# --- the parser and parse_decision ------------------------------------------------------


@pytest.mark.parametrize(("text", "message"), [
    (DEEP, "input: JSON nested too deeply (more than 64 levels)"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested too deeply"),
    ('{"a": 1, "a": 2}', 'input: duplicate key "a" in a JSON object'),
    ('{"n": 9223372036854775808}', "integer 9223372036854775808 is out of range"),
    ('{"n": -9223372036854775809}', "is out of range"),
    ("1" * 5000, "is out of range"),
    ('{"n": NaN}', "NaN is not a JSON number"),
    ('{"n": 1e999}', "out of range"),
])
def test_the_parser_refuses_hostile_json_in_one_line(text: str, message: str) -> None:
    with pytest.raises(EventError, match=message.replace("(", r"\(").replace(")", r"\)")):
        loads(text)


def test_the_parser_keeps_what_is_fine() -> None:
    fine = nested(MAX_DEPTH)
    assert loads(json.dumps(fine)) == fine
    assert loads('{"n": 9223372036854775807, "m": -9223372036854775808}') == \
        {"n": 2**63 - 1, "m": -(2**63)}


@pytest.mark.parametrize("text", [MULLIGAN % DEEP,
                                  '{"type": "MulliganChosen", "player": "p2", "player": "p1"}'])
def test_parse_decision_refuses_hostile_text(text: str) -> None:
    with pytest.raises(EventError, match="decision: "):
        parse_decision(text)


def test_parse_decision_refuses_a_deep_object() -> None:
    with pytest.raises(RiftlogError):
        parse_decision({"type": "MulliganChosen", "player": "p1", "set_aside": nested(5000)})


# --- the library append (both backends) ----------------------------------------------


@pytest.mark.parametrize("payload", [
    {"author": "j", "text": "t", "about_seq": 2**70},
    {"author": "j", "text": "t", "about_seq": nested(5000)},
    {"author": "j", "text": nested(50_000)},
])
def test_append_refuses_hostile_payloads(store: EventStore, payload: dict[str, Any]) -> None:
    new_game(store)
    store.append("g1", [note()], 0)
    before = snapshot(store)
    with pytest.raises(EventError, match="game g1 seq 2"):
        store.append("g1", [NewEvent(type="NoteAdded", payload=payload)], 1)
    assert snapshot(store) == before


_leaf = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | \
    st.text(max_size=8)
_values = st.recursive(_leaf, lambda c: st.lists(c, max_size=3) |
                       st.dictionaries(st.text(max_size=6), c, max_size=3), max_leaves=12)
_types = st.sampled_from(["NoteAdded", "RulingGiven", "GameRewound", "MulliganChosen",
                          "PenaltyIssued", "NoSuchEvent"])
_fields = st.sampled_from(["author", "text", "about_seq", "judge", "to_seq", "player",
                           "set_aside", "rule_ids", "type", "reason"])
class Deep:
    """A list nested *depth* deep, drawn by Hypothesis as its depth (so that printing an
    example never recurses); :func:`built` makes it."""

    def __init__(self, depth: int) -> None:
        self.depth = depth

    def __repr__(self) -> str:
        return f"nested({self.depth})"


def built(value: Any) -> Any:
    """*value* with a top-level :class:`Deep` (or one in a top-level dict) made."""
    if isinstance(value, Deep):
        return nested(value.depth)
    if isinstance(value, dict):
        return {k: built(v) if isinstance(v, Deep) else v for k, v in value.items()}
    return value


def _payloads_of(deepest: int) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.dictionaries(_fields, _values | st.integers(2**63, 2**80), max_size=5),
        st.dictionaries(_fields, st.integers(1, deepest).map(Deep), min_size=1, max_size=2),
        _values,
    )


_payloads = _payloads_of(3000)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(kind=_types, payload=_payloads)
def test_fuzz_library_append_writes_nothing_it_refuses(
        store: EventStore, kind: str, payload: Any) -> None:
    payload = built(payload)
    if not store.games():
        new_game(store)
    before = snapshot(store)
    seq = store.last_seq("g1")
    try:
        NewEvent(type=kind, payload=payload)
    except ValueError:
        return  # not even an event (the payload is not an object)
    try:
        store.append("g1", [NewEvent(type=kind, payload=payload)], seq)
    except RiftlogError:
        assert snapshot(store) == before
    else:
        (ev,) = list(store.read("g1", seq + 1, seq + 1, verify=True))
        assert ev.decoded().type == kind


# --- the CLI: play, append, import ---------------------------------------------------


@pytest.fixture
def cli_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A SQLite store with a seeded duel g1 awaiting p1's mulligan (seeds in its folder)."""
    monkeypatch.setenv("RIFTLOG_SECRETS", str(tmp_path / "secrets"))
    db = str(tmp_path / "riftlog.db")
    with EventStore.open(db, check=False, create=True) as store:
        store.upgrade()
        duel(store, "g1", keeper=SeedKeeper(tmp_path / "secrets"), snapshot_every=5)
    yield db


def _run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def _one_line_error_or_ok(result: Result) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    if result.exit_code != 0:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr


def _rows(db: str) -> list[tuple[Any, ...]]:
    with EventStore.open(db) as store:
        return snapshot(store)


@pytest.mark.parametrize(("args", "message"), [
    (["play", "g1", MULLIGAN % DEEP], "error: decision: JSON nested too deeply"),
    (["play", "g1", '{"type": "MulliganChosen", "player": "p2", "player": "p1", '
                    '"set_aside": []}'], 'error: decision: duplicate key "player"'),
    (["append", "g1", "--type", "NoteAdded", "--payload", DEEP],
     "error: --payload: JSON nested too deeply"),
    (["append", "g1", "--type", "NoteAdded", "--payload",
      '{"author": "a", "text": "t", "about_seq": 99999999999999999999}'],
     "error: --payload: integer 99999999999999999999 is out of range"),
    (["--as", "judge:a", "append", "g1", "--type", "RulingGiven", "--payload",
      '{"judge": "a", "text": "t", "about_seq": true}'], "about_seq"),
])
def test_cli_refuses_hostile_input_in_one_line(cli_db: str, args: list[str], message: str) -> None:
    before = _rows(cli_db)
    result = _run(*args, "--db", cli_db) if "append" in args[:3] else \
        _run("--db", cli_db, *args)
    assert result.exit_code == 1
    _one_line_error_or_ok(result)
    assert message in result.stderr
    assert _rows(cli_db) == before


_texts = st.one_of(
    _values.map(json.dumps),
    _payloads_of(500).map(lambda p: json.dumps(built(p))),  # (json.dumps recurses)
    st.integers(1, 3000).map(lambda d: MULLIGAN % ("[" * d + "]" * d)),
    st.tuples(_fields, _values, _values).map(
        lambda t: f'{{"type": "MulliganChosen", "{t[0]}": {json.dumps(t[1])}, '
                  f'"{t[0]}": {json.dumps(t[2])}}}'),
    st.integers(2**63, 2**90).map(lambda n: '{"type": "NoteAdded", "author": "a", "text": "t",'
                                            f' "about_seq": {n}}}'),
    st.text(max_size=40),
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(text=_texts)
def test_fuzz_cli_play_and_append(cli_db: str, text: str) -> None:
    for args in (["--db", cli_db, "play", "g1", "--", text],
                 ["append", "g1", "--type", "NoteAdded", "--payload", text, "--db", cli_db]):
        before = _rows(cli_db)
        result = _run(*args)
        _one_line_error_or_ok(result)
        if result.exit_code != 0:
            assert _rows(cli_db) == before


@pytest.fixture
def bundle_text(cli_db: str) -> str:
    result = _run("export", "g1", "--db", cli_db)
    assert result.exit_code == 0
    return result.stdout


_edits = st.one_of(
    st.integers(1, 3000).map(lambda d: ('"notes": {}', '"notes": ' + "[" * d + "]" * d)),
    st.integers(2**63, 2**90).map(lambda n: ('"game_number": 1', f'"game_number": {n}')),
    st.integers(2**63, 2**90).map(lambda n: ('"seq": 2', f'"seq": {n}')),
    st.just(('"format":', '"format": "riftlog-bundle", "format":')),
    st.just(('"seq": 1,', '"seq": 1, "seq": 1,')),
    st.tuples(st.integers(0, 400), st.text(max_size=6)).map(lambda t: (t[0], t[1])),
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(edit=_edits)
def test_fuzz_import_writes_nothing_it_refuses(tmp_path_factory: pytest.TempPathFactory,
                                               bundle_text: str, edit: tuple[Any, str]) -> None:
    where, what = edit
    if isinstance(where, int):  # splice random text into the bundle
        at = len(bundle_text) * where // 400
        text = bundle_text[:at] + what + bundle_text[at:]
    else:
        text = bundle_text.replace(where, what, 1)
    folder = tmp_path_factory.mktemp("import")
    (folder / "b.json").write_text(text, encoding="utf-8")
    dst = str(folder / "dst.db")
    result = _run("import", str(folder / "b.json"), "--db", dst)
    _one_line_error_or_ok(result)
    if result.exit_code != 0 and Path(dst).exists():
        with EventStore.open(dst) as store:
            assert store.games() == []
