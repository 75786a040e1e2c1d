"""The replayer: verdicts (legal, illegal, unverifiable, divergent) and the dispute report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riftlog.errors import UnsupportedCard, UnsupportedRule
from riftlog.events import Actor, NewEvent
from riftlog.events.decisions import DeckOrderRecorded, TurnEnded
from riftlog.events.payloads import GameCreated, SeedRevealed
from riftlog.recorder import play_bot
from riftlog.reducer import Folder
from riftlog.replay import replay_game
from riftlog.rules import engine
from riftlog.seeding import commitment
from riftlog.store import EventStore
from tests.usecases.conftest import SHARED_GAMES
from tests.usecases.helpers import duel, new_store


@settings(max_examples=4)
@given(game=st.sampled_from(sorted(SHARED_GAMES)))
def test_bot_games_replay_all_legal(shared_store: EventStore, game: str) -> None:
    report = replay_game(shared_store, game)
    assert report.ok
    assert report.counts()["legal"] == shared_store.last_seq(game)
    assert "matches the commitment" in report.seed


def _main_points(store: EventStore, game: str) -> list[int]:
    """Seqs after which the game awaits the turn player's main-phase decision."""
    folder = Folder()
    out = []
    for ev in store.read(game):
        folder.feed(ev)
        state = folder.state
        if state is not None and not state.is_over() and engine.pending(state)[0].kind == "main":
            out.append(ev.seq)
    return out


@settings(max_examples=8)
@given(bot_seed=st.integers(0, 10_000), data=st.data())
def test_an_injected_illegal_decision_is_found_at_its_seq(
        tmp_path_factory: pytest.TempPathFactory, bot_seed: int, data: st.DataObject) -> None:
    store = new_store(tmp_path_factory.mktemp("inject"))
    source = duel(store, "a", randomness="recorded")
    play_bot(source, bot_seed, max_turns=6)
    point = data.draw(st.sampled_from(_main_points(store, "a")))
    rec = duel(store, "g", randomness="recorded")
    for ev in store.read("a", 2, point):
        rec.record(ev.decoded())
    wrong = next(p for p in rec.state.seating if p != rec.state.turn_player)
    at = rec.record(TurnEnded(player=wrong), mode="record").last_seq
    play_bot(rec, bot_seed + 1, max_turns=rec.state.turn + 2)
    report = replay_game(store, "g")
    bad = [v for v in report.verdicts if v.verdict != "legal"]
    assert [(v.seq, v.verdict, v.rules) for v in bad] == [(at, "illegal", ["v1.3 316.2"])]
    assert report.first_illegal == at and not report.ok


def _dispute(tmp_path: Path) -> tuple[EventStore, int]:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    play_bot(rec, 4, max_turns=2)
    wrong = next(p for p in rec.state.seating if p != rec.state.turn_player)
    at = rec.record(TurnEnded(player=wrong), mode="record").last_seq
    play_bot(rec, 5, max_turns=4)
    return store, at


def test_report_shows_the_state_before_the_first_illegal_event(tmp_path: Path) -> None:
    store, at = _dispute(tmp_path)
    report = replay_game(store, "g")
    assert report.state_before is not None and report.state_before["seq"] == at - 1


def test_report_lists_the_legal_options_and_the_consequences(tmp_path: Path) -> None:
    store, at = _dispute(tmp_path)
    report = replay_game(store, "g")
    first = report.verdicts[at - 1]
    # legal options in notation (docs/notation.md), each after the seat that had them
    seat = first.awaited.split("main from ")[1].split()[0]
    assert f"{seat}: end" in first.options
    assert all(o.startswith(f"{seat}: ") for o in first.options)
    assert "main from" in first.awaited
    assert report.consequences[0].startswith(f"seq {at} TurnEnded")
    assert any(c.startswith(f"seq {at + 1}") for c in report.consequences)


def test_divergent_reported_outcome(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    play_bot(rec, 1, max_turns=1)
    tp = rec.state.turn_player or ""
    at = rec.record(TurnEnded(player=tp, reported={"points": {tp: 5}})).last_seq
    report = replay_game(store, "g")
    v = report.verdicts[at - 1]
    assert v.verdict == "divergent" and "points of" in v.reasons[0]
    assert not report.ok


def test_unverifiable_names_the_unsupported_card(tmp_path: Path, monkeypatch: Any) -> None:
    store = new_store(tmp_path)
    rec = duel(store, "g")
    play_bot(rec, 1, max_turns=2)
    real = engine.check

    def check(state: Any, decision: Any, *shared: Any) -> Any:
        if decision.type == "TurnEnded" and state.turn == 2:
            raise UnsupportedCard("Mystery Card (XXX-001)", "its ability is not implemented")
        return real(state, decision, *shared)

    monkeypatch.setattr(engine, "check", check)
    report = replay_game(store, "g")
    un = [v for v in report.verdicts if v.verdict == "unverifiable"]
    assert un and "Mystery Card (XXX-001)" in un[0].reasons[0]
    assert all("stopped" in v.reasons[0] for v in un[1:])


def _forged(store: EventStore, outcome_seed: str, reveal: str) -> None:
    """A game whose first deck order was not drawn from the committed seed."""
    rec = duel(store, "g", randomness="recorded")
    created = rec.created.model_copy(update={"randomness": "seeded",
                                             "seed_commitment": commitment("honest")})
    store.create_game("f", mode="duel", rules_edition="v1.3",
                      catalog_version=created.catalog_version,
                      engine_version=created.engine_version)
    state = engine.new_game(created)
    req = engine.pending(state)[0]
    order = list(req.options["randomize"])
    import random

    random.Random(outcome_seed).shuffle(order)
    events = [NewEvent.of(created), NewEvent.of(DeckOrderRecorded(
        player=req.options["player"], deck=req.options["deck"], order=tuple(order))),
        NewEvent.of(SeedRevealed(seed=reveal))]
    # a forger who writes the database skips the engine: what a replay must catch
    store.append_judged("f", events, 0, actor=Actor.recorder("forger"))


def test_outcome_not_drawn_from_the_revealed_seed_breaks_the_commitment(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    _forged(store, "cheat", "honest")
    report = replay_game(store, "f")
    assert report.verdicts[1].verdict == "illegal"
    assert "commitment was broken" in report.verdicts[1].reasons[-1]


def test_revealed_seed_that_does_not_match_the_commitment(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    _forged(store, "cheat", "not the committed one")
    report = replay_game(store, "f")
    assert report.verdicts[2].verdict == "illegal"
    assert "does not hash to the commitment" in report.verdicts[2].reasons[0]


def test_rejudging_under_an_edition_not_known_is_refused(tmp_path: Path) -> None:
    """--rules names an edition the engine judges under (v1.3, v1.2) or is refused by name."""
    store, _ = _dispute(tmp_path)
    with pytest.raises(UnsupportedRule, match=r"judging under v1\.1 is not implemented"):
        replay_game(store, "g", edition="v1.1")


def test_created_payload_is_the_first_event(shared_store: EventStore) -> None:
    assert isinstance(next(iter(shared_store.read("g1"))).decoded(), GameCreated)
