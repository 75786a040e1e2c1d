"""The store's contract, run against SQLite and PostgreSQL alike (``backend`` fixture)."""

from __future__ import annotations

import itertools
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riftlog.errors import (
    AlreadyExists,
    ConcurrencyConflict,
    EventError,
    GameSealed,
    StoreError,
    UnknownEventType,
    UnknownGame,
)
from riftlog.events import GENESIS_HASH, Actor, NewEvent, StoredEvent, canonical_bytes
from riftlog.events.payloads import NoteAdded, RulingGiven
from riftlog.store import EventStore
from tests.store.helpers import fill, new_game, note, put_vouched, raw, snapshot

# --- games ----------------------------------------------------------------------------


def test_create_game_pins_what_it_is_judged_under(store: EventStore) -> None:
    store.create_tournament("t1", "Regional")
    store.create_match("m1", tournament_id="t1", round=2, table="7", best_of=3)
    info = store.create_game("g1", "duel", "v1.3", "2026-03", "0.1.0", match_id="m1", game_number=2)
    assert (info.mode, info.rules_edition, info.catalog_version, info.engine_version) == (
        "duel",
        "v1.3",
        "2026-03",
        "0.1.0",
    )
    assert (info.match_id, info.game_number, info.status, info.last_seq) == ("m1", 2, "open", 0)
    assert info.last_hash == GENESIS_HASH
    assert [g.id for g in store.games()] == ["g1"]


def test_create_game_twice_is_refused(store: EventStore) -> None:
    new_game(store)
    with pytest.raises(AlreadyExists, match="game g1 already exists"):
        new_game(store)


def test_game_in_unknown_match_is_refused(store: EventStore) -> None:
    with pytest.raises(StoreError, match="no match m9"):
        new_game(store, match_id="m9")


def test_bad_game_id_is_refused(store: EventStore) -> None:
    with pytest.raises(StoreError, match="game id"):
        new_game(store, "bad id with spaces")


# --- append and read ------------------------------------------------------------------


def test_append_assigns_gapless_seqs_and_chains_hashes(store: EventStore) -> None:
    new_game(store)
    first = store.append("g1", [note("a")], 0)
    more = store.append("g1", [note("b"), note("c")], 1)
    stored = first + more
    assert [e.seq for e in stored] == [1, 2, 3]
    assert stored[0].prev_hash == GENESIS_HASH
    for prev, ev in itertools.pairwise(stored):
        assert ev.prev_hash == prev.hash
    assert all(e.computed_hash() == e.hash for e in stored)
    assert store.last_seq("g1") == 3


def test_read_returns_exactly_what_append_returned(store: EventStore) -> None:
    new_game(store)
    stored = store.append("g1", [note(f"n{i}", cid=f"c{i}") for i in range(5)], 0)
    assert list(store.read("g1")) == stored
    assert list(store.read("g1", 2, 4)) == stored[1:4]
    assert store.event("g1", 5) == stored[4]


def test_read_decodes_typed_payloads(store: EventStore) -> None:
    new_game(store)
    ruling = RulingGiven(judge="j1", text="the reaction resolves first", rule_ids=("v1.3 339",))
    store.append_judged("g1", [NewEvent.of(ruling)], 0, actor=Actor.judge("j1"))
    (ev,) = store.read("g1")
    assert ev.actor == "judge:j1"
    assert ev.decoded() == ruling


