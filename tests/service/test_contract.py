"""The service's contract, on SQLite and PostgreSQL: resources, appends with the expected
seq and idempotency keys, reads as JSON and NDJSON, state, legal moves, reports, exports,
import, verify, cards and decks; every refusal RFC 9457 problem+json."""

from __future__ import annotations

import json
from typing import Any

import pytest

from riftlog.history import transcript_lines
from riftlog.replay import replay_game
from riftlog.views import Viewer, transcript
from tests.service.conftest import SAMPLE_PLAYERS, World, new_game

PROBLEM = "application/problem+json"


def problem(res: Any, status: int) -> dict[str, Any]:
    """The problem document of *res*, checked to be RFC 9457 with *status*."""
    assert res.status_code == status, res.text
    assert res.headers["content-type"].startswith(PROBLEM)
    doc: dict[str, Any] = res.json()
    assert doc["status"] == status and doc["type"].startswith("/problems/")
    assert doc["title"] and doc["detail"]
    return doc


def pending_decision(world: World, game_id: str) -> dict[str, Any]:
    """A legal decision the game awaits now (from the engine's move generator)."""
    res = world.get(f"/games/{game_id}/legal-moves", "judge")
    assert res.status_code == 200, res.text
    moves = res.json()["moves"]
    assert moves, res.json()
    return dict(json.loads(moves[0]))


def test_openapi_and_docs_are_served(world: World) -> None:
    spec = world.client.get("/openapi.json").json()
    for path in ("/games", "/games/{game_id}/events", "/games/{game_id}/state",
                 "/games/{game_id}/legal-moves", "/games/{game_id}/report",
                 "/games/{game_id}/dispute", "/games/{game_id}/export", "/export", "/import",
                 "/games/{game_id}/verify", "/cards/{name}", "/decks/check",
                 "/games/{game_id}/live", "/tournaments", "/matches"):
        assert path in spec["paths"], path
    assert world.client.get("/docs").status_code == 200


def test_games_list_filters_and_pages(world: World) -> None:
    page = world.get("/games", "organiser", params={"limit": 2}).json()
    assert page["total"] >= 3 and len(page["items"]) == 2
    rest = world.get("/games", "organiser", params={"limit": 2, "offset": 2}).json()
    ids = [g["id"] for g in page["items"] + rest["items"]]
    assert ids[:3] == ["g1", "g2", "g3"] and "h1" not in ids
    sealed = world.get("/games", "organiser", params={"status": "sealed"}).json()["items"]
    assert {g["id"] for g in sealed} == {"g2", "g3"}
    public = world.get("/games", "anon").json()["items"]
    assert [g["id"] for g in public] == ["g2"]


def test_append_one_decision_then_a_stale_expected_seq_is_a_409(world: World) -> None:
    last = world.store.last_seq("g1")
    decision = pending_decision(world, "g1")
    body = {"expected_seq": last, "events": [{"type": decision.pop("type"), "payload": decision,
                                              "client_event_id": f"c-{last}"}]}
    res = world.post("/games/g1/events", "recorder", body)
    assert res.status_code == 201, res.text
    out = res.json()
    assert out["events"][0]["seq"] == last + 1 and out["last_seq"] >= last + 1
    # a retry with the same client event id: stored once, answered again
    again = world.post("/games/g1/events", "recorder", body)
    assert again.status_code == 201 and again.json()["events"] == out["events"][:1]
    assert world.store.last_seq("g1") == out["last_seq"]
    # the same expected seq without the retry key: the game has moved on
    stale = {**body, "events": [{**body["events"][0], "client_event_id": None}]}
    doc = problem(world.post("/games/g1/events", "recorder", stale), 409)
    assert doc["expected"] == last and doc["actual"] == out["last_seq"]
    assert world.store.last_seq("g1") == out["last_seq"]


