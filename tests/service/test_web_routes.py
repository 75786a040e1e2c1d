"""What the web pages read (riftlog.service.routes_web), on SQLite and PostgreSQL: the
event log and the board cut for each role's view (no hidden card in them), the views a
token may switch between, the game list's rows and filters, and the pages themselves."""

from __future__ import annotations

from typing import Any

import pytest

from tests.service.conftest import World
from tests.service.test_access_matrix import G1_VIEWS, _check_rows, _unknown_by_seq
from tests.usecases.leaks import leaked_ids


@pytest.mark.parametrize("role", sorted(G1_VIEWS))
def test_the_log_and_the_board_name_no_hidden_card(world: World, role: str) -> None:
    viewer = G1_VIEWS[role]
    unknown = _unknown_by_seq(world, "g1", viewer)
    log = world.get("/games/g1/log", role).json()
    assert log["viewer"].partition(":")[0] == viewer
    assert log["events"], role
    _check_rows(log["events"], unknown, f"{role} log")
    assert log["dispute"] is None  # the dispute report is a judge's
    for seq in range(1, world.store.last_seq("g1") + 1, 4):
        board = world.get("/games/g1/board", role, params={"seq": seq}).json()
        assert not leaked_ids(board, unknown[board["seq"]]), f"{role} board at {seq}"


def test_a_delayed_spectator_reads_neither_log_nor_board_past_the_delay(world: World) -> None:
    last = world.store.last_seq("g1")
    delay = world.get("/games/g1", "judge").json()["spectator_delay"]
    log = world.get("/games/g1/log", "spectator").json()
    assert log["viewer"] == f"spectator:{delay}"
    assert log["events"][-1]["seq"] == last - delay
    assert log["summary"]["seen_seq"] == last - delay
    board = world.get("/games/g1/board", "spectator", params={"seq": last}).json()
    assert board["seq"] == last - delay


def test_the_views_a_token_may_switch_between(world: World) -> None:
    def views(role: str) -> list[str]:
        return list(world.get("/games/g1/views", role).json()["views"])

    assert views("judge")[:3] == ["judge", "p1", "p2"]
    assert views("player") == ["p1"]
    assert views("player_other") == ["p2"]
    assert views("spectator") == ["spectator:3"]
    assert "public" not in views("judge")  # g1 is not over
    assert world.get("/games/g2/views", "anon").json()["views"] == ["public"]


def test_the_judge_reads_the_verdicts_and_the_dispute_summary(world: World) -> None:
    log = world.get("/games/g2/log", "judge").json()
    assert log["dispute"]["counts"]["illegal"] == 0 and log["dispute"]["ok"] is True
    first = log["events"][0]
    assert first["seq"] == 1 and first["type"] == "GameCreated"
    assert {"notation", "words", "turn", "verdict", "judge", "voided"} <= set(first)
    assert all(e["verdict"]["verdict"] == "legal" for e in log["events"])


def test_the_board_holds_mights_and_card_facts_without_card_text(world: World) -> None:
    res = world.get("/games/g2/board", "judge", params={"seq": world.store.last_seq("g2") // 2})
    assert res.status_code == 200, res.text
    board = res.json()
    objects = board["state"]["objects"]
    assert board["mights"] and all(oid in objects for oid in board["mights"])
    facts: dict[str, Any] = next(iter(board["cards"].values()))
    assert set(facts) == {"id", "name", "type", "supertype", "domains", "energy", "power",
                          "might", "tags", "keywords"}
    res = world.get("/games/g2/board", "judge", params={"seq": 100000})
    assert res.status_code == 422 and "seq 100000 is not stored" in res.json()["detail"]


def test_the_game_list_filters(world: World) -> None:
    def ids(role: str, **params: Any) -> list[str]:
        res = world.get("/web/games", role, params=params)
        assert res.status_code == 200, res.text
        return [g["id"] for g in res.json()["items"]]

    assert {"g1", "g2", "g3"} <= set(ids("judge"))
    assert ids("anon") == ["g2"]
    assert "h1" not in ids("judge") and ids("judge", tournament_id="t2") == []
    assert ids("judge", result="unfinished") == [g for g in ids("judge") if g not in ("g2", "g3")]
    assert "g2" in ids("judge", result="over") and "g1" not in ids("judge", result="over")
    assert ids("judge", player="nobody") == [] and "g2" in ids("judge", player="alice")
    assert "g2" in ids("judge", legend="dark child") and ids("judge", legend="zed") == []
    assert ids("judge", illegal=True) == []
    row = world.get("/web/games", "spectator").json()["items"][0]
    assert row["id"] == "g1" and row["seen_seq"] == world.store.last_seq("g1") - 3


def test_the_pages_and_their_static_files(world: World) -> None:
    for path in ("/", "/replay/g1"):
        res = world.client.get(path)
        assert res.status_code == 200 and res.headers["content-type"].startswith("text/html")
        assert "script-src 'self'" in res.headers["content-security-policy"]
    js = world.client.get("/static/board.js")
    assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
    for bad in ("/static/../routes_web.py", "/static/%2e%2e/__init__.py", "/static/nothing.js"):
        assert world.client.get(bad).status_code == 404, bad
