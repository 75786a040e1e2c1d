"""issue 26: ``mighty.mighty_units`` remembers each unit's answer while what it reads stays
the same (board/mighty.py): at every state of seeded bot games (duel, ffa3, ffa4, the long
FFA4 game style of the seek benchmark, hypothesis-drawn games) it gives the full per-unit
answer, the memory is used (fewer units judged than asked), and a game played with the
memory fires the same triggers and reaches the same states as one without it; then each
input of the world and of a unit's key, changed alone, changes the answer as it must."""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riftlog.errors import UnsupportedCard, UnsupportedRule
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.rules import bot, engine
from riftlog.rules.board import layers, mighty
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import mighty_watch, triggers
from tests.build_marks import pure_only, untyped_state_values
from tests.rules.board import FURY_RUNE, put
from tests.rules.combat_board import SERGEANT, SKULKER, table, unit
from tests.rules.test_mighty_units import _big_board_states, _homebody, _states

DECKS = sorted((Path(__file__).resolve().parents[2] / "replays" / "decks").glob("*.txt"))


@pytest.fixture(autouse=True)
def _every_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memory on boards of any size here (small ones are judged afresh otherwise)."""
    monkeypatch.setattr(mighty, "_FEW", 0)


class _Counted:
    """Counts the units the full computation judges (to show the memory is used)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.judged = 0
        full = mighty.mighty_units_full

        def counted(state: GameState, oids: Any, holders: Any = None) -> list[str]:
            oids = list(oids)
            self.judged += len(oids)
            return full(state, oids, holders)

        monkeypatch.setattr(mighty, "mighty_units_full", counted)


def _check(state: GameState) -> int:
    """The look on the board's units against ``is_mighty`` of each; how many were asked."""
    units, holders = mighty_watch._board_units(state)
    want = [o for o in units if layers.is_mighty(state, o)]
    assert mighty.mighty_units(state, units, holders) == want
    assert mighty.mighty_units(state, units) == want
    return len(units)


