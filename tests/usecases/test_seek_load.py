"""What a seek loads before its fold (issue 26, SEEK): the snapshot and its tail read in one
cursor (``EventStore.seek_snapshot``), the line loaded without a set of every seq, the
game's creation taken from seq 1's stored hash; a seek still gives what folding from the
start gives, skips stale, edited and unvouched snapshots, and a corrupt vouched row still
only costs a fold from the start (and is named by ``check_snapshots``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import text

from riftlog import ENGINE_VERSION, reducer_line, reducer_snapshots
from riftlog.events.payloads import GameRewound
from riftlog.reducer import Folder, Line, check_snapshots, state_at, state_hash
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore
from tests.usecases.helpers import bot_game, fold_hashes

# --- the line ----------------------------------------------------------------------------


def _note() -> object:
    return object()  # any payload that is neither a rewind nor a correction


@given(st.lists(st.one_of(st.none(), st.integers(1, 40)), max_size=60),
       st.lists(st.integers(0, 60), max_size=8))
def test_a_loaded_line_is_the_line_it_was_saved_from(steps: list[int | None],
                                                     probes: list[int]) -> None:
    """Line.from_json(line.to_json(seq)) answers, copies and grows as the full line does
    (None: an event; n: a rewind to n, when n is before it)."""
    line = Line()
    seq = 0
    for step in steps:
        seq += 1
        if step is not None and step < seq:
            line.add(seq, GameRewound(judge="j", to_seq=step))
        else:
            line.add_plain(seq)
    loaded = Line.from_json(line.to_json(seq))
    assert loaded.seqs == line.seqs
    assert loaded.to_json(seq) == line.to_json(seq)
    for probe in [*probes, 0, seq, seq + 1, "x", 1.0, True, float(seq)]:
        assert (probe in loaded) == (probe in line)
        assert (probe in Line.from_json(line.to_json(seq))) == (probe in line)
    copied = loaded.copy()
    for more in (seq + 1, seq + 2):
        copied.add_plain(more)
        line.add_plain(more)
    copied.add(seq + 3, GameRewound(judge="j", to_seq=max(1, seq)))
    line.add(seq + 3, GameRewound(judge="j", to_seq=max(1, seq)))
    assert copied.seqs == line.seqs and copied.to_json(seq + 3) == line.to_json(seq + 3)
    assert all((s in copied) == (s in line) for s in range(seq + 5))
    assert loaded.seqs == line.seqs[:len(loaded.seqs)] or seq == 0  # the copy is its own


def test_loaded_lines_share_no_list() -> None:
    a = Line.from_json({"seq": 3000, "voided": [], "corrections": []})
    b = Line.from_json({"seq": 10, "voided": [], "corrections": []})
    a.add_plain(3001)
    assert a.seqs == list(range(1, 3002)) and b.seqs == list(range(1, 11))
    assert reducer_line._first_seqs(5) == [1, 2, 3, 4, 5] and reducer_line._first_seqs(0) == []


# --- seeks on both backends --------------------------------------------------------------





def test_random_seeks_equal_folding_from_the_start(
        store: EventStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bot_game(store, "g", 7, turns=5, finish=False, snapshot_every=5,
             keeper=SeedKeeper(tmp_path / "seeds"))
    expected = fold_hashes(store, "g")
    reads: list[int] = []
    real = store.seek_snapshot

    def counted(game_id: str, engine_version: str, seq: int) -> object:
        reads.append(seq)
        return real(game_id, engine_version, seq)

    monkeypatch.setattr(store, "seek_snapshot", counted)
    rng = random.Random(4)
    seqs = [rng.randint(1, len(expected)) for _ in range(30)]
    for seq in seqs:
        assert state_hash(state_at(store, "g", seq).state) == expected[seq - 1], seq
    assert len(reads) >= 20  # the one-cursor read served the seeks


def test_stale_edited_and_unvouched_snapshots_are_skipped_by_a_seek(
        store: EventStore, tmp_path: Path) -> None:
    bot_game(store, "g", 7, turns=4, finish=False, snapshot_every=5,
             keeper=SeedKeeper(tmp_path / "seeds"))
    expected = fold_hashes(store, "g")
    with store.engine.connect() as conn:
        seqs = [int(r[0]) for r in conn.execute(text(
            "SELECT seq FROM snapshots WHERE game_id = 'g' AND seq <= 22 ORDER BY seq"))]
    assert len(seqs) >= 4
    edited, stale, unvouched = seqs[-1], seqs[-2], seqs[-3]
    assert state_hash(state_at(store, "g", 22).state) == expected[21]  # accepted once
    with store.engine.begin() as conn:
        row = conn.execute(text("SELECT state_json FROM snapshots WHERE game_id = 'g' "
                                "AND seq = :s"), {"s": seqs[0]}).one()
        # one holds another seq's state (edited), one is stale, one has no proof
        conn.execute(text("UPDATE snapshots SET state_json = :t WHERE game_id = 'g' "
                          "AND seq = :s"), {"t": row[0], "s": edited})
        conn.execute(text("UPDATE snapshots SET event_hash = :h WHERE game_id = 'g' "
                          "AND seq = :s"), {"h": "0" * 64, "s": stale})
        conn.execute(text("UPDATE snapshots SET proof = NULL WHERE game_id = 'g' "
                          "AND seq = :s"), {"s": unvouched})
    used: list[int] = []
    real = reducer_snapshots._from_snapshot

    def spy(store_: EventStore, game_id: str, seq: int, snap: object, **kw: object) -> object:
        used.append(snap.seq)  # type: ignore[attr-defined]
        return real(store_, game_id, seq, snap, **kw)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(reducer_snapshots, "_from_snapshot", spy)
        for seq in (22, 21, edited, stale, unvouched, seqs[0]):
            assert state_hash(state_at(store, "g", seq).state) == expected[seq - 1], seq
    assert used and not {edited, stale, unvouched} & set(used)  # none of them used


def test_a_corrupt_vouched_snapshot_costs_a_fold_and_is_named(
        store: EventStore, tmp_path: Path) -> None:
    bot_game(store, "g", 7, turns=4, finish=False, snapshot_every=5,
             keeper=SeedKeeper(tmp_path / "seeds"))
    expected = fold_hashes(store, "g")
    key = store.snapshot_key()
    snap = store.latest_snapshot("g", ENGINE_VERSION, 20)
    assert key is not None and snap is not None and snap.seq == 20
    for bad in ("{not json", "[]", '{"state": {"layout": "x", "z": "!"}, "line": 3}'):
        with store.engine.begin() as conn:  # (as if the key had vouched for it)
            conn.execute(text("UPDATE snapshots SET state_json = :t, proof = :p "
                              "WHERE game_id = 'g' AND seq = 20"),
                         {"t": bad, "p": key.proof("g", 20, ENGINE_VERSION, snap.event_hash, bad)})
        for seq in (20, 21):
            assert state_hash(state_at(store, "g", seq).state) == expected[seq - 1]
        assert "snapshot at seq 20 differs" in str(check_snapshots(store, "g"))


def test_the_creation_is_read_again_when_seq_1_differs(tmp_path: Path) -> None:
    """The creation kept per thread is keyed by seq 1's stored hash: another game (or
    store) with another seq 1 reads and parses its own."""
    from tests.usecases.helpers import new_store

    store = new_store(tmp_path / "a")
    bot_game(store, "g", 7, turns=2, finish=False, snapshot_every=5)
    bot_game(store, "h", 8, turns=2, finish=False, snapshot_every=5)
    for game in ("g", "h", "g"):
        expected = fold_hashes(store, game)
        for seq in (6, 12, len(expected)):
            assert state_hash(state_at(store, game, seq).state) == expected[seq - 1]


# --- the packed state's "short" mark -----------------------------------------------------


def test_a_state_is_marked_short_only_without_a_19_digit_run(tmp_path: Path) -> None:
    """encode_state marks a packed tree "short" (orjson then reads it without the look for
    19 digits in a row) only when it has no such run; either way it loads to the same
    state, and a huge integer (which orjson would read as a float) stays exact."""
    from riftlog.snapshot_codec import decode_state, encode_state, unpack
    from tests.usecases.helpers import new_store

    store = new_store(tmp_path)
    bot_game(store, "g", 7, turns=2, finish=False, snapshot_every=0)
    state = state_at(store, "g").state
    assert state is not None
    form = encode_state(state)
    assert form["short"] == 1
    assert decode_state(dict(form)) == state
    for huge in (10**30, 18446744073709551616, -(2**63) - 1, 1234567890123456789):
        state.extra["n"] = huge
        state.extra["s"] = "x" * 3
        form = encode_state(state)
        assert "short" not in form  # 19 digits or more in a row
        loaded = decode_state(dict(form))
        assert loaded == state and type(loaded.extra["n"]) is int
    state.extra["n"] = 123456789012345678  # 18 digits: short
    state.extra["s"] = "id-12345678901234567-x"  # (17 digits in a string)
    form = encode_state(state)
    assert form["short"] == 1 and decode_state(dict(form)) == state
    state.extra["s"] = "id-1234567890123456789"  # 19 digits, in a string
    assert "short" not in encode_state(state)
    assert unpack(form["z"], short=True) == unpack(form["z"])


def test_snapshots_written_before_the_mark_still_load(tmp_path: Path) -> None:
    from tests.usecases.helpers import new_store

    store = new_store(tmp_path)
    bot_game(store, "g", 7, turns=3, finish=False, snapshot_every=5)
    expected = fold_hashes(store, "g")
    key = store.snapshot_key()
    assert key is not None
    with store.engine.begin() as conn:  # every snapshot as written before: no "short"
        for seq, h, body in conn.execute(text("SELECT seq, event_hash, state_json FROM "
                                              "snapshots WHERE game_id = 'g'")).all():
            assert '"short":1' in body
            old = body.replace(',"short":1', "")
            conn.execute(text("UPDATE snapshots SET state_json = :t, proof = :p WHERE "
                              "game_id = 'g' AND seq = :s"),
                         {"t": old, "s": seq,
                          "p": key.proof("g", seq, ENGINE_VERSION, h, old)})
    reducer_snapshots._LAST.__dict__.clear()
    for seq in range(5, len(expected) + 1, 3):
        assert state_hash(state_at(store, "g", seq).state) == expected[seq - 1]
    assert check_snapshots(store, "g").ok


def test_the_patches_key_of_a_line_without_corrections_is_the_constant() -> None:
    folder = Folder()
    for seq in (0, 1, 9, 4000):
        assert folder._patch_key(seq) == reducer_snapshots._NO_PATCHES


def test_the_objects_are_built_as_game_object_of_builds_them(tmp_path: Path) -> None:
    import dataclasses

    from riftlog.rules.board.state import GameObject, game_object_of
    from riftlog.snapshot_codec import _objects_of, plain
    from tests.usecases.helpers import new_store

    names = [f.name for f in dataclasses.fields(GameObject)]
    # a value of its declared type per field, told apart (the compiled classes check types)
    row = ["o1", "c1", "p1", "p2", "base", "base:p2", True, 3, False, True, False, "o2",
           True, "attacker", {"might": 2}]
    assert len(row) == len(names)
    built = _objects_of({"x": list(row)})["x"]
    assert [getattr(built, n) for n in names] == row
    assert built == game_object_of(list(row))
    store = new_store(tmp_path)
    bot_game(store, "g", 7, turns=2, finish=False, snapshot_every=0)
    state = state_at(store, "g").state
    assert state is not None
    rows = {k: list(plain(o)) for k, o in state.objects.items()}
    assert _objects_of({k: list(v) for k, v in rows.items()}) == \
        {k: game_object_of(list(v)) for k, v in rows.items()} == state.objects
    for bad in (row[:-1], [*row, 1]):
        with pytest.raises(ValueError):
            _objects_of({"x": bad})