def test_read_streams_across_pages(store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    import riftlog.store.eventstore as es

    monkeypatch.setattr(es, "PAGE_SIZE", 3)
    new_game(store)
    store.append("g1", [note(f"n{i}") for i in range(10)], 0)
    assert [e.seq for e in store.read("g1", verify=True)] == list(range(1, 11))
    assert [e.seq for e in store.read("g1", 4, 9)] == list(range(4, 10))


def test_payload_is_stored_as_canonical_json(store: EventStore) -> None:
    """The validated form, defaults written out, keys sorted (issue 16: one byte form)."""
    new_game(store)
    store.append(
        "g1", [NewEvent(type="NoteAdded", payload={"text": "é ü", "author": "j"})], 0,
        actor=Actor.judge("j"),
    )
    (ev,) = store.read("g1")
    assert ev.payload == {"about_seq": None, "author": "j", "text": "é ü", "type": "NoteAdded"}
    assert ev.computed_hash() == ev.hash
    assert canonical_bytes(ev.payload) == \
        '{"about_seq":null,"author":"j","text":"é ü","type":"NoteAdded"}'.encode()


def test_recorded_at_is_set_by_the_store_not_the_client(store: EventStore) -> None:
    new_game(store)
    before = snapshot(store)
    ev = NewEvent(
        type="NoteAdded",
        payload={"author": "j", "text": "t"},
        recorded_at="2020-01-02T03:04:05.000006Z",
    )
    with pytest.raises(EventError, match="seq 1: recorded_at is stamped by the store"):
        store.append_one("g1", ev, 0, actor=Actor.judge("j"))
    assert snapshot(store) == before
    store.clock = lambda: "2026-01-02T03:04:05.000006Z"  # the store's own clock
    stamped = store.append_one("g1", ev.model_copy(update={"recorded_at": None}), 0,
                               actor=Actor.judge("j"))
    assert stamped.recorded_at == "2026-01-02T03:04:05.000006Z"


# --- refusals: nothing is written ------------------------------------------------------


def test_wrong_expected_seq_raises_conflict_naming_both(store: EventStore) -> None:
    new_game(store)
    fill(store, "g1", 3)
    before = snapshot(store)
    with pytest.raises(
        ConcurrencyConflict, match="expected last seq 1, but the store has 3"
    ) as exc:
        store.append("g1", [note()], 1)
    assert (exc.value.expected, exc.value.actual) == (1, 3)
    assert snapshot(store) == before


def test_unknown_game_is_refused(store: EventStore) -> None:
    with pytest.raises(UnknownGame, match="no game 'nope'"):
        store.append("nope", [note()], 0)
    with pytest.raises(UnknownGame):
        store.read("nope")
    with pytest.raises(UnknownGame):
        store.verify("nope")


def test_unknown_event_type_names_game_and_seq(store: EventStore) -> None:
    new_game(store)
    fill(store, "g1", 2)
    before = snapshot(store)
    with pytest.raises(UnknownEventType, match="game g1 seq 3: unknown event type 'Bogus'"):
        store.append("g1", [NewEvent(type="Bogus", payload={})], 2)
    assert snapshot(store) == before


def test_malformed_payload_names_game_seq_and_field(store: EventStore) -> None:
    new_game(store)
    before = snapshot(store)
    bad = NewEvent(type="NoteAdded", payload={"author": "j", "text": 5})
    with pytest.raises(EventError, match=r"game g1 seq 2: invalid NoteAdded payload: text"):
        store.append("g1", [note("fine"), bad], 0)
    assert snapshot(store) == before


def test_a_batch_with_one_bad_event_writes_nothing(store: EventStore) -> None:
    new_game(store)
    before = snapshot(store)
    with pytest.raises(EventError):
        store.append(
            "g1", [note("a"), note("b"), NewEvent(type="NoteAdded", payload={"author": "j"})], 0
        )
    assert snapshot(store) == before
    assert store.last_seq("g1") == 0


def test_a_batch_failing_inside_the_database_is_rolled_back(store: EventStore) -> None:
    """The whole batch is one transaction: a refusal at the third insert undoes the first two."""
    new_game(store)
    fill(store, "g1", 1)
    if store.target.backend == "sqlite":
        raw(
            store,
            """CREATE TRIGGER fail_seq_4 BEFORE INSERT ON events WHEN NEW.seq = 4
                      BEGIN SELECT RAISE(ABORT, 'injected failure'); END""",
        )
    else:
        raw(
            store,
            """CREATE FUNCTION fail_seq_4() RETURNS trigger LANGUAGE plpgsql AS $$
                      BEGIN IF NEW.seq = 4 THEN RAISE EXCEPTION 'injected failure'; END IF;
                      RETURN NEW; END $$""",
            "CREATE TRIGGER fail_seq_4 BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION fail_seq_4()",
        )
    before = snapshot(store)
    with pytest.raises(StoreError, match="injected failure"):
        store.append("g1", [note("2"), note("3"), note("4"), note("5")], 1)
    assert snapshot(store) == before
    assert store.verify("g1").ok


def test_duplicate_client_id_within_a_batch_is_refused(store: EventStore) -> None:
    new_game(store)
    with pytest.raises(EventError, match="appears twice"):
        store.append("g1", [note("a", cid="x"), note("b", cid="x")], 0)
    assert store.last_seq("g1") == 0


def test_negative_expected_seq_is_refused(store: EventStore) -> None:
    new_game(store)
    with pytest.raises(EventError, match="expected seq"):
        store.append("g1", [note()], -1)


# --- idempotent retries ----------------------------------------------------------------


def test_retry_with_same_client_id_returns_the_stored_event(store: EventStore) -> None:
    new_game(store)
    first = store.append_one("g1", note("a", cid="c-1"), 0)
    again = store.append_one("g1", note("a", cid="c-1"), 0)  # stale seq, as a retry has
    assert again == first
    assert store.last_seq("g1") == 1


def test_retry_after_later_events_still_returns_the_stored_event(store: EventStore) -> None:
    new_game(store)
    first = store.append_one("g1", note("a", cid="c-1"), 0)
    fill(store, "g1", 2, start=1)
    assert store.append_one("g1", note("a", cid="c-1"), 3) == first
    assert store.last_seq("g1") == 3


def test_retry_of_a_whole_batch_returns_the_batch(store: EventStore) -> None:
    new_game(store)
    batch = [note(f"n{i}", cid=f"b-{i}") for i in range(3)]
    stored = store.append("g1", batch, 0)
    assert store.append("g1", batch, 0) == stored
    assert store.last_seq("g1") == 3


def test_client_id_reused_for_a_different_event_is_refused(store: EventStore) -> None:
    new_game(store)
    store.append_one("g1", note("a", cid="c-1"), 0)
    with pytest.raises(EventError, match="already used for a different event"):
        store.append_one("g1", note("b", cid="c-1"), 0)
    with pytest.raises(EventError, match="already used for a different event"):
        store.append_one("g1", note("b", cid="c-1"), 1)


def test_client_ids_are_scoped_to_their_game(store: EventStore) -> None:
    """One game cannot squat another's client ids: each game has its own."""
    new_game(store, "g1")
    new_game(store, "g2")
    first = store.append_one("g1", note("a", cid="c-1"), 0)
    other = store.append_one("g2", note("b", cid="c-1"), 0)
    assert (other.game_id, other.seq, other.client_event_id) == ("g2", 1, "c-1")
    assert store.append_one("g2", note("b", cid="c-1"), 0) == other  # a retry, in g2
    assert store.append_one("g1", note("a", cid="c-1"), 1) == first
    assert (store.last_seq("g1"), store.last_seq("g2")) == (1, 1)


def test_partly_stored_batch_is_refused(store: EventStore) -> None:
    new_game(store)
    store.append_one("g1", note("a", cid="c-1"), 0)
    with pytest.raises(EventError, match="repeat the whole batch"):
        store.append("g1", [note("a", cid="c-1"), note("b", cid="c-2")], 0)


# --- sealing -------------------------------------------------------------------------


def test_seal_records_the_final_hash_and_refuses_appends(store: EventStore) -> None:
    new_game(store)
    stored = store.append("g1", [note("a"), note("b")], 0)
    assert store.seal("g1") == stored[-1].hash
    info = store.game("g1")
    assert info.sealed and info.seal_hash == stored[-1].hash
    with pytest.raises(GameSealed, match="game g1 is sealed at seq 2"):
        store.append("g1", [note("c")], 2)
    assert store.seal("g1") == stored[-1].hash  # sealing again is harmless
    result = store.verify("g1")
    assert result.ok and result.sealed


def test_head_is_the_last_seq_and_hash_and_the_seal_once_sealed(store: EventStore) -> None:
    new_game(store)
    assert store.head("g1") == (0, GENESIS_HASH, None)
    stored = store.append("g1", [note("a"), note("b")], 0)
    assert store.head("g1") == (2, stored[-1].hash, None)
    store.seal("g1")
    assert store.head("g1") == (2, stored[-1].hash, stored[-1].hash)
    with pytest.raises(UnknownGame):
        store.head("nope")


def test_retry_of_the_last_event_after_sealing_returns_it(store: EventStore) -> None:
    new_game(store)
    last = store.append_one("g1", note("a", cid="last"), 0)
    store.seal("g1")
    assert store.append_one("g1", note("a", cid="last"), 0) == last


def test_an_empty_game_cannot_be_sealed(store: EventStore) -> None:
    new_game(store)
    with pytest.raises(StoreError, match="no events to seal"):
        store.seal("g1")


# --- feed and snapshots -------------------------------------------------------------


def test_feed_gives_every_game_in_commit_order(store: EventStore) -> None:
    new_game(store, "g1")
    new_game(store, "g2")
    store.append("g1", [note("1a")], 0)
    store.append("g2", [note("2a"), note("2b")], 0)
    store.append("g1", [note("1b")], 1)
    feed = store.feed()
    assert [(e.game_id, e.seq) for e in feed] == [("g1", 1), ("g2", 1), ("g2", 2), ("g1", 2)]
    positions = [e.position or 0 for e in feed]
    assert positions == sorted(positions) and positions[0] > 0
    rest = store.feed(after_position=positions[1], limit=1)
    assert [(e.game_id, e.seq) for e in rest] == [("g2", 2)]


def test_snapshot_round_trip_and_latest_at_or_before(store: EventStore) -> None:
    new_game(store)
    stored = store.append("g1", [note(str(i)) for i in range(6)], 0)
    put_vouched(store, "g1", 2, stored[1].hash, '{"turn": 1}', "0.1.0")
    put_vouched(store, "g1", 5, stored[4].hash, '{"turn": 3}', "0.1.0")
    snap = store.latest_snapshot("g1", "0.1.0", at_or_before_seq=4)
    assert snap is not None and (snap.seq, snap.state_json) == (2, '{"turn": 1}')
    latest = store.latest_snapshot("g1", "0.1.0")
    assert latest is not None and latest.seq == 5
    assert store.latest_snapshot("g1", "9.9.9") is None


def test_valid_snapshots_picked_reads_only_the_picked_texts(store: EventStore) -> None:
    new_game(store)
    stored = store.append("g1", [note(str(i)) for i in range(6)], 0)
    for seq in (2, 4, 5):
        put_vouched(store, "g1", seq, stored[seq - 1].hash, f'{{"at": {seq}}}', "0.1.0")
    seen: list[list[int]] = []

    def pick(seqs: list[int]) -> list[int]:
        seen.append(seqs)
        return [s for s in seqs if s != 4]

    picked = store.valid_snapshots("g1", "0.1.0", 5, pick=pick)
    assert seen == [[5, 4, 2]]  # the valid seqs, newest first, as valid_snapshots lists them
    assert [(s.seq, s.state_json) for s in picked] == [(5, '{"at": 5}'), (2, '{"at": 2}')]
    assert store.valid_snapshots("g1", "0.1.0", 4, pick=lambda seqs: []) == []
    assert [s.seq for s in store.valid_snapshots("g1", "0.1.0", 4)] == [4, 2]


def test_snapshot_with_a_wrong_event_hash_is_refused(store: EventStore) -> None:
    new_game(store)
    store.append("g1", [note("a")], 0)
    with pytest.raises(StoreError, match="was taken at hash"):
        store.put_snapshot("g1", 1, "f" * 64, "{}", "0.1.0")
    with pytest.raises(StoreError, match="no event at seq 7"):
        store.put_snapshot("g1", 7, "f" * 64, "{}", "0.1.0")


# --- round trip (Hypothesis) ---------------------------------------------------------

texts = st.text(st.characters(exclude_categories=["Cs"]), max_size=60)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=15)
@given(
    batches=st.lists(
        st.lists(st.tuples(texts, st.booleans()), min_size=1, max_size=4), min_size=1, max_size=4
    )
)
def test_append_read_round_trip(store: EventStore, batches: list[list[tuple[str, bool]]]) -> None:
    game = new_game(store, f"h{uuid.uuid4().hex[:10]}")
    appended: list[StoredEvent] = []
    for batch in batches:
        events = [
            NewEvent.of(
                NoteAdded(author="a", text=t),
                actor="judge:a" if with_actor else None,
                client_event_id=uuid.uuid4().hex if with_actor else None,
            )
            for t, with_actor in batch
        ]
        appended += store.append(game, events, len(appended), actor=Actor.judge("a"))
    read = list(store.read(game, verify=True))
    assert read == appended
    assert [e.decoded().text for e in read] == [t for b in batches for t, _ in b]  # type: ignore[attr-defined]
    assert store.verify(game).ok
