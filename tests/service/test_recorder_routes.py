"""What the recorder page reads and does, on SQLite and PostgreSQL: the legal moves as forms
(for the player awaited and the game's judges and recorders only) and undo as a judge
rewind (a new event; never a deletion; only by a judge; only of the decision confirmed)."""

from __future__ import annotations

import json
from typing import Any

from riftlog.events.payloads import GameRewound
from riftlog.events.registry import parse_new_payload
from tests.service.access_fixtures import fingerprint
from tests.service.conftest import World
from tests.service.test_contract import problem


def _canonical(decision: dict[str, Any]) -> str:
    """A decision's canonical JSON (the legal-moves list leaves out empty fields)."""
    kept = {k: v for k, v in decision.items() if v not in (None, [], {}, False)}
    return parse_new_payload(decision["type"], kept, "test").model_dump_json()


def _forms(world: World, role: str) -> dict[str, object]:
    res = world.get("/games/g1/move-forms", role)
    assert res.status_code == 200, res.text
    doc: dict[str, object] = res.json()
    return doc


def test_move_forms_hold_every_legal_move_of_the_player_awaited(world: World) -> None:
    doc = _forms(world, "recorder")
    legal = world.get("/games/g1/legal-moves", "judge").json()
    assert doc["seq"] == legal["seq"] and doc["player"] in ("p1", "p2")
    forms = doc["forms"]
    assert isinstance(forms, list) and forms
    listed = sorted(_canonical(json.loads(m)) for m in legal["moves"])
    variants = sorted(_canonical(var["decision"]) for f in forms for var in f["variants"])
    assert variants == listed
    assert [f["verb"] for f in forms][-1] == "concede"
    assert doc == _forms(world, "judge")


def test_move_forms_only_for_the_player_awaited(world: World) -> None:
    awaited = _forms(world, "recorder")["player"]
    mine, other = ("player", "player_other") if awaited == "p1" else ("player_other", "player")
    assert _forms(world, mine)["forms"]
    theirs = _forms(world, other)
    assert theirs["forms"] == [] and "note" in theirs
    # a spectator (3 events behind) learns nothing of the present moment
    problem(world.get("/games/g1/move-forms", "spectator"), 403)
    problem(world.get("/games/g1/move-forms", "anon"), 401)
    problem(world.get("/games/g1/move-forms", "recorder_other"), 403)


def test_a_variant_s_decision_is_appended_as_it_is(world: World) -> None:
    doc = _forms(world, "recorder")
    form = next(f for f in doc["forms"] if f["verb"] != "concede")  # type: ignore[union-attr]
    decision = dict(form["variants"][0]["decision"])
    kind = decision.pop("type")
    res = world.post("/games/g1/events", "recorder", {"expected_seq": doc["seq"], "events": [
        {"type": kind, "payload": decision}]})
    assert res.status_code == 201, res.text
    stored = world.get("/games/g1/events", "judge",
                       params={"from_seq": doc["seq"] + 1}).json()["events"]  # type: ignore[operator]
    assert stored[0]["type"] == kind


def test_undo_is_a_judge_rewind_of_the_decision_confirmed(world: World) -> None:
    before = world.get("/games/g1/undo", "recorder").json()
    seq, last = before["seq"], before["last_seq"]
    assert seq is not None and before["to_seq"] == seq - 1 and before["decision"]
    assert world.get("/games/g1/undo", "judge").json() == before
    problem(world.get("/games/g1/undo", "player"), 403)
    # a recorder may not rewind; a stale or other decision is refused; nothing is written
    kept = fingerprint(world)
    for role in ("recorder", "player", "player_other", "spectator", "organiser", "judge_other",
                 "recorder_other"):
        problem(world.post("/games/g1/undo", role, {"seq": seq}), 403)
    for role in ("anon", "bad", "revoked"):
        problem(world.post("/games/g1/undo", role, {"seq": seq}), 401)
    problem(world.post("/games/g1/undo", "judge", {"seq": seq - 1}), 422)
    problem(world.post("/games/g1/undo", "judge", {"seq": seq, "expected_seq": last - 1}), 409)
    assert fingerprint(world) == kept
    res = world.post("/games/g1/undo", "judge", {"seq": seq, "expected_seq": last})
    assert res.status_code == 201, res.text
    assert res.json()["events"] == [{"seq": last + 1, "type": "GameRewound"}]
    events = world.get("/games/g1/events", "judge").json()["events"]
    assert len(events) == last + 1  # nothing deleted, the rewind appended
    rewind = world.recorder("g1").store.event("g1", last + 1).decoded()
    assert isinstance(rewind, GameRewound) and rewind.to_seq == seq - 1
    assert rewind.judge == "Judy" and f"seq {seq}" in rewind.reason
    # the next undo names the decision before the one taken back
    after = world.get("/games/g1/undo", "judge").json()
    assert after["seq"] is None or after["seq"] < seq


def test_a_player_s_forms_name_nothing_hidden_from_them(world: World) -> None:
    awaited = _forms(world, "recorder")["player"]
    role = "player" if awaited == "p1" else "player_other"
    text = json.dumps(_forms(world, role))
    state = world.recorder("g1").state
    other = next(p for p in state.players if p != awaited)
    hidden = [*state.players[other].hand, *state.players[other].main_deck,
              *state.players[str(awaited)].main_deck]
    assert hidden
    for oid in hidden:
        assert f'"{oid}"' not in text, oid
