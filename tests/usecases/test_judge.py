"""Judge events: rulings, rewinds, penalties, game losses and corrections (never deletions)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riftlog.errors import RecorderError
from riftlog.events import Actor
from riftlog.events.decisions import TurnEnded
from riftlog.events.payloads import GameCreated
from riftlog.recorder import Recorder, play_bot
from riftlog.reducer import JUDGE_TYPES, state_at, state_hash
from riftlog.replay import replay_game
from riftlog.rules import engine
from riftlog.store import EventStore
from tests.usecases.helpers import duel, new_store

JUDGE = Actor.judge("Judge")


def _line_state_hash(store: EventStore, game: str) -> str:
    """Fold the effective line by hand: the events no rewind voided, judge events skipped."""
    events = list(store.read(game))
    line: list[int] = []
    for ev in events:
        if ev.type == "GameRewound":
            line = [s for s in line if s <= ev.payload["to_seq"]]
        line.append(ev.seq)
    created = events[0].decoded()
    assert isinstance(created, GameCreated)
    state = engine.new_game(created)
    for seq in line[1:]:
        ev = events[seq - 1]
        if ev.type not in JUDGE_TYPES:
            engine.apply_in_place(state, ev.decoded())
    return state_hash(state)


@settings(max_examples=6)
@given(first=st.integers(0, 1000), second=st.integers(0, 1000), frac=st.floats(0, 1))
def test_rewind_then_another_line_of_play_yields_that_lines_state(
        tmp_path_factory: pytest.TempPathFactory, first: int, second: int, frac: float) -> None:
    store = new_store(tmp_path_factory.mktemp("rewind"))
    rec = duel(store, "g", seed=f"r{first}")
    play_bot(rec, first, max_turns=4)
    to_seq = 1 + int(frac * (rec.seq - 1))
    rec.rewind(to_seq, JUDGE, "back up")
    play_bot(rec, second, max_turns=6)
    expected = _line_state_hash(store, "g")
    assert state_hash(rec.state) == expected
    assert state_hash(state_at(store, "g").state) == expected
    assert state_hash(Recorder.open(store, "g", keeper=rec.keeper).state) == expected


def test_rewind_voids_later_events_but_keeps_them(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    play_bot(rec, 3, max_turns=3)
    last = rec.seq
    rec.rewind(9, JUDGE)
    assert store.last_seq("g") >= last + 1
    report = replay_game(store, "g")
    assert all(report.verdicts[s - 1].voided_by == last + 1 for s in range(10, last + 1))
    assert report.judge_events[0]["voided"] == list(range(10, last + 1))


def test_rewind_past_an_illegal_event_settles_the_dispute(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    play_bot(rec, 1, max_turns=2)
    before = rec.seq
    wrong = next(p for p in rec.state.seating if p != rec.state.turn_player)
    rec.record(TurnEnded(player=wrong), mode="record")
    assert not replay_game(store, "g").ok
    rec.rewind(before, JUDGE, "wrong player ended the turn")
    rec.record(TurnEnded(player=rec.state.turn_player or ""))
    report = replay_game(store, "g")
    assert report.ok and report.verdicts[before].voided_by == before + 2


def test_rewind_to_a_voided_seq_is_refused(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    play_bot(rec, 3, max_turns=3)
    rec.rewind(9, JUDGE)
    with pytest.raises(RecorderError, match="voided"):
        rec.rewind(11, JUDGE)


def test_ruling_and_penalty_change_nothing(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    play_bot(rec, 3, max_turns=2)
    h = state_hash(rec.state)
    rec.ruling(JUDGE, "The play stands.", ["316.2"], about_seq=5)
    rec.penalty(JUDGE, "p1", "Warning", "slow play")
    assert state_hash(state_at(store, "g").state) == h
    assert [j["type"] for j in replay_game(store, "g").judge_events] == ["RulingGiven", "PenaltyIssued"]


def test_game_loss_ends_the_game(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    play_bot(rec, 3, max_turns=2)
    res = rec.game_loss(JUDGE, "p2", "marked cards")
    assert [e.type for e in res.events] == ["GameLossIssued", "SeedRevealed"]
    state = state_at(store, "g").state
    assert state is not None and state.winner == ["p1"] and state.end_reason == "game_loss"


def test_correction_of_a_reported_outcome(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    play_bot(rec, 1, max_turns=1)
    tp = rec.state.turn_player or ""
    at = rec.record(TurnEnded(player=tp, reported={"points": {tp: 2}})).last_seq
    assert not replay_game(store, "g").ok
    rec.correct(JUDGE, at, f"reported.points.{tp}", 0, "the scoresheet was wrong")
    report = replay_game(store, "g")
    assert report.ok and report.verdicts[at - 1].corrected_by == at + 1


def test_correction_of_a_random_outcome_changes_the_state(tmp_path: Path) -> None:
    import json

    store = new_store(tmp_path)
    rec = duel(store, "g", randomness="recorded")
    req = engine.pending(rec.state)[0]
    from riftlog.events.decisions import DeckOrderRecorded

    order = tuple(req.options["randomize"])
    rec.record(DeckOrderRecorded(player=req.options["player"], deck=req.options["deck"], order=order))
    fixed = list(reversed(order))
    rec.correct(JUDGE, 2, "order", json.dumps(fixed), "the deck was cut, not in list order")
    state = state_at(store, "g").state
    assert state is not None
    assert state.players[req.options["player"]].main_deck[:3] == fixed[:3]


def test_correction_that_breaks_the_payload_is_refused(tmp_path: Path) -> None:
    from riftlog.errors import EventError

    store = new_store(tmp_path)
    rec = duel(store, "g")
    with pytest.raises(EventError):
        rec.correct(JUDGE, 2, "order", 5)
