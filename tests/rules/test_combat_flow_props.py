"""Random legal games with showdowns and combats (v1.3 323.8-323.14, 341-348, 454-461).

The fixture battlefields count as ability-less here (their text is not encoded, 466.2),
so games conquer and hold them.  Every decision is drawn by the bot from the engine's
own candidates (ShowdownChosen, focus passes, CombatDamageAssigned from
``combat_damage.legal_assignment`` ...), checked, and applied strictly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riftlog.rules import bot, engine
from riftlog.rules.board.state import GameState
from tests.rules.engine_fixtures import BATTLEFIELDS, created
from tests.rules.showdown_board import plain_battlefields
from tests.rules.test_engine_property import check_invariants

MODES = [("duel", None), ("ffa3", None), ("ffa4", None), ("2v2", ["a", "b", "a", "b"])]
BOUNDED = settings(max_examples=12, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow])
WATCHED = ("showdown_begins", "combat_begins", "assign_damage", "combat_result", "score",
           "control")


@pytest.fixture(autouse=True)
def _plain() -> Iterator[None]:
    with plain_battlefields(BATTLEFIELDS):
        yield


def showdown_invariants(state: GameState) -> None:
    """Designations exist only in a combat, at its battlefield (323.2, 461.7.a); the
    turn is in a showdown state only with a showdown request (or another await) first."""
    sd = state.showdown
    for obj in state.objects.values():
        if obj.designation is not None:
            assert sd is not None and sd.combat and obj.location == sd.battlefield
    if sd is not None and not state.is_over():
        assert state.queue[0]["kind"] == "await"
        assert state.battlefield(sd.battlefield).contested_by is not None or sd.combat


def play(mode: str, teams: list[str] | None, seed: int, n_main: int,
         max_turns: int = 14) -> tuple[GameState, Counter[str]]:
    state = engine.new_game(created(mode, teams=teams, n_main=n_main, n_battlefields=3))
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for _ in range(2500):
        if state.is_over() or state.turn > max_turns:
            break
        decision = bot.choose(state, rng)
        assert engine.check(state, decision) == []
        state, actions = engine.apply(state, decision)
        seen.update(a.kind for a in actions if a.kind in WATCHED)
        check_invariants(state)
        showdown_invariants(state)
    assert state.is_over() or state.turn > max_turns
    return state, seen


@BOUNDED
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10**6), n_main=st.integers(5, 12))
def test_random_games_with_showdowns_never_crash_or_lose_cards(
        mode: tuple[str, list[str] | None], seed: int, n_main: int) -> None:
    state, _ = play(mode[0], mode[1], seed, n_main)
    if state.is_over():
        assert state.winner is not None and engine.pending(state) == []


def test_random_duels_include_showdowns_combats_and_conquers() -> None:
    total: Counter[str] = Counter()
    for seed in range(6):
        _, seen = play("duel", None, seed, 10)
        total += seen
    for kind in WATCHED:
        assert total[kind] > 0, f"no {kind} in six random duels: {dict(total)}"


def test_a_random_game_with_combats_replays_to_the_same_state() -> None:
    gc = created("duel", n_main=10, n_battlefields=3)
    payloads, final = bot.simulate(gc, seed=11, max_turns=10)
    assert any(p.type == "CombatDamageAssigned" for p in payloads)
    state = engine.new_game(gc)
    for seq, d in enumerate(payloads, 2):
        state, _ = engine.apply(state, d, seq=seq)
    assert state == final