def test_a_decision_in_notation_is_appended_as_the_same_event(world: World) -> None:
    """issue 22: decisions are accepted in the notation (docs/notation.md) as well as JSON;
    the legal moves list each in both, and a line is stored as its JSON twin would be."""
    last = world.store.last_seq("g1")
    moves = world.get("/games/g1/legal-moves", "judge").json()
    line, data = moves["notation"][0], json.loads(moves["moves"][0])
    res = world.post("/games/g1/events", "recorder",
                     {"expected_seq": last, "events": [{"notation": line}]})
    assert res.status_code == 201, res.text
    (stored,) = list(world.store.read("g1", last + 1, last + 1))
    assert stored.type == data["type"]
    assert {k: v for k, v in stored.payload.items() if k in data} == data
    both = {"notation": line, "type": data["type"]}
    doc = problem(world.post("/games/g1/events", "recorder", {"events": [both]}), 422)
    assert "either notation or a type" in doc["detail"]
    bad = problem(world.post("/games/g1/events", "recorder",
                             {"events": [{"notation": "play No Such Card @ base"}]}), 422)
    assert "No Such Card" in bad["detail"] or "no card" in bad["detail"].lower()
    assert world.store.last_seq("g1") >= last + 1


def test_a_batch_is_appended_in_order(world: World) -> None:
    last = world.store.last_seq("g1")
    notes = [{"type": "NoteAdded", "payload": {"text": f"note {i}"}} for i in range(3)]
    res = world.post("/games/g1/events", "judge", {"expected_seq": last, "events": notes})
    assert res.status_code == 201, res.text
    assert [e["seq"] for e in res.json()["events"]] == [last + 1, last + 2, last + 3]
    texts = [ev.payload["text"] for ev in world.store.read("g1", last + 1)]
    assert texts == ["note 0", "note 1", "note 2"]


def test_an_illegal_decision_is_a_422_citing_the_rule_and_writes_nothing(world: World) -> None:
    last = world.store.last_seq("g1")
    state = world.get("/games/g1/state", "judge").json()["state"]
    waiting = [p for p in ("p1", "p2") if p != state.get("turn_player")]
    body = {"expected_seq": last, "events": [{"type": "TurnEnded",
                                              "payload": {"player": waiting[0]}}]}
    doc = problem(world.post("/games/g1/events", "recorder", body), 422)
    assert doc["type"] in ("/problems/illegal-decision", "/problems/impossible-decision")
    assert doc["rule"].startswith("v1.3 ") and doc["seq"] == last + 1
    assert doc["index"] == 0 and doc["stored"] == []
    assert world.store.last_seq("g1") == last


def test_unknown_game_malformed_body_and_unknown_type(world: World) -> None:
    assert problem(world.get("/games/nope", "judge"), 404)["type"] == "/problems/unknown-game"
    assert "riftlog.db" not in world.get("/games/nope", "judge").json()["detail"]
    problem(world.post("/games/g1/events", "judge", {"events": []}), 422)
    doc = problem(world.post("/games/g1/events", "judge",
                             {"events": [{"type": "NoSuchEvent", "payload": {}}]}), 400)
    assert "NoSuchEvent" in doc["detail"]


def test_events_read_as_json_and_as_ndjson_from_a_seq(world: World) -> None:
    rows = world.get("/games/g2/events", "judge", params={"from_seq": 5}).json()["events"]
    assert rows[0]["seq"] == 5 and rows[-1]["seq"] == world.store.last_seq("g2")
    with world.client.stream("GET", "/games/g2/events", params={"from_seq": 5},
                             headers={**world.headers("judge"),
                                      "Accept": "application/x-ndjson"}) as res:
        assert res.headers["content-type"].startswith("application/x-ndjson")
        lines = [json.loads(line) for line in res.iter_lines() if line]
    assert lines == rows
    # the same rows as the library's one redaction path gives a player
    mine = world.get("/games/g1/events", "player").json()["events"]
    lib = transcript(world.store.read("g1"), Viewer("player", "p1"))
    assert [r["seq"] for r in mine] == [r["seq"] for r in lib]
    assert [r["type"] for r in mine] == [r["type"] for r in lib]


def test_state_at_a_seq_and_the_spectator_delay(world: World) -> None:
    last = world.store.last_seq("g1")
    judge = world.get("/games/g1/state", "judge", params={"seq": 10}).json()
    assert judge["seq"] == 10
    spectator = world.get("/games/g1/state", "spectator").json()
    assert spectator["seq"] == last - 3 and spectator["viewer"] == "spectator:3"
    head = world.get("/games/g1", "spectator").json()  # nor does the game's row tell more
    assert head["last_seq"] == last - 3 and head["last_hash"] is None
    problem(world.get("/games/g1/state", "judge", params={"seq": last + 50}), 422)


