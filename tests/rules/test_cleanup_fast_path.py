"""replay-perf: ``turn.cleanup`` first reads the common case in one go
(``turn._clean_as_is``: nobody can have won, no showdown, nothing waiting, nothing damaged,
foreign, to lose control of, to recall or to stage).  Wherever it says so, the full cleanup
(victory check and passes) must change nothing but the damage marks and settle clean; bot
games (every mode) go exactly as without it."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

from riftlog.reducer_fold import state_hash
from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn
from riftlog.rules.interpreter import replacement_effects
from tests.build_marks import pure_only
from tests.rules.bot_games import bot_moves

GAMES = [("duel", 41), ("duel", 42), ("ffa3", 43), ("ffa4", 44), ("2v2", 45)]


def _no_fast_path(state: GameState) -> bool:
    return False


def test_the_waits_are_the_replacement_tasks() -> None:
    assert replacement_effects._WAIT_KINDS is hooks.CLEANUP_WAITS
    assert {replacement_effects.DEATH_TASK, replacement_effects.RERUN_TASK,
            "combat_resolution"} == hooks.CLEANUP_WAITS


@pure_only("riftlog.rules.flow.turn")
@pytest.mark.parametrize("mode,seed", GAMES)
def test_where_the_fast_path_holds_the_full_cleanup_settles_clean_at_once(
        mode: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = turn._clean_as_is
    seen = {True: 0, False: 0}

    def compared(state: GameState) -> bool:
        quick = state.clone()
        said = fast(quick)
        seen[said] += 1
        if said:
            full = state.clone()
            log: list[GameAction] = []
            with monkeypatch.context() as m:
                m.setattr(turn, "_clean_as_is", _no_fast_path)
                assert turn.cleanup(full, log) is True, (mode, seed, state.turn)
            assert log == [] and full == quick, (mode, seed, state.turn, log)
        else:
            assert quick == state  # a refusal changes nothing
        return fast(state)

    monkeypatch.setattr(turn, "_clean_as_is", compared)
    for _ in bot_moves(mode, seed):
        pass
    assert seen[True] > 50 and seen[False] > 10, seen


def _play(mode: str, seed: int) -> list[tuple[str, list[Any]]]:
    return [(state_hash(state), [a.to_json() for a in log])
            for _, state, log in bot_moves(mode, seed)]


@pure_only("riftlog.rules.flow.turn")
@pytest.mark.parametrize("mode,seed", GAMES[::2])
def test_bot_games_go_as_without_the_fast_path(
        mode: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _play(mode, seed)
    monkeypatch.setattr(turn, "_clean_as_is", _no_fast_path)
    assert _play(mode, seed) == fast


@functools.cache
def _found_clean() -> tuple[GameState, ...]:
    return tuple(state.clone() for _, state, _log in bot_moves("duel", 41)
                 if not state.is_over() and turn._clean_as_is(state.clone()))


def _clean_states() -> list[GameState]:
    """States of a bot game where the fast path holds (copies)."""
    return [state.clone() for state in _found_clean()]


def _queued(entry: dict[str, Any]) -> Callable[[GameState], bool]:
    def change(state: GameState) -> bool:
        state.queue.insert(len(state.queue) // 2, dict(entry))
        return True
    return change


def _base_unit(change: Callable[[GameState, str, str], None]) -> Callable[[GameState], bool]:
    def perturb(state: GameState) -> bool:
        units = [(p.id, oid) for p in state.players.values() for oid in p.base
                 if card_facts(state.objects[oid].card).type == "Unit"]
        if units:
            change(state, *units[0])
        return bool(units)
    return perturb


def _battlefield(change: Callable[[GameState, Any], bool]) -> Callable[[GameState], bool]:
    def perturb(state: GameState) -> bool:
        return any(change(state, bf) for bf in state.battlefields)
    return perturb


def _foreign(state: GameState, owner: str, oid: str) -> None:
    state.objects[oid].controller = next(q for q in state.players if q != owner)


def _damaged(state: GameState, owner: str, oid: str) -> None:
    state.objects[oid].damage = 1


def _damaged_there(state: GameState, bf: Any) -> bool:
    if bf.units:
        state.objects[bf.units[0]].damage = 1
    return bool(bf.units)


def _held_empty(state: GameState, bf: Any) -> bool:  # 323.6: control is lost
    if bf.units or state.chain:
        return False
    bf.controller = next(iter(state.players))
    return True


def _at_victory(state: GameState) -> bool:
    next(iter(state.players.values())).points = state.victory_score
    return True


def _set(**values: Any) -> Callable[[GameState], bool]:
    def change(state: GameState) -> bool:
        for name, value in values.items():
            setattr(state, name, value)
        return True
    return change


def _on_first(**values: Any) -> Callable[[GameState], bool]:
    def change(state: GameState) -> bool:
        for name, value in values.items():
            for bf in state.battlefields[:1]:
                setattr(bf, name, value)
        return bool(state.battlefields)
    return change


#: Each makes one thing the full cleanup acts on (or waits for) in a clean state; False
#: when the state has nothing to change that way.
PERTURBATIONS: dict[str, Callable[[GameState], bool]] = {
    "a unit in a base controlled by another player": _base_unit(_foreign),
    "a damaged unit in a base": _base_unit(_damaged),
    "a damaged unit at a battlefield": _battlefield(_damaged_there),
    "an empty battlefield still controlled": _battlefield(_held_empty),
    "a contested battlefield": _on_first(contested_by="p1"),
    "a battlefield staged for a showdown": _on_first(showdown_staged=True),
    "a battlefield staged for a combat": _on_first(combat_staged=True),
    "gear at a battlefield": _on_first(gear=["x"]),
    "a hidden card at a battlefield": _on_first(facedown=["x"]),
    "a player at the Victory Score": _at_victory,
    "the v1.2 rules": _set(edition="v1.2"),
    "the game over": _set(phase="over"),
    "a kill's completion queued": _queued({"kind": "replacement_deaths"}),
    "a combat's resolution queued": _queued({"kind": "combat_resolution"}),
    "a custom effect to run again": _queued({"kind": "replacement_rerun"}),
    "an await to resume a task": _queued({"kind": "await", "request": "x", "then": {"kind": "x"}}),
    "a rerun mark": _queued({"kind": "effects", "replacement_rerun": True}),
    "a showdown entry": _queued({"kind": "await", "request": "focus", "showdown": True}),
    "a showdown choice": _queued({"kind": "await", "request": "showdown_choice"}),
}


@pytest.mark.parametrize("what", sorted(PERTURBATIONS))
def test_the_fast_path_leaves_the_rest_to_the_full_cleanup(what: str) -> None:
    tried = 0
    for state in _clean_states():
        if not PERTURBATIONS[what](state):
            continue
        assert turn._clean_as_is(state) is False, what
        tried += 1
    assert tried > 5
