"""replay-perf: ``engine.check(state, d, shared)`` hands what the checker computed (a card
play's total cost and payment problems) to ``engine.apply_in_place(state, d, shared)``.
Over the states of bot games (every mode, and v1.2), legal and illegal card plays and activations
give the same violations, game actions, errors and states both ways."""

from __future__ import annotations

import random
from typing import Any

import pytest

from riftlog.errors import RiftlogError
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.reducer_fold import state_hash
from riftlog.rules import bot, engine
from riftlog.rules.board.core import rules_module
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from tests.build_marks import pure_only
from tests.rules.bot_games import sample_game


def _judge(state: GameState, d: Any, shared: engine.Shared | None) -> tuple[Any, ...]:
    state = state.clone()
    violations = [str(v) for v in engine.check(state, d, shared)]
    try:
        actions = [a.to_json() for a in engine.apply_in_place(state, d, shared)]
    except (RiftlogError, KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
        return violations, type(exc).__name__, str(exc)
    return violations, actions, state_hash(state)


def _variants(state: GameState) -> list[Any]:
    """The card plays and activations the player with priority could make, and illegal
    twists of them: no payment, Accelerate, to a battlefield, by another player."""
    req = engine.pending(state)
    if not req or req[0].kind not in ("main", "priority") or req[0].player is None:
        return []
    who = req[0].player
    other = next(p for p in state.players if p != who)
    # the modules are reached at run time: importing them here would change the import order
    legal: list[Any] = [*rules_module("play").candidates(state, who),
                        *(d for d in rules_module("abilities_activated").candidates(state, who)
                          if d.type == "AbilityActivated")]
    out = list(legal)
    for d in legal:
        out.append(d.model_copy(update={"payment": Payment()}))
        out.append(d.model_copy(update={"player": other}))
        if isinstance(d, CardPlayed):
            out.append(d.model_copy(update={"accelerate": True}))
            out.append(d.model_copy(update={"destination": state.battlefields[0].oid}))
            out.append(d.model_copy(update={"payment": Payment(exhaust=d.payment.recycle,
                                                               recycle=d.payment.exhaust)}))
    return out


@pure_only("riftlog.rules.playing.play", "riftlog.rules.flow.combat")
@pytest.mark.parametrize("mode,seed,edition", [("duel", 31, "v1.3"), ("ffa3", 32, "v1.3"),
                                               ("2v2", 33, "v1.3"), ("duel", 34, "v1.2")])
def test_shared_check_then_apply_is_check_then_apply(
        mode: str, seed: int, edition: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    created = sample_game(mode, seed).model_copy(update={"rules_edition": edition})
    state = engine.new_game(created)
    assert state.edition == edition
    judged = used = illegal = 0
    taken = engine.take_shared

    def counting(s: GameState, d: Any) -> Any:  # how often an applier got the check's values
        nonlocal used
        values = taken(s, d)
        used += values is not None
        return values

    for appliers in (rules_module("play"), rules_module("combat")):  # who takes the values
        monkeypatch.setattr(appliers, "take_shared", counting)
    for _ in range(250):
        if state.is_over():
            break
        for d in _variants(state):
            alone = _judge(state, d, None)
            assert _judge(state, d, engine.Shared()) == alone, d
            judged += 1
            illegal += bool(alone[0])
        engine.apply_in_place(state, bot.choose(state, rng))
    assert judged > 100 and illegal > 50 and used > 50, (judged, illegal, used)


def _poisoned(state: GameState, d: CardPlayed) -> engine.Shared:
    """A Shared filled by the check of *d* on *state*, then given a cost nobody can pay,
    judged payable: an applier that takes it goes wrong."""
    shared = engine.Shared()
    assert engine.check(state, d, shared) == []
    assert set(shared.values) == {"cost", "rest", "paying"}
    unpayable = Cost(99)
    shared.values.update(cost=unpayable, rest=unpayable, paying=[])
    return shared


def _applied(state: GameState, d: Any, shared: engine.Shared | None) -> tuple[Any, ...]:
    try:
        actions = [a.to_json() for a in engine.apply_in_place(state, d, shared)]
    except (RiftlogError, KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
        return type(exc).__name__, str(exc)
    return actions, state_hash(state)


def test_shared_values_serve_only_their_own_state_and_decision() -> None:
    state = engine.new_game(sample_game("duel", 35))
    rng = random.Random(35)
    while not (plays := [d for d in _variants(state) if isinstance(d, CardPlayed)
                         and not engine.check(state, d)]):
        engine.apply_in_place(state, bot.choose(state, rng))
    d = plays[0]
    honest = _applied(state.clone(), d, None)

    own = state.clone()
    shared = _poisoned(own, d)
    assert engine.take_shared(own, d) is None  # no scope open outside check / apply
    assert _applied(own, d, shared) != honest  # its own state and decision: taken
    assert shared.state is None and shared.decision is None and not shared.values

    own = state.clone()
    shared = _poisoned(own, d)
    assert _applied(own.clone(), d, shared) == honest  # another state: not taken
    assert shared.state is None and not shared.values  # and dropped

    own = state.clone()
    assert _applied(own, d.model_copy(), _poisoned(own, d)) == honest  # another decision
