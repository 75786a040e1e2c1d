"""issue 26: ``mighty.mighty_on_board`` (the "becomes Mighty" watch's look at the whole board)
skips the look when nothing it reads changed since the thread's last look: in the engine's
own flow of seeded bot games (duel, ffa3, ffa4, the big FFA4 board, the seek benchmark's
long FFA4 game style) it gives, after every decision, the board's units and ``is_mighty``
of each as the full computation does, and it does skip; the games reach the same states
and fire the same triggers with it as with the full look; then each input of a unit's sign,
of the buff counts and of the world, changed in place alone after a look, changes the
answer as it must."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from riftlog.rules.board import layers, mighty
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects, mighty_watch, triggers
from tests.rules.combat_board import SERGEANT, SKULKER, table, unit
from tests.rules.test_mighty_memo import _long_states
from tests.rules.test_mighty_units import _big_board_states, _states


def _full(state: GameState, lists: Any) -> tuple[list[str], list[str]]:
    """The look without any memory: each board object read, each unit judged afresh."""
    units, _holders = mighty_watch._board_units(state)
    assert list(lists) == effects._board_lists(state)
    return units, [o for o in units if layers.is_mighty(state, o)]


class _Checked:
    """The engine's look, checked against the full one at every call; counts the looks
    skipped (no unit judged, not even by the memory: ``mighty._judged`` not called)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.looks = self.skipped = 0
        look, inner = mighty.mighty_on_board, mighty._judged
        self.inner_calls = 0

        def counted_inner(*args: Any, **kw: Any) -> Any:
            self.inner_calls += 1
            return inner(*args, **kw)

        def checked(state: GameState, lists: Any) -> tuple[list[str], list[str]]:
            lists = list(lists)
            want = _full(state, lists)
            before = self.inner_calls
            got = look(state, lists)
            assert got == want, (state.turn, got, want)
            self.looks += 1
            self.skipped += self.inner_calls == before
            return got

        monkeypatch.setattr(mighty, "_judged", counted_inner)
        monkeypatch.setattr(mighty, "mighty_on_board", checked)


def _run(states: Iterator[GameState], checked: _Checked | None = None) -> int:
    """Plays the states out; with *checked*, looks at each state the engine did not look
    at (a game whose cards do not hear "becomes Mighty"), once, as the watch would."""
    n = 0
    before = 0
    for state in states:
        if checked is not None:
            if checked.looks == before:
                mighty.mighty_on_board(state, effects._board_lists(state))
            before = checked.looks
        n += 1
    return n


