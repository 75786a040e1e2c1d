"""GameState.clone() is a deep, independent copy equal to a JSON round trip."""

from __future__ import annotations

import dataclasses

from riftlog.rules.board.state import (
    BattlefieldState,
    ChainItem,
    GameObject,
    GameState,
    PlayerState,
    Showdown,
)


def _non_default(cls: type) -> object:
    """An instance of *cls* whose every field differs from its default."""
    values: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        kind = str(f.type)
        if "bool" in kind:
            values[f.name] = True
        elif kind.startswith("int"):
            values[f.name] = 7
        elif "list" in kind:
            values[f.name] = ["x", "y"]
        elif "dict" in kind:
            values[f.name] = {"k": ["nested"]}
        else:
            values[f.name] = f"{f.name}-value"
    return cls(**values)


def test_game_object_copy_covers_every_field() -> None:
    obj = _non_default(GameObject)
    assert isinstance(obj, GameObject)
    twin = obj.copy()
    assert twin == obj
    # every field, one by one, survives the copy (a new field not copied would differ)
    for f in dataclasses.fields(GameObject):
        assert getattr(twin, f.name) == getattr(obj, f.name), f.name


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
