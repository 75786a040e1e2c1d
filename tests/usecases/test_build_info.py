"""riftlog.build_info(): which build runs, pure Python or compiled by mypyc (issue 26)."""

from __future__ import annotations

import dataclasses

from click.testing import CliRunner

import riftlog
from riftlog.cli import main
from riftlog.rules import engine
from riftlog.rules.board import core, layers, state
from riftlog.rules.interpreter import once_each_turn


def _runs_compiled(module: object) -> bool:
    return not str(getattr(module, "__file__", "")).endswith(".py")


def test_build_info_names_the_modules_that_run_compiled() -> None:
    compiled = riftlog.compiled_modules()
    for module in (engine, layers, state):
        assert (module.__name__ in compiled) == _runs_compiled(module)
    if compiled:
        assert riftlog.build_info() == f"compiled (mypyc): {len(compiled)} modules"
    else:
        assert riftlog.build_info() == "pure Python"


def test_characteristics_made_fast_equal_the_constructor() -> None:
    args = ("p1.m01", "OGN-001", "A Unit", "unit", "p1", True, 3, 2, frozenset({"Yordle"}),
            {"Tank": None}, frozenset({"x"}), False)
    made = layers._new_characteristics(*args)
    assert made == layers.Characteristics(*args)
    assert [getattr(made, f.name) for f in dataclasses.fields(made)] == list(args)


def test_game_action_without_details_gets_its_own_empty_dict() -> None:
    a, b = core.GameAction("draw", "p1"), core.GameAction("draw", "p1", details=None)
    assert a.details == {} and b.details == {} and a.details is not b.details
    assert core.GameAction("draw", details={"n": 1}).details == {"n": 1}


def test_nested_states_are_declared_per_class() -> None:
    assert state.GameState.NESTED["players"] == (state.PlayerState, "dict")
    assert state.PlayerState.NESTED["pool"] == (state.RunePool, "one")
    assert state.GameObject.NESTED == {} and state.RunePool.NESTED == {}
    # NESTED is no field: a state's JSON holds none
    assert "NESTED" not in {f.name for f in dataclasses.fields(state.GameState)}


def test_a_keyword_ability_index_has_no_once_each_turn_limit() -> None:
    # a pending trigger's "ability" is an int or "kw:<Name>" (the compiled build checks the
    # declared types at run time: they were int only)
    assert once_each_turn.limit_of("OGN-001", "kw:Vision") is None


def test_riftlog_version_says_which_build_runs() -> None:
    out = CliRunner().invoke(main, ["--version"])
    assert out.exit_code == 0
    assert out.output == f"riftlog, version {riftlog.__version__} ({riftlog.build_info()})\n"
