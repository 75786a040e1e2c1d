"""valid_snapshots(pick=) when more seqs are picked than one statement may name (issue 7)."""

from __future__ import annotations

import sqlite3

from riftlog.store import EventStore
from tests.store.helpers import new_game, note, put_vouched


def test_picking_more_seqs_than_a_statement_takes(sqlite_store: EventStore) -> None:
    store = sqlite_store
    new_game(store)
    stored = store.append("g1", [note(str(i)) for i in range(600)], 0)
    seqs = [ev.seq for ev in stored]
    for ev in stored:
        put_vouched(store, "g1", ev.seq, ev.hash, f'{{"at": {ev.seq}}}', "0.1.0")
    # a parameter cap below the picked count (SQLite before 3.32 takes 999); named one by
    # one, 600 seqs (plus the 3 fixed parameters) would be more
    store._raw_connection().setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 500)
    every = store.valid_snapshots("g1", "0.1.0", 600, pick=lambda s: s)
    assert [(s.seq, s.state_json) for s in every] == [
        (seq, f'{{"at": {seq}}}') for seq in reversed(seqs)]
    odd = store.valid_snapshots("g1", "0.1.0", 600, pick=lambda s: [x for x in s if x % 2])
    assert [s.seq for s in odd] == [seq for seq in reversed(seqs) if seq % 2]
    few = store.valid_snapshots("g1", "0.1.0", 600, pick=lambda s: [7, 3])
    assert [s.seq for s in few] == [7, 3]
