"""GameState.clone() is a deep, independent copy equal to a JSON round trip."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from riftlog.rules.board.state import (
    BattlefieldState,
    ChainItem,
    GameObject,
    GameState,
    PlayerState,
    RunePool,
    Showdown,
    game_object_of,
)
from tests.build_marks import untyped_state_values
from tests.rules.bot_games import bot_moves


def _non_default(cls: type) -> object:
    """An instance of *cls* whose every field differs from its default."""
    values: dict[str, object] = {}
    nested = getattr(cls, "NESTED", {})
    for f in dataclasses.fields(cls):
        kind = str(f.type)
        if f.name in nested:
            child, how = nested[f.name]
            one = _non_default(child)
            values[f.name] = one if how == "one" else [one] if how == "list" else {"k": one}
        elif "bool" in kind:
            values[f.name] = True
        elif kind.startswith("int"):
            values[f.name] = 7
        elif "list" in kind:
            values[f.name] = ["x", "y"]
        elif kind.startswith("dict[str, int]"):
            values[f.name] = {"k": 3}
        elif "dict" in kind:
            values[f.name] = {"k": ["nested"]}
        else:
            values[f.name] = f"{f.name}-value"
    return cls(**values)


@pytest.mark.parametrize("cls", [GameObject, PlayerState, BattlefieldState, RunePool,
                                 ChainItem, Showdown])
@untyped_state_values
def test_a_copy_covers_every_field(cls: type) -> None:
    """The hand-written copies (issue 26: GameObject, PlayerState, BattlefieldState) and the
    generic one: every field, one by one, survives (a new field not copied would differ or
    be unset), in containers of its own."""
    obj = _non_default(cls)
    twin = obj.copy()  # type: ignore[attr-defined]
    assert type(twin) is cls and twin == obj
    for f in dataclasses.fields(cls):
        assert getattr(twin, f.name) == getattr(obj, f.name), f.name
    assert not _shared(obj, twin)


def _containers(value: Any, out: dict[int, Any]) -> None:
    """Every mutable container (and state object) reachable from *value*, by id."""
    if isinstance(value, (list, dict)) or dataclasses.is_dataclass(value):
        if id(value) in out:
            return
        out[id(value)] = value
    if isinstance(value, list):
        for v in value:
            _containers(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _containers(v, out)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            _containers(getattr(value, f.name), out)


def _shared(a: Any, b: Any) -> set[int]:
    """The ids of the mutable containers *a* and *b* both reach."""
    mine: dict[int, Any] = {}
    theirs: dict[int, Any] = {}
    _containers(a, mine)
    _containers(b, theirs)
    return set(mine) & set(theirs)


@pytest.mark.parametrize("mode,seed", [("duel", 61), ("ffa4", 62), ("2v2", 63)])
def test_clone_of_bot_game_states_is_the_json_round_trip_and_shares_nothing(
        mode: str, seed: int) -> None:
    """On every state of seeded bot games: the clone (the hand-written copies) equals the
    generic JSON round trip, shares no list, dict or state object with the original, and
    a change to the clone never reaches the original."""
    seen = 0
    for step, state, _actions in bot_moves(mode, seed, steps=300):
        if step % 2:
            continue
        twin = state.clone()
        assert twin == state == GameState.from_json(state.to_json())
        assert twin.to_json() == state.to_json()
        assert not _shared(state, twin)
        seen += 1
    assert seen > 50


@untyped_state_values
def test_clone_is_independent_of_the_original() -> None:
    obj = _non_default(GameObject)
    assert isinstance(obj, GameObject)
    state = GameState(
        edition="v1.3", mode="duel", seating=["p1", "p2"],
        players={"p1": PlayerState(id="p1", name="A", hand=["p1.m01"]),
                 "p2": PlayerState(id="p2", name="B")},
        objects={obj.oid: obj},
        battlefields=[BattlefieldState(oid="p1.bf1", card="OGN-275", owner="p1")],
        chain=[ChainItem(id="c1", kind="spell", controller="p1", source=None)],
        showdown=Showdown(battlefield="p1.bf1"),
        effects=[{"id": "e1", "affects": {"oids": ["a"]}}],
    )
    twin = state.clone()
    assert twin == state == GameState.from_json(state.to_json())
    twin.players["p1"].hand.append("p1.m02")
    twin.objects[obj.oid].mods["k"].append("more")
    twin.effects[0]["affects"]["oids"].append("b")
    twin.battlefields[0].units.append("u")
    assert state.players["p1"].hand == ["p1.m01"]
    assert state.objects[obj.oid].mods == {"k": ["nested"]}
    assert state.effects[0]["affects"]["oids"] == ["a"]
    assert state.battlefields[0].units == []


@untyped_state_values
def test_game_object_of_takes_the_fields_in_declaration_order() -> None:
    """The snapshot loader's maker (issue 26) puts each value in its own field, as the
    constructor does, and refuses a wrong count."""
    names = [f.name for f in dataclasses.fields(GameObject)]
    values = [f"value-{i}" for i in range(len(names))]  # (a maker sets, never checks, types)
    made = game_object_of(values)
    for name, value in zip(names, values, strict=True):
        assert getattr(made, name) == value, name
    obj = _non_default(GameObject)
    assert game_object_of([getattr(obj, n) for n in names]) == obj
    with pytest.raises(ValueError):
        game_object_of(values[:-1])
    with pytest.raises(ValueError):
        game_object_of([*values, None])
