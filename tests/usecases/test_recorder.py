"""The recorder: creation, randomness, strict and record modes (one mechanic per test)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from riftlog.errors import ConcurrencyConflict, IllegalDecision, ImpossibleDecision, RecorderError
from riftlog.events.decisions import DeckOrderRecorded, MulliganChosen, TurnEnded
from riftlog.events.payloads import GameCreated
from riftlog.recorder import Recorder, parse_decision, play_bot
from riftlog.rules import engine
from riftlog.seeding import draw_outcome
from tests.usecases.helpers import duel, new_store


def _main_phase(rec: Recorder) -> Recorder:
    play_bot(rec, 1, max_turns=1)
    assert engine.pending(rec.state)[0].kind == "main"
    return rec


def test_seeded_game_stores_the_commitment_and_draws_the_setup(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g", seed="top secret")
    created = next(iter(store.read("g"))).decoded()
    assert isinstance(created, GameCreated)
    assert created.seed_commitment == hashlib.sha256(b"top secret").hexdigest()
    types = [e.type for e in store.read("g")]
    assert types[1:5] == ["DeckOrderRecorded"] * 4 and "FirstPlayerChosen" in types
    assert engine.pending(rec.state)[0].kind == "mulligan"


def test_seed_is_revealed_when_the_game_is_finished(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g", seed="abc")
    rec.finish()
    last = list(store.read("g"))[-1]
    assert last.type == "SeedRevealed" and last.payload["seed"] == "abc"
    assert store.game("g").sealed


def test_seed_is_revealed_when_the_game_ends(tmp_path: Path) -> None:
    from riftlog.events.decisions import GameConceded

    store = new_store(tmp_path)
    rec = duel(store, "g", seed="abc")
    res = rec.record(GameConceded(player="p1"))
    assert [e.type for e in res.events] == ["GameConceded", "SeedRevealed"]


def test_seeded_outcomes_derive_from_seed_and_seq(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    duel(store, "g", seed="xyz")
    events = list(store.read("g"))
    state = engine.new_game(events[0].decoded())  # type: ignore[arg-type]
    for ev in events[1:4]:
        req = engine.pending(state)[0]
        assert draw_outcome(state, req, "xyz", ev.seq) == ev.decoded()
        engine.apply_in_place(state, ev.decoded())


def test_client_cannot_record_outcomes_of_a_seeded_game(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    with pytest.raises(RecorderError, match="committed seed"):
        rec.record(DeckOrderRecorded(player="p1", deck="main", order=()))


def test_recorded_randomness_awaits_the_clients_outcomes(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g", randomness="recorded")
    assert rec.seq == 1
    req = engine.pending(rec.state)[0]
    assert req.player is None
    order = tuple(req.options["randomize"])[::-1]
    rec.record(DeckOrderRecorded(player=req.options["player"], deck=req.options["deck"], order=order))
    assert rec.seq == 2


def test_strict_refuses_an_illegal_decision_and_writes_nothing(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = _main_phase(duel(store, "g"))
    before = store.last_seq("g")
    wrong = next(p for p in rec.state.seating if p != rec.state.turn_player)
    with pytest.raises(IllegalDecision, match=r"v1\.3 316\.2") as err:
        rec.record(TurnEnded(player=wrong))
    assert "nothing was written" in str(err.value)
    assert store.last_seq("g") == before


def test_record_mode_keeps_an_illegal_decision_and_play_goes_on(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = _main_phase(duel(store, "g"))
    wrong = next(p for p in rec.state.seating if p != rec.state.turn_player)
    res = rec.record(TurnEnded(player=wrong), mode="record")
    assert [v.citation for v in res.violations] == ["v1.3 316.2"]
    assert store.event("g", res.last_seq).type == "TurnEnded"
    assert play_bot(rec, 2, max_turns=3) > 0


@pytest.mark.parametrize("mode", ["strict", "record"])
def test_impossible_decision_is_refused_in_both_modes(tmp_path: Path, mode: str) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    req = engine.pending(rec.state)[0]
    pid = req.player
    assert pid is not None
    other = next(p for p in rec.state.seating if p != pid)
    not_mine = rec.state.players[other].hand[0]
    before = store.last_seq("g")
    with pytest.raises(ImpossibleDecision, match="cannot be carried out"):
        rec.record(MulliganChosen(player=pid, set_aside=(not_mine,)), mode=mode)  # type: ignore[arg-type]
    assert store.last_seq("g") == before


def test_recorder_reopens_a_game_from_the_store(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g", snapshot_every=5)
    play_bot(rec, 3, max_turns=3)
    again = Recorder.open(store, "g", keeper=rec.keeper)
    assert again.seq == rec.seq and again.state == rec.state


def test_two_recorders_cannot_both_append_at_one_seq(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = _main_phase(duel(store, "g"))
    other = Recorder.open(store, "g", keeper=rec.keeper)
    rec.record(TurnEnded(player=rec.state.turn_player or ""))
    with pytest.raises(ConcurrencyConflict):
        other.record(TurnEnded(player=other.state.turn_player or ""))


def test_parse_decision_reads_json() -> None:
    d = parse_decision('{"type": "TurnEnded", "player": "p1"}')
    assert d == TurnEnded(player="p1")
    with pytest.raises(RecorderError):
        parse_decision("[1]")