def test_legal_moves_for_the_player_awaited_only(world: World) -> None:
    judge = world.get("/games/g1/legal-moves", "judge").json()
    assert judge["moves"] and judge["awaited"]
    awaited = judge["requests"][0].split(" from ")[1].split(":")[0]
    role = "player" if awaited == "p1" else "player_other"
    other = "player_other" if role == "player" else "player"
    assert world.get("/games/g1/legal-moves", role).json()["moves"]
    assert world.get("/games/g1/legal-moves", other).json()["moves"] == []


def test_reports_are_the_library_s(world: World) -> None:
    report = world.get("/games/g2/report", "judge").json()
    lib = replay_game(world.store, "g2").to_json()
    assert report["counts"] == lib["counts"] and report["ok"] == lib["ok"]
    dispute = world.get("/games/g2/dispute", "judge").json()
    assert dispute["counts"] == lib["counts"]
    assert len(dispute["events"]) <= len(report["events"])
    assert world.get("/games/g2/report", "judge", params={"edition": "v1.2"}).json()[
        "edition"] == "v1.2"


@pytest.mark.parametrize("fmt", ["bundle", "jsonl", "csv", "csv-players", "transcript"])
def test_exports_in_every_format(world: World, fmt: str) -> None:
    res = world.get("/games/g2/export", "judge", params={"format": fmt})
    assert res.status_code == 200, res.text
    assert res.content
    if fmt == "transcript":
        lines = transcript_lines(world.store, world.store.game("g2"), "judge")
        assert res.text.splitlines()[: len(lines)] == lines
    many = world.get("/export", "judge", params={"format": fmt})
    assert many.status_code == 200, many.text


def test_import_of_a_bundle(world: World, tmp_path: Any) -> None:
    bundle = world.get("/games/g2/export", "judge", params={"format": "bundle"}).json()
    res = world.client.post("/import", headers=world.headers("judge"), json=bundle)
    assert res.status_code == 200, res.text
    assert res.json()["already_present"] == ["g2"]
    bundle["games"][0]["events"][3]["payload"]["player"] = "p9"  # tampered
    doc = problem(world.client.post("/import", headers=world.headers("judge"), json=bundle), 422)
    assert "g2" in doc["detail"]


def test_verify_cards_and_decks(world: World) -> None:
    assert world.get("/games/g2/verify", "judge").json()["ok"] is True
    card = world.get("/cards/OGS-017", "anon").json()
    assert card["id"] == "OGS-017" and "supported" in card
    problem(world.get("/cards/no such card", "anon"), 404)
    ok = world.post("/decks/check", "anon", {"deck": "annie-dark-child"}).json()
    assert ok["legal"] is True and ok["main"] == 40
    bad = world.post("/decks/check", "anon", {"deck": "Legend: Dark Child\nMain Deck:\n3 Flash\n"})
    assert bad.status_code in (200, 422)
    if bad.status_code == 200:
        assert bad.json()["legal"] is False and bad.json()["problems"]


def test_a_deck_is_never_read_from_a_server_path(world: World) -> None:
    body = {"id": "gpath", "tournament_id": "t1",
            "players": [{**SAMPLE_PLAYERS[0], "deck": "/etc/passwd"}, SAMPLE_PLAYERS[1]]}
    doc = problem(world.post("/games", "organiser", body), 422)
    assert "root:" not in doc["detail"]


def test_create_tournament_match_and_game(world: World) -> None:
    assert world.post("/matches", "organiser", {"id": "m-new", "tournament_id": "t1",
                                                "best_of": 3}).status_code == 201
    game = new_game(world, "g-new", match_id="m-new", randomness="recorded")
    assert game["match_id"] == "m-new" and game["last_seq"] == 1
    matches = world.get("/matches", "organiser").json()["items"]
    assert "m-new" in {m["id"] for m in matches}
    problem(world.post("/tournaments", "organiser", {"id": "t1", "name": "again"}), 409)
