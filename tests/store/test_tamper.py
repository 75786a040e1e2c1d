"""Tamper evidence: edits made with raw SQL (triggers dropped first) are found by verify.

Each test breaks the chain one way and checks that verify names the first bad seq, in a
game of lean rows (how riftlog stores events since migration 0008) and in one of old-form
rows (hex prev_hash and hash, as stores made before keep them).
"""

from __future__ import annotations

import pytest

from riftlog.errors import ChainBroken
from riftlog.store import EventStore
from tests.store.helpers import append_old_form, drop_append_only_triggers, fill, new_game, raw


@pytest.fixture(params=["lean", "old-form"])
def five(store: EventStore, request: pytest.FixtureRequest) -> EventStore:
    """A game g1 with five events (lean or old-form rows), and the append-only triggers
    dropped."""
    new_game(store)
    if request.param == "lean":
        fill(store, "g1", 5)
    else:  # on PostgreSQL the head trigger moves the head
        append_old_form(store, "g1", 5, move_head=store.target.backend == "sqlite")
    assert store.verify("g1").ok
    drop_append_only_triggers(store)
    return store


def bad(store: EventStore) -> tuple[int | None, str]:
    result = store.verify("g1")
    assert not result.ok
    return result.bad_seq, result.reason or ""


def test_edited_payload_is_found(five: EventStore) -> None:
    raw(
        five,
        """UPDATE events SET payload = '{"author":"judge-1","text":"n9","type":"NoteAdded"}'
                 WHERE game_id = 'g1' AND seq = 3""",
    )
    seq, reason = bad(five)
    assert seq == 3 and "does not match the event's contents" in reason


def test_whitespace_only_edit_is_found(five: EventStore) -> None:
    """The stored bytes are what is hashed, not their meaning."""
    raw(five, "UPDATE events SET payload = REPLACE(payload, ',', ', ') WHERE seq = 2")
    assert bad(five)[0] == 2


def test_edited_actor_is_found(five: EventStore) -> None:
    raw(five, "UPDATE events SET actor = 'someone-else' WHERE seq = 4")
    assert bad(five)[0] == 4


def test_deleted_middle_row_is_a_gap(five: EventStore) -> None:
    raw(five, "DELETE FROM events WHERE game_id = 'g1' AND seq = 2")
    seq, reason = bad(five)
    assert seq == 2 and "seq 2 is missing" in reason


def test_deleted_last_row_is_found_from_the_head(five: EventStore) -> None:
    raw(five, "DELETE FROM events WHERE game_id = 'g1' AND seq = 5")
    seq, reason = bad(five)
    assert seq == 5 and "head is seq 5" in reason


def test_deleted_last_row_with_head_rewound_is_found_by_the_seal(five: EventStore) -> None:
    last = five.game("g1")
    prev_hash = five.event("g1", 4).hash
    raw(
        five, "UPDATE games SET status = 'sealed', seal_hash = :h WHERE id = 'g1'", h=last.last_hash
    )
    raw(
        five,
        "DELETE FROM events WHERE game_id = 'g1' AND seq = 5",
        "UPDATE games SET last_seq = 4, last_hash = :h WHERE id = 'g1'",
        h=prev_hash,
    )
    seq, reason = bad(five)
    assert seq == 4 and "seal hash does not match" in reason


def test_reordered_rows_are_found(five: EventStore) -> None:
    """Swapping the seqs of events 2 and 3 breaks the link at seq 2 (an old-form row's
    stored link; a lean row's hash, which covers the hash of seq 1 it was chained to)."""
    raw(
        five,
        "UPDATE events SET seq = -2 WHERE game_id = 'g1' AND seq = 2",
        "UPDATE events SET seq = 2 WHERE game_id = 'g1' AND seq = 3",
        "UPDATE events SET seq = 3 WHERE game_id = 'g1' AND seq = -2",
    )
    seq, reason = bad(five)
    assert seq == 2 and ("prev_hash does not match the hash of seq 1" in reason
                         or "chained to the hash of seq 1 (this event was edited or moved" in reason)


def test_swapped_payloads_are_found(five: EventStore) -> None:
    raw(
        five,
        """UPDATE events SET payload = CASE seq WHEN 3 THEN
                     (SELECT payload FROM events WHERE game_id = 'g1' AND seq = 4)
                   ELSE (SELECT payload FROM events WHERE game_id = 'g1' AND seq = 3) END
                 WHERE game_id = 'g1' AND seq IN (3, 4)""",
    )
    assert bad(five)[0] == 3


def test_a_changed_seal_is_found(five: EventStore) -> None:
    five.seal("g1")
    raw(five, "UPDATE games SET seal_hash = :h WHERE id = 'g1'", h="a" * 64)
    seq, reason = bad(five)
    assert seq == 5 and "seal hash" in reason


def test_read_with_verify_stops_at_the_first_bad_seq(five: EventStore) -> None:
    raw(five, "UPDATE events SET recorded_at = '2000-01-01T00:00:00.000000Z' WHERE seq = 4")
    seen = []
    with pytest.raises(ChainBroken, match="breaks at seq 4") as exc:
        for ev in five.read("g1", verify=True):
            seen.append(ev.seq)
    assert seen == [1, 2, 3] and exc.value.seq == 4


def test_verify_all_reports_each_game(five: EventStore) -> None:
    new_game(five, "g2")
    fill(five, "g2", 2)
    raw(five, "DELETE FROM events WHERE game_id = 'g2' AND seq = 1")
    results = {r.game_id: r for r in five.verify_all()}
    assert results["g1"].ok
    assert not results["g2"].ok and results["g2"].bad_seq == 1


def test_a_broken_chain_is_not_sealed(five: EventStore) -> None:
    raw(five, "DELETE FROM events WHERE game_id = 'g1' AND seq = 3")
    with pytest.raises(ChainBroken, match="seq 3"):
        five.seal("g1")
    assert not five.game("g1").sealed