def _long_states(mode: str, seed: int, deck_size: int, steps: int) -> Iterator[GameState]:
    """The seek benchmark's long game (benchmarks/replay.py ``record_long_game``): grown
    decks, nobody moves a unit to a battlefield, Burn Out points to the fewest."""
    spec = importlib.util.spec_from_file_location(
        "bench_replay", Path(__file__).resolve().parents[2] / "benchmarks" / "replay.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    n = {"duel": 2, "ffa3": 3, "ffa4": 4}[mode]
    players = tuple(PlayerSpec(id=f"p{k + 1}", name=f"P{k + 1}", deck=bench.long_deck(
        DECKS[(seed + k) % 4], deck_size, mode).to_spec()) for k in range(n))
    state = engine.new_game(GameCreated(mode=mode, catalog_version="test",
                                        engine_version="test", players=players))
    rng = random.Random(seed)
    for _ in range(steps):
        reqs = engine.pending(state)
        if state.is_over() or not reqs:
            return
        req = reqs[0]
        if req.player is None:
            engine.apply_in_place(state, bot.random_outcome(state, req, rng))
            yield state
            continue

        def policy(c: Any, req: Any = req) -> bool:
            if c.type == "BurnOutPointGiven":
                pts = {o: state.players[o].points for o in req.options["opponents"]}
                return bool(pts[c.opponent] == min(pts.values()))
            return _homebody(c)

        try:
            engine.apply_in_place(state, bot.choose(state, rng, policy=policy))
        except (UnsupportedRule, UnsupportedCard):
            return
        yield state


@pure_only("riftlog.rules.board.mighty")
@pytest.mark.parametrize("mode,seed", [("duel", 1), ("duel", 6), ("ffa3", 2), ("ffa4", 5)])
def test_memory_gives_the_full_answer_on_bot_games(mode: str, seed: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    n, asked, judged = _judged_share(_states(mode, seed, 500), monkeypatch, _check)
    assert n > 100 and asked > 500, (n, asked)
    assert judged < asked, (asked, judged)


def _judged_share(states: Iterator[GameState], monkeypatch: pytest.MonkeyPatch,
                  check: Callable[[GameState], int] | None = None) -> tuple[int, int, int]:
    """(states, units asked, units the full computation judged) of the look at each state;
    *check* then looks again (its judging is not counted)."""
    counted = _Counted(monkeypatch)
    mighty.forget()
    asked = n = judged = 0
    for state in states:
        units, holders = mighty_watch._board_units(state)
        before = counted.judged
        got = mighty.mighty_units(state, units, holders)
        judged += counted.judged - before
        asked += len(units)
        assert got == [o for o in units if layers.is_mighty(state, o)]
        if check is not None:
            check(state)
        n += 1
    return n, asked, judged


@pure_only("riftlog.rules.board.mighty")
def test_memory_on_a_big_ffa4_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """Many units in the bases under "other friendly units here" passives: the full answer
    at every state, and most units' answers come from the memory."""
    n, asked, judged = _judged_share(_big_board_states(5, 500), monkeypatch)
    assert n > 450 and asked > 5_000, (n, asked)
    assert judged < asked // 4, (asked, judged)
    print(f"big FFA4: {n} states, {asked} units asked, {judged} judged afresh")


@pure_only("riftlog.rules.board.mighty")
def test_memory_on_the_long_ffa4_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seek benchmark's long FFA4 game style (grown decks, homebody players): the full
    answer at every state of its first 900 decisions, nearly all answers from the memory
    (~180 of ~49,000 units judged afresh)."""
    n, asked, judged = _judged_share(_long_states("ffa4", 5, 64, 900), monkeypatch)
    assert n >= 850 and asked > 10_000, (n, asked)
    assert judged < asked // 10, (asked, judged)
    print(f"long FFA4: {n} states, {asked} units asked, {judged} judged afresh")


@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # (_every_board)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["duel", "ffa3", "ffa4"]))
def test_memory_on_random_bot_games(seed: int, mode: str) -> None:
    mighty.forget()
    for state in _states(mode, seed, 200):
        _check(state)


def _play(mode: str, seed: int, steps: int, look: Callable[..., list[str]],
          monkeypatch: pytest.MonkeyPatch) -> tuple[list[dict[str, Any]], list[tuple[Any, ...]]]:
    """The states after each decision of a bot game, and the "becomes Mighty" triggers
    fired, with *look* as the watch's look."""
    fired: list[tuple[Any, ...]] = []
    fire = triggers.fire

    def spy(state: GameState, event: str, **kw: Any) -> Any:
        if event == mighty_watch.EVENT:
            fired.append((state.counters.get("effect_ts"), kw.get("obj"), kw.get("player")))
        return fire(state, event, **kw)

    def mighty_on_board(state: GameState, lists: Any) -> tuple[list[str], list[str]]:
        units, holders = mighty_watch._board_units(state)  # (the watch's look: this one)
        return units, look(state, units, holders)

    monkeypatch.setattr(mighty, "mighty_on_board", mighty_on_board)
    monkeypatch.setattr(triggers, "fire", spy)
    mighty.forget()
    out = [state.to_json() for state in _states(mode, seed, steps)]
    monkeypatch.undo()
    return out, fired


@pure_only("riftlog.rules.board.mighty", "riftlog.rules.interpreter.mighty_watch")
@pytest.mark.parametrize("mode,seed", [("duel", 1), ("ffa3", 2), ("ffa4", 0)])
def test_same_triggers_and_states_with_and_without_the_memory(
        mode: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The "becomes Mighty" watch fires the same triggers, and the game reaches the same
    states after every decision (the watch's own record ``mighty_seen`` included), with the
    memory as with the full look at every unit."""
    remembered, fired = _play(mode, seed, 300, mighty.mighty_units, monkeypatch)
    full, fired_full = _play(mode, seed, 300, mighty.mighty_units_full, monkeypatch)
    assert len(remembered) == len(full) > 100
    assert fired == fired_full and len(fired) >= 4, fired_full
    assert remembered == full
    assert any("mighty_seen" in s["extra"] for s in full)  # the SFD decks hear it


# --- each input, changed alone ------------------------------------------------------------


def _agrees(state: GameState, oids: list[str]) -> list[str]:
    got = mighty.mighty_units(state, oids)
    assert got == [o for o in oids if layers.is_mighty(state, o)], state.effects
    return got


def test_each_input_of_a_units_key_and_of_the_world() -> None:
    mighty.forget()
    state = table()
    oid = unit(state, SKULKER, "p1")  # Might 3
    other = unit(state, SERGEANT, "p1")
    obj = state.objects[oid]
    need = layers.MIGHTY - (layers.characteristics(state, oid).might or 0)
    assert _agrees(state, [oid, other]) == []
    # an effect from *other* while it stays: +need to the units of p1 at its location
    here = {"layer": "arithmetic", "affects": {"location": "source", "other_than_source": True,
                                               "source_controller": True, "type": "Unit"},
            "might": need, "source": other, "until": "source_leaves", "id": "e1",
            "timestamp": 1}
    state.effects = [here]
    assert _agrees(state, [oid, other]) == [oid]
    # the source's location (the world): it leaves for the trash, then comes back
    src = state.objects[other]
    zone, loc = src.zone, src.location
    src.zone, src.location = "trash", None
    assert _agrees(state, [oid]) == []
    src.zone, src.location = zone, loc
    assert _agrees(state, [oid, other]) == [oid]
    # the unit's own location, controller, token-ness, stun under conditions
    zone, loc = obj.zone, obj.location
    obj.location = "base:p1"
    obj.zone = "base"
    assert _agrees(state, [oid]) == []
    obj.zone, obj.location = zone, loc
    obj.controller = "p2"
    assert _agrees(state, [oid]) == []
    obj.controller = "p1"
    assert _agrees(state, [oid]) == [oid]
    state.effects = [{**here, "affects": {**here["affects"], "token": True}}]
    assert _agrees(state, [oid]) == []
    obj.token = True
    assert _agrees(state, [oid]) == [oid]
    obj.token = False
    state.effects = [{**here, "condition": {"stunned": True}}]
    assert _agrees(state, [oid]) == []
    obj.stunned = True
    assert _agrees(state, [oid]) == [oid]
    obj.stunned = False
    # the effect's data changed in place (a dict edited, not replaced)
    state.effects = [dict(here)]
    assert _agrees(state, [oid]) == [oid]
    state.effects[0]["might"] = need - 1
    assert _agrees(state, [oid]) == []
    # buff and buff count (703)
    obj.buffed = True
    assert _agrees(state, [oid]) == [oid]
    state.extra["buff_counts"] = {oid: 2}
    state.effects[0]["might"] = need - 2
    assert _agrees(state, [oid]) == [oid]
    state.extra["buff_counts"] = {oid: 1}
    assert _agrees(state, [oid]) == []


def test_a_count_per_points_is_part_of_the_world() -> None:
    """Draven's "+1 Might per point of my controller" (per controller_points): the count is
    read at each look."""
    mighty.forget()
    state = table()
    oid = unit(state, SKULKER, "p1")  # Might 3
    state.effects = [{"layer": "arithmetic", "affects": {"is_source": True}, "might": 1,
                      "per": "controller_points", "source": oid, "until": "source_leaves",
                      "id": "e1", "timestamp": 1}]
    for points in (0, 1, 2, 1, 3, 0):
        state.players["p1"].points = points
        assert _agrees(state, [oid]) == ([oid] if 3 + points >= layers.MIGHTY else [])


@pure_only("riftlog.rules.board.mighty")
def test_effects_reading_more_are_judged_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """An effect whose filter reads the turn's moves (outside the memory's filter keys), a
    count of the unit's own gear, or a v1.2 game: every unit is judged at every look."""
    state = table()
    oid = unit(state, SKULKER, "p1")
    counted = _Counted(monkeypatch)
    mighty.forget()
    state.effects = [{"layer": "arithmetic", "affects": {"oid": oid, "moved_at_least": 1},
                      "might": 2, "until": "end_of_turn", "id": "e1", "timestamp": 1}]
    for _ in range(3):
        _agrees(state, [oid])
    assert counted.judged == 3
    state.effects = [{"layer": "ability", "affects": {"oid": oid}, "grant": ["Assault"],
                      "per": "controller_equipment_on_it", "until": "end_of_turn", "id": "e1",
                      "timestamp": 1}]
    for _ in range(2):
        _agrees(state, [oid])
    assert counted.judged == 5
    state.effects = [_HARMLESS]
    _agrees(state, [oid])
    _agrees(state, [oid])
    assert counted.judged == 6  # remembered
    state.edition = "v1.2"
    _agrees(state, [oid])
    _agrees(state, [oid])
    assert counted.judged == 8


#: an effect that touches no unit of the tables here
_HARMLESS = {"layer": "ability", "affects": {"oid": "nobody"}, "grant": ["Tank"],
             "until": "end_of_turn", "id": "e9", "timestamp": 9}


@pure_only("riftlog.rules.board.mighty")
def test_forgotten_with_the_card_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    state = table()
    oid = unit(state, SKULKER, "p1")
    counted = _Counted(monkeypatch)
    mighty.forget()
    state.effects = [_HARMLESS]
    _agrees(state, [oid])
    _agrees(state, [oid])
    assert counted.judged == 1
    layers.clear_cache()
    _agrees(state, [oid])
    assert counted.judged == 2


@pure_only("riftlog.rules.board.mighty")
def test_effects_that_are_not_plain_data_are_judged_afresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Effects the memory cannot compare as data (a set inside) are judged each look."""
    state = table()
    oid = unit(state, SKULKER, "p1")
    counted = _Counted(monkeypatch)
    mighty.forget()
    state.effects = [{"layer": "arithmetic", "affects": {"oids": {oid}}, "might": 2,
                      "until": "end_of_turn", "id": "e1", "timestamp": 1}]
    assert _agrees(state, [oid]) == [oid]
    assert _agrees(state, [oid]) == [oid]
    assert counted.judged == 2


def test_what_the_world_filters_read() -> None:
    """Filters that read more of the game than the unit (who is alone at its battlefield,
    its controller's runes, who is an enemy of the source, who discarded this turn): each
    fact changed alone changes the answer."""
    mighty.forget()
    state = table()
    oid = unit(state, SKULKER, "p1", designation="attacker")  # Might 3
    friend = unit(state, SERGEANT, "p1")
    need = layers.MIGHTY - 3

    def effect(source: str = friend, **affects: Any) -> dict[str, Any]:
        return {"layer": "arithmetic", "affects": {"oid": oid, **affects}, "might": need,
                "source": source, "until": "end_of_turn", "id": "e1", "timestamp": 1}

    state.effects = [effect(source=oid, alone=True)]
    assert _agrees(state, [oid]) == []
    state.objects[friend].controller = "p2"  # still there, no longer on its side
    assert _agrees(state, [oid]) == [oid]
    state.objects[friend].controller = "p1"
    assert _agrees(state, [oid]) == []
    state.effects = [effect(min_controller_runes=1)]
    assert _agrees(state, [oid]) == []
    put(state, FURY_RUNE, "p1", "base")
    assert _agrees(state, [oid]) == [oid]
    state.effects = [effect(enemy_of_source=True)]
    assert _agrees(state, [oid]) == []
    state.objects[friend].controller = "p2"  # the source's controller: p1 is its enemy
    assert _agrees(state, [oid]) == [oid]
    state.players["p1"].eliminated = True  # (opponents are players still in the game)
    assert _agrees(state, [oid]) == []
    state.players["p1"].eliminated = False
    state.objects[friend].controller = "p1"
    state.effects = [effect(discarded_this_turn=True)]
    assert _agrees(state, [oid]) == []
    state.players["p1"].turn_marks["discarded_turn"] = state.turn
    assert _agrees(state, [oid]) == [oid]
    state.turn += 1
    assert _agrees(state, [oid]) == []


@untyped_state_values
def test_what_is_no_key_is_judged_afresh() -> None:
    """A corrupt state (a list where a designation or a count's name belongs) gets the
    full look's answer, or its error, and never a TypeError of the memory's own."""
    mighty.forget()
    state = table()
    oid = unit(state, SKULKER, "p1")
    other = unit(state, SERGEANT, "p1")
    state.objects[oid].designation = ["attacker"]  # type: ignore[assignment]
    assert _agrees(state, [oid, other]) == []
    state.objects[other].mods["tags"] = ["Poro"]  # (unit by unit then)
    assert _agrees(state, [oid, other]) == []
    state.effects = [{"layer": "arithmetic", "affects": {"oid": "nobody"}, "might": 1,
                      "per": ["controller_points"], "until": "end_of_turn", "id": "e1",
                      "timestamp": 1}]  # affects no unit here: the full look raises nothing
    assert _agrees(state, [oid, other]) == []


@pure_only("riftlog.rules.board.mighty")
def test_a_few_units_are_judged_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the default :data:`mighty._FEW`, a small board skips the memory."""
    monkeypatch.setattr(mighty, "_FEW", 24)
    state = table()
    oid = unit(state, SKULKER, "p1")
    counted = _Counted(monkeypatch)
    state.effects = [_HARMLESS]
    _agrees(state, [oid])
    _agrees(state, [oid])
    assert counted.judged == 2
