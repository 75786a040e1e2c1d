"""The append path's contract, on SQLite and PostgreSQL alike: what the plain append
refuses (game events go through the engine), GameCreated kept to seq 1 and to the games
row's header, who appends, and notes by identities that may not add them."""

from __future__ import annotations

import pytest

from riftlog.errors import ConcurrencyConflict, EventError, NotPermitted, StoreError
from riftlog.events import Actor, NewEvent
from riftlog.events.decisions import DeckOrderRecorded, TurnEnded
from riftlog.events.payloads import (
    GameCreated,
    GameLossIssued,
    NoteAdded,
    RulingGiven,
    SeedRevealed,
)
from riftlog.store import EventStore
from tests.export.helpers import created
from tests.store.helpers import drop_games_guard, new_game, raw, snapshot

JUDGE = Actor.judge("judge-1")
RECORDER = Actor.recorder("desk")


def _created(game_id: str = "g1", **header: object) -> GameCreated:
    """A GameCreated whose header matches :func:`new_game`'s pins (unless overridden)."""
    base = created(game_id, players=("p1", "p2")).model_copy(
        update={"catalog_version": "2026-03", "engine_version": "0.1.0"})
    return base.model_copy(update=header)


def _game(store: EventStore, game_id: str = "g1") -> None:
    """A game with its GameCreated at seq 1, as the recorder stores it."""
    new_game(store, game_id)
    store.append_judged(game_id, [NewEvent.of(_created(game_id))], 0, actor=RECORDER)


# --- game events go through the engine --------------------------------------------------


@pytest.mark.parametrize(
    "payload",
    [
        _created(),
        DeckOrderRecorded(player="p1", deck="main", order=("p1.m01",)),
        SeedRevealed(seed="s3cret"),
        RulingGiven(judge="judge-1", text="the move stands"),
        GameLossIssued(judge="judge-1", player="p2"),
        TurnEnded(player="p1"),
    ],
    ids=lambda p: p.type,
)
def test_the_plain_append_refuses_game_events(store: EventStore, payload: object) -> None:
    _game(store)
    before = snapshot(store)
    with pytest.raises(EventError, match=r"game g1 seq 2: (\w+ is judged by the rules engine: "
                                         r"record it through the recorder|GameCreated is only "
                                         r"ever seq 1)"):
        store.append("g1", [NewEvent.of(payload)], 1, actor=JUDGE)  # type: ignore[arg-type]
    assert snapshot(store) == before


def test_a_second_game_created_is_refused_on_every_path(store: EventStore) -> None:
    _game(store)
    before = snapshot(store)
    with pytest.raises(EventError, match="game g1 seq 2: GameCreated is only ever seq 1"):
        store.append_judged("g1", [NewEvent.of(_created())], 1, actor=RECORDER)
    assert snapshot(store) == before


def test_notes_still_go_through_the_plain_append(store: EventStore) -> None:
    _game(store)
    (ev,) = store.append("g1", [NewEvent.of(NoteAdded(author="judge-1", text="ok"))], 1,
                         actor=JUDGE)
    assert (ev.seq, ev.actor) == (2, "judge:judge-1")
    assert store.verify("g1").ok


# --- the games row's header and the hashed GameCreated ----------------------------------


def test_game_created_must_agree_with_the_games_row(store: EventStore) -> None:
    new_game(store)
    before = snapshot(store)
    seats = _created().players
    three = (*seats, seats[0].model_copy(update={"id": "p3"}))
    with pytest.raises(StoreError, match=r"game g1: the games row says mode 'duel' but the "
                                         r"hashed GameCreated \(seq 1\) says 'ffa3'"):
        store.append_judged("g1", [NewEvent.of(_created(mode="ffa3", players=three))], 0,
                            actor=RECORDER)
    with pytest.raises(StoreError, match=r"game number 1 .* says 2"):
        store.append_judged("g1", [NewEvent.of(_created(game_number=2))], 0, actor=RECORDER)
    assert snapshot(store) == before