@pytest.mark.parametrize("mode,seed", [("duel", 1), ("duel", 6), ("ffa3", 2), ("ffa4", 5)])
def test_the_look_in_bot_games(mode: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every board size signed and remembered (``_SMALL`` and ``_FEW`` 0): the full answer
    after every decision, and some looks skipped."""
    monkeypatch.setattr(mighty, "_SMALL", 0)
    monkeypatch.setattr(mighty, "_FEW", 0)
    mighty.forget()
    checked = _Checked(monkeypatch)
    assert _run(_states(mode, seed, 500)) > 100
    if checked.looks:  # (only games whose cards hear "becomes Mighty" look)
        assert checked.skipped > checked.looks // 10, (checked.looks, checked.skipped)


@pytest.mark.parametrize("seed", [5, 2])
def test_the_look_on_a_big_ffa4_board(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    mighty.forget()
    checked = _Checked(monkeypatch)
    assert _run(_big_board_states(seed, 600), checked) > 400
    assert checked.looks > 400 and checked.skipped > checked.looks // 5, (
        checked.looks, checked.skipped)


def test_the_look_in_the_long_ffa4_game(monkeypatch: pytest.MonkeyPatch) -> None:
    mighty.forget()
    checked = _Checked(monkeypatch)
    assert _run(_long_states("ffa4", 5, 64, 900), checked) >= 850
    assert checked.looks > 800 and checked.skipped > checked.looks // 3, (
        checked.looks, checked.skipped)
    print(f"long FFA4: {checked.looks} looks, {checked.skipped} skipped")


def _play(states: Iterator[GameState], monkeypatch: pytest.MonkeyPatch,
          full: bool) -> tuple[list[dict[str, Any]], list[tuple[Any, ...]]]:
    fired: list[tuple[Any, ...]] = []
    fire = triggers.fire

    def spy(state: GameState, event: str, **kw: Any) -> Any:
        if event == mighty_watch.EVENT:
            fired.append((state.counters.get("effect_ts"), kw.get("obj"), kw.get("player")))
        return fire(state, event, **kw)

    if full:
        monkeypatch.setattr(mighty, "mighty_on_board", _full)
    monkeypatch.setattr(triggers, "fire", spy)
    mighty.forget()
    out = [state.to_json() for state in states]
    monkeypatch.undo()
    return out, fired


@pytest.mark.parametrize("which", ["big", "ffa4"])
def test_same_states_and_triggers_as_the_full_look(which: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def states() -> Iterator[GameState]:
        return _big_board_states(5, 400) if which == "big" else _states("ffa4", 0, 400)

    monkeypatch.setattr(mighty, "_SMALL", 0)
    monkeypatch.setattr(mighty, "_FEW", 0)
    looked, fired = _play(states(), monkeypatch, full=False)
    monkeypatch.setattr(mighty, "_SMALL", 0)
    monkeypatch.setattr(mighty, "_FEW", 0)
    full, fired_full = _play(states(), monkeypatch, full=True)
    assert len(looked) == len(full) > 100
    assert fired == fired_full
    assert looked == full


# --- each input, changed in place alone after a look ----------------------------------------


def _agrees(state: GameState) -> list[str]:
    got = mighty.mighty_on_board(state, effects._board_lists(state))
    assert got == _full(state, effects._board_lists(state)), state.effects
    return got[1]


def test_each_input_changed_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mighty, "_SMALL", 0)
    monkeypatch.setattr(mighty, "_FEW", 0)
    mighty.forget()
    state = table()
    oid = unit(state, SKULKER, "p1")  # Might 3
    other = unit(state, SERGEANT, "p1")
    obj = state.objects[oid]
    need = layers.MIGHTY - (layers.characteristics(state, oid).might or 0)
    here = {"layer": "arithmetic", "affects": {"location": "source", "other_than_source": True,
                                               "source_controller": True, "type": "Unit"},
            "might": need, "source": other, "until": "source_leaves", "id": "e1",
            "timestamp": 1}
    state.effects = [here]
    assert _agrees(state) == [oid]
    assert _agrees(state) == [oid]  # (skipped)
    # the effect edited in place; the source's location (the world)
    here["might"] = need - 1
    assert _agrees(state) == []
    here["might"] = need
    assert _agrees(state) == [oid]
    src = state.objects[other]
    loc = src.location
    src.location = "bf2"
    assert _agrees(state) == []
    src.location = loc
    assert _agrees(state) == [oid]
    # the unit's own fields
    obj.controller = "p2"
    assert _agrees(state) == []
    obj.controller = "p1"
    assert _agrees(state) == [oid]
    obj.token = True
    state.effects[0]["affects"]["token"] = False
    assert _agrees(state) == []
    obj.token = False
    assert _agrees(state) == [oid]
    del state.effects[0]["affects"]["token"]
    # mods edited in place (the dict of the last look's sign, not a new one)
    obj.mods["might"] = -1
    assert _agrees(state) == []
    del obj.mods["might"]
    assert _agrees(state) == [oid]
    # buff and the buff counts edited in place (703)
    here["might"] = need - 1
    assert _agrees(state) == []
    obj.buffed = True
    assert _agrees(state) == [oid]
    state.extra["buff_counts"] = counts = {oid: 1}
    assert _agrees(state) == [oid]
    here["might"] = need - 2
    assert _agrees(state) == []
    counts[oid] = 2
    assert _agrees(state) == [oid]
    counts[oid] = 1
    assert _agrees(state) == []
    # another card (its printed Might), then a unit leaving the board list
    here["might"] = need
    assert _agrees(state) == [oid]
    skulker, obj.card = obj.card, state.objects[other].card
    _agrees(state)
    obj.card = skulker
    assert _agrees(state) == [oid]
    bf = next(b for b in state.battlefields if oid in b.units)
    bf.units.remove(oid)
    assert _agrees(state) == []
    bf.units.append(oid)
    assert _agrees(state) == [oid]


def test_a_count_per_points_changes_the_world(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mighty, "_SMALL", 0)
    monkeypatch.setattr(mighty, "_FEW", 0)
    mighty.forget()
    state = table()
    oid = unit(state, SKULKER, "p1")  # Might 3
    state.effects = [{"layer": "arithmetic", "affects": {"is_source": True}, "might": 1,
                      "per": "controller_points", "source": oid, "until": "source_leaves",
                      "id": "e1", "timestamp": 1}]
    for points in (0, 1, 2, 2, 1, 3, 3, 0):
        state.players["p1"].points = points
        assert _agrees(state) == ([oid] if 3 + points >= layers.MIGHTY else [])


def test_forgotten_with_the_card_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mighty, "_SMALL", 0)
    monkeypatch.setattr(mighty, "_FEW", 0)
    mighty.forget()
    state = table()
    unit(state, SKULKER, "p1")
    _agrees(state)
    assert mighty._memory().last is not None
    layers.clear_cache()
    _agrees(state)  # (the memory was emptied first, then this look remembered)
    mighty.forget()
    assert mighty._memory().last is None


def test_each_thread_has_its_own_memory() -> None:
    mine = mighty._memory()
    theirs: list[object] = []
    worker = threading.Thread(target=lambda: theirs.append(mighty._memory()))
    worker.start()
    worker.join()
    assert theirs and theirs[0] is not mine
    assert mighty._memory() is mine
