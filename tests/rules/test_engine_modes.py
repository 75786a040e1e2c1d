"""Modes of play (v1.3 476-484) and privacy (128)."""

from __future__ import annotations

import json

import pytest

from riftlog.errors import UnsupportedRule
from riftlog.rules import engine
from riftlog.rules.board.modes import MODES, mode_spec, turn_order
from riftlog.rules.privacy import visible_actions
from tests.rules.engine_fixtures import created, start


def test_v1_3_480_to_484_mode_variables() -> None:
    assert {m: (s.players, s.victory_score, s.battlefield_count) for m, s in MODES.items()} == {
        "duel": (2, 8, 2), "match": (2, 8, 2), "ffa3": (3, 8, 3), "ffa4": (4, 8, 3),
        "2v2": (4, 11, 3),
    }


def test_v1_3_479_unknown_mode_is_unsupported() -> None:
    with pytest.raises(UnsupportedRule, match="479"):
        mode_spec("5v5")


def test_v1_3_116_1_b_clockwise_from_the_first_player() -> None:
    assert turn_order("ffa4", ["a", "b", "c", "d"], {}, "c") == ["c", "d", "a", "b"]


def test_v1_3_484_5_c_2_allies_across_the_table_play_clockwise() -> None:
    teams = {"a": "x", "b": "y", "c": "x", "d": "y"}
    assert turn_order("2v2", ["a", "b", "c", "d"], teams, "b") == ["b", "c", "d", "a"]


def test_v1_3_484_5_c_3_allies_side_by_side_pass_across_the_table() -> None:
    teams = {"a": "x", "b": "x", "c": "y", "d": "y"}
    order = turn_order("2v2", ["a", "b", "c", "d"], teams, "a")
    assert order == ["a", "c", "b", "d"]
    assert [teams[p] for p in order] == ["x", "y", "x", "y"]


def test_v1_3_484_7_two_v_two_first_player_skips_draw_last_gets_extra_rune() -> None:
    state = start(created("2v2", teams=["a", "b", "a", "b"]))
    assert state.turn_order == ["p1", "p2", "p3", "p4"]
    assert len(state.players["p1"].hand) == 4


def test_v1_3_128_player_view_hides_decks_and_opponents_hand() -> None:
    state = start()
    v = engine.view(state, "p1")
    p1, p2 = v["players"]["p1"], v["players"]["p2"]
    assert p1["main_deck"] == {"count": len(state.players["p1"].main_deck)}
    assert isinstance(p1["hand"], list) and p2["hand"] == {"count": 4}
    hidden = state.players["p2"].hand[0]
    assert hidden not in v["objects"] and state.players["p1"].hand[0] in v["objects"]
    assert json.dumps(v)  # plain JSON


def test_v1_3_128_spectator_and_judge_views() -> None:
    state = start()
    spec = engine.view(state, "spectator")
    assert spec["players"]["p1"]["hand"] == {"count": 5}
    assert not any(o["zone"] in ("hand", "main_deck", "rune_deck") for o in spec["objects"].values())
    assert engine.view(state, "judge") == state.to_json()
    with pytest.raises(ValueError):
        engine.view(state, "nobody")


def test_v1_3_128_draw_actions_are_private_to_the_drawer() -> None:
    from riftlog.events.decisions import TurnEnded

    _, log = engine.apply(start(), TurnEnded(player="p1"))
    draws = [a for a in log if a.kind == "draw"]
    assert draws and draws[0].player == "p2"
    seen_by_p1 = [a for a in visible_actions(draws, "p1")]
    assert seen_by_p1[0].objects == () and "card" not in seen_by_p1[0].details
    assert visible_actions(draws, "p2")[0].objects == draws[0].objects