@pytest.mark.parametrize(
    ("column", "value", "label"),
    [("mode", "ffa4", "mode"), ("rules_edition", "v1.2", "rules edition"),
     ("catalog_version", "1999", "catalog version"), ("engine_version", "9.9", "engine version"),
     ("game_number", 3, "game number")],
)
def test_an_edited_games_row_header_is_refused_and_named_by_verify(
    store: EventStore, column: str, value: object, label: str
) -> None:
    _game(store)
    drop_games_guard(store)
    raw(store, f"UPDATE games SET {column} = :v WHERE id = 'g1'", v=value)
    before = snapshot(store)
    with pytest.raises(StoreError, match=f"game g1: the games row says {label} .* the hashed "
                                         r"GameCreated \(seq 1\) says .*; nothing was written"):
        store.append("g1", [NewEvent.of(NoteAdded(author="judge-1", text="x"))], 1, actor=JUDGE)
    assert snapshot(store) == before
    result = store.verify("g1")
    assert (result.ok, result.bad_seq) == (False, 1)
    assert f"the games row says {label}" in (result.reason or "")


def test_an_edited_match_id_is_refused(store: EventStore) -> None:
    store.create_match("m1")
    store.create_match("m2")
    new_game(store, match_id="m1")
    store.append_judged("g1", [NewEvent.of(_created(match_id="m1"))], 0, actor=RECORDER)
    drop_games_guard(store)
    raw(store, "UPDATE games SET match_id = 'm2' WHERE id = 'g1'")
    with pytest.raises(StoreError, match="the games row says match id 'm2'"):
        store.append("g1", [NewEvent.of(NoteAdded(author="judge-1", text="x"))], 1, actor=JUDGE)
    assert not store.verify("g1").ok


# --- who appends --------------------------------------------------------------------------


def test_every_event_records_who_appended_it(store: EventStore) -> None:
    _game(store)
    (first,) = store.read("g1", 1, 1)
    assert first.actor == "recorder:desk"
    assert Actor.from_envelope(first.actor, first.type) == RECORDER
    (note,) = store.append("g1", [NewEvent.of(NoteAdded(author="p1", text="gg"))], 1,
                           actor=Actor.player("p1"))
    assert note.actor == "p1" and note.computed_hash() == note.hash


def test_a_note_by_someone_else_or_a_stranger_is_refused(store: EventStore) -> None:
    _game(store)
    before = snapshot(store)
    with pytest.raises(NotPermitted, match=r"game g1 seq 2: player p1 may not append NoteAdded: "
                                           r"its author is 'p2'"):
        store.append("g1", [NewEvent.of(NoteAdded(author="p2", text="x"))], 1,
                     actor=Actor.player("p1"))
    with pytest.raises(NotPermitted, match="p9 is not a seat of this game"):
        store.append("g1", [NewEvent.of(NoteAdded(author="p9", text="x"))], 1,
                     actor=Actor.player("p9"))
    with pytest.raises(NotPermitted, match="the identity is for game g2 only"):
        store.append("g1", [NewEvent.of(NoteAdded(author="judge-1", text="x"))], 1,
                     actor=Actor.judge("judge-1", game_id="g2"))
    with pytest.raises(EventError, match="names actor 'p2' but is appended by player p1"):
        store.append("g1", [NewEvent.of(NoteAdded(author="p1", text="x"), actor="p2")], 1,
                     actor=Actor.player("p1"))
    with pytest.raises(EventError, match="seq 2: name who appends"):
        store.append("g1", [NewEvent.of(NoteAdded(author="p1", text="x"))], 1)
    assert snapshot(store) == before


# --- a snapshot in the append's transaction (issue 26) ----------------------------------


def test_a_snapshot_given_with_an_append_is_stored_in_its_transaction(store: EventStore) -> None:
    """Stored at the batch's last seq, over the hash that event got, vouched for with the
    store's key; an append refused stores neither the events nor the snapshot."""
    _game(store)
    text_ = '{"line": {"seq": 3}}'
    batch = [NewEvent.of(TurnEnded(player="p1")), NewEvent.of(TurnEnded(player="p2"))]
    stored = store.append_judged("g1", batch, 1, actor=RECORDER, snapshot=("0.1.0", text_))
    snap = store.latest_snapshot("g1", "0.1.0")
    assert snap is not None and (snap.seq, snap.state_json) == (3, text_)
    assert snap.vouched and snap.event_hash == stored[-1].hash
    assert snap.created_at == stored[-1].recorded_at
    before = snapshot(store)
    with pytest.raises(ConcurrencyConflict):
        store.append_judged("g1", batch[:1], 1, actor=RECORDER, snapshot=("0.1.0", "{}"))
    assert snapshot(store) == before and store.snapshot_count("g1") == 1
