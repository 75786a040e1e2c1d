"""Automatic payment (riftlog.rules.auto_payment): a decision naming no payment gets the
canonical one, stored with the event; one that cannot be paid is refused in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from riftlog.errors import IllegalDecision
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.notation import parse_decision
from riftlog.recorder import Recorder
from riftlog.replay import replay_game
from riftlog.rules.auto_payment import complete_payment, cost_to_pay
from riftlog.rules.board.resources import find_payment
from tests.usecases.helpers import duel, new_store

# the seeded opening of this duel: p1 (Annie) goes first with 2 Fury runes and two Legion
# Rearguards (2 Energy each) and a Chemtech Enforcer in hand


def _main(tmp_path: Path) -> Recorder:
    rec = duel(new_store(tmp_path), "g", seed="s3cret")
    rec.record(parse_decision(rec.state, "keep"))
    rec.record(parse_decision(rec.state, "keep"))
    assert rec.state.turn_player == "p1"
    return rec


def test_a_play_without_pay_gets_the_canonical_payment_stored(tmp_path: Path) -> None:
    rec = _main(tmp_path)
    d = parse_decision(rec.state, "play Legion @ base")
    assert isinstance(d, CardPlayed) and d.payment == Payment()
    cost = cost_to_pay(rec.state, d)
    assert cost is not None and cost.energy == 2
    expected = find_payment(rec.state, "p1", cost)
    assert expected is not None and len(expected.exhaust) == 2
    res = rec.record(d)
    stored = res.events[0].decoded()
    assert isinstance(stored, CardPlayed) and stored.payment == expected
    assert res.events[0].payload["payment"]["exhaust"] == list(expected.exhaust)
    assert replay_game(rec.store, "g").ok  # the replay reads the runes from the event


def test_a_payment_that_cannot_be_made_is_refused_with_cost_and_means(tmp_path: Path) -> None:
    rec = _main(tmp_path)
    rec.record(parse_decision(rec.state, "play Legion @ base"))
    seq = rec.seq
    with pytest.raises(IllegalDecision, match=r"165\.2: p1 cannot pay 2 Energy for Chemtech "
                       r"Enforcer: the pool holds 0 Energy; ready runes: none; exhausted runes "
                       r"\(recycle only\): 2 Fury"):
        rec.record(parse_decision(rec.state, "play Chemtech @ base"))
    assert rec.seq == seq  # nothing written


def test_a_named_payment_is_left_alone(tmp_path: Path) -> None:
    rec = _main(tmp_path)
    empty = CardPlayed(player="p1", card=rec.state.players["p1"].hand[0], destination="base",
                       payment=Payment())
    assert complete_payment(rec.state, empty) is empty  # JSON that says "payment": {}
    named = parse_decision(rec.state, "play Legion @ base pay Fury")
    assert complete_payment(rec.state, named) is named
    with pytest.raises(IllegalDecision, match=r"165\.2"):
        rec.record(named)  # one Fury rune cannot pay 2 Energy


def test_a_pool_that_pays_needs_no_runes(tmp_path: Path) -> None:
    rec = _main(tmp_path)
    state = rec.state.clone()
    state.players["p1"].pool.energy = 2
    d = parse_decision(state, "play Legion @ base")
    assert complete_payment(state, d) is d
