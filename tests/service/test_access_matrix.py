"""Every endpoint x every role, on SQLite and PostgreSQL: allowed, or refused with 401 (no,
a bad or a revoked token) or 403 (a role or scope that may not); a refused request writes
nothing; and nothing a role reads names a card its view may not know."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest

from riftlog.reducer import Folder
from tests.service.access_fixtures import fingerprint
from tests.service.conftest import SAMPLE_PLAYERS, World
from tests.usecases.leaks import leaked_ids, unknown_ids

ROLES = ["anon", "bad", "revoked", "organiser", "organiser_other", "judge", "judge_other",
         "recorder", "recorder_other", "player", "player_other", "spectator"]
TOKENS = set(ROLES) - {"anon", "bad", "revoked"}
G1_READERS = {"organiser", "judge", "recorder", "player", "player_other", "spectator"}
_fresh = itertools.count()


def _unique(prefix: str) -> str:
    return f"{prefix}{next(_fresh)}"


def _bundle(world: World) -> Any:
    return world.get("/games/g2/export", "judge", params={"format": "bundle"}).json()


# (name, method, path, params or body factory, roles allowed; anon allowed when listed)
Call = tuple[str, str, str, Callable[[World], Any] | None, set[str]]
CALLS: list[Call] = [
    ("list tournaments", "GET", "/tournaments", None, TOKENS),
    ("list matches", "GET", "/matches", None, TOKENS),
    ("list games", "GET", "/games", None, TOKENS | {"anon"}),
    ("create tournament", "POST", "/tournaments", lambda w: {"id": "t1", "name": "x"},
     {"organiser"}),
    ("create match", "POST", "/matches",
     lambda w: {"id": _unique("m"), "tournament_id": "t1"}, {"organiser"}),
    ("create game", "POST", "/games",
     lambda w: {"id": _unique("gm"), "tournament_id": "t1", "players": SAMPLE_PLAYERS,
                "randomness": "recorded"}, {"organiser"}),
    ("read game", "GET", "/games/g1", None, G1_READERS),
    ("set access", "PUT", "/games/g1/access", lambda w: {"spectator_delay": 3}, {"organiser"}),
    ("append note", "POST", "/games/g1/events",
     lambda w: {"events": [{"type": "NoteAdded", "payload": {"text": "matrix"}}]},
     {"organiser", "judge", "recorder", "player", "player_other"}),
    ("read events", "GET", "/games/g1/events", None, G1_READERS),
    ("read judge's events", "GET", "/games/g1/events?view=judge", None, {"judge", "recorder"}),
    ("read p2's events", "GET", "/games/g1/events?view=p2", None,
     {"judge", "recorder", "player_other"}),
    ("state", "GET", "/games/g1/state?seq=12", None, G1_READERS),
    ("legal moves", "GET", "/games/g1/legal-moves", None,
     {"judge", "recorder", "player", "player_other"}),
    ("recorder's move forms", "GET", "/games/g1/move-forms", None,
     {"judge", "recorder", "player", "player_other"}),
    ("what undo takes back", "GET", "/games/g1/undo", None, {"judge", "recorder"}),
    ("replay report", "GET", "/games/g1/report", None, {"judge"}),
    ("dispute report", "GET", "/games/g1/dispute", None, {"judge"}),
    ("bundle export", "GET", "/games/g1/export?format=bundle", None, {"judge"}),
    ("jsonl export", "GET", "/games/g1/export?format=jsonl", None, {"judge"}),
    ("transcript export", "GET", "/games/g1/export?format=transcript", None, G1_READERS),
    ("csv export", "GET", "/games/g1/export?format=csv", None, G1_READERS),
    ("tournament export", "GET", "/export?format=csv-players&view=spectator:3", None,
     {"organiser", "organiser_other", "judge", "judge_other"}),
    ("import", "POST", "/import", _bundle, {"judge", "organiser"}),
    ("verify", "GET", "/games/g1/verify", None, G1_READERS),
    ("private finished game", "GET", "/games/g3/state", None,
     {"organiser", "judge", "recorder_other"}),
    ("public game", "GET", "/games/g2/events", None, TOKENS | {"anon"}),
    ("public live feed", "GET", "/games/g2/live", None, TOKENS | {"anon"}),
    ("card facts", "GET", "/cards/OGS-017", None, TOKENS | {"anon"}),
    ("deck check", "POST", "/decks/check", lambda w: {"deck": "annie-dark-child"},
     TOKENS | {"anon"}),
    ("web game list", "GET", "/web/games", None, TOKENS | {"anon"}),
    ("web views", "GET", "/games/g1/views", None, G1_READERS),
    ("web event log", "GET", "/games/g1/log", None, G1_READERS),
    ("web judge's event log", "GET", "/games/g1/log?view=judge", None, {"judge", "recorder"}),
    ("web board", "GET", "/games/g1/board?seq=12", None, G1_READERS),
    ("web p2's board", "GET", "/games/g1/board?seq=12&view=p2", None,
     {"judge", "recorder", "player_other"}),
]


def call(world: World, role: str, method: str, path: str, make: Any) -> Any:
    data = make(world) if make is not None else None
    return world.client.request(method, path, headers=world.headers(role), json=data)


@pytest.mark.parametrize("name,method,path,make,allowed", CALLS, ids=[c[0] for c in CALLS])
def test_every_role(world: World, name: str, method: str, path: str, make: Any,
                    allowed: set[str]) -> None:
    for role in ROLES:
        before = fingerprint(world)
        res = call(world, role, method, path, make)
        where = f"{name} as {role}: {res.status_code} {res.text[:300]}"
        if role in allowed:
            assert res.status_code < 400 or (name == "create tournament"
                                            and res.status_code == 409), where
        else:
            expected = 401 if role in ("anon", "bad", "revoked") else 403
            assert res.status_code == expected, where
            assert res.headers["content-type"].startswith("application/problem+json"), where
            assert fingerprint(world) == before, f"{where}: a refused request wrote"


# --- no hidden card identity in anything a role reads ----------------------------------------

#: role -> the engine's name of the view it reads of g1 by default
G1_VIEWS = {"player": "p1", "player_other": "p2", "spectator": "spectator",
            "organiser": "spectator"}


def _unknown_by_seq(world: World, game_id: str, viewer: str) -> dict[int, set[str]]:
    """seq -> the objects *viewer* may not know after it (0: before the first event)."""
    folder = Folder()
    out = {0: set[str]()}
    for ev in world.store.read(game_id):
        folder.feed(ev)
        out[ev.seq] = unknown_ids(folder.state, viewer)
    return out


def _check_rows(rows: list[dict[str, Any]], unknown: dict[int, set[str]], what: str) -> None:
    for row in rows:
        hidden = unknown[row["seq"] - 1] & unknown[row["seq"]]
        assert not leaked_ids(row, hidden), f"{what} seq {row['seq']}: {leaked_ids(row, hidden)}"


@pytest.mark.parametrize("role", sorted(G1_VIEWS))
def test_no_role_reads_a_hidden_card(world: World, role: str) -> None:
    viewer = G1_VIEWS[role]
    unknown = _unknown_by_seq(world, "g1", viewer)
    last = world.store.last_seq("g1")
    rows = world.get("/games/g1/events", role).json()["events"]
    assert rows, role
    _check_rows(rows, unknown, f"{role} events")
    for seq in range(1, last + 1, 3):
        state = world.get("/games/g1/state", role, params={"seq": seq}).json()
        assert not leaked_ids(state, unknown[state["seq"]]), f"{role} state at {seq}"
    text = world.get("/games/g1/export", role, params={"format": "transcript"}).text
    every = set().union(*[unknown[s - 1] & unknown[s] for s in range(1, last + 1)])
    hidden_throughout = set.intersection(*[unknown[s] for s in range(1, last + 1)])
    assert not leaked_ids(text, hidden_throughout & every), f"{role} transcript"
    for fmt in ("csv", "csv-players"):
        table = world.get("/games/g1/export", role, params={"format": fmt}).text
        assert not leaked_ids(table, hidden_throughout), f"{role} {fmt}"
    moves = world.get("/games/g1/legal-moves", role)
    if moves.status_code == 200:
        assert not leaked_ids(moves.json(), unknown[last]), f"{role} legal moves"
    forms = world.get("/games/g1/move-forms", role)
    if forms.status_code == 200:
        assert not leaked_ids(forms.json(), unknown[last]), f"{role} move forms"


def test_the_public_reads_a_public_game_without_hidden_cards(world: World) -> None:
    unknown = _unknown_by_seq(world, "g2", "public")
    rows = world.get("/games/g2/events", "anon").json()["events"]
    _check_rows(rows, unknown, "public events")
    with world.client.stream("GET", "/games/g2/live") as res:
        body = "".join(res.iter_text())
    live = [json.loads(line[6:]) for line in body.splitlines() if line.startswith("data: {\"seq")]
    assert [r["seq"] for r in live] == [r["seq"] for r in rows]
    _check_rows(live, unknown, "public live")
    assert "event: end" in body


def test_a_player_appends_only_their_own_seat(world: World) -> None:
    before = fingerprint(world)
    res = world.post("/games/g1/events", "player",
                     {"events": [{"type": "GameConceded", "payload": {"player": "p2"}}]})
    assert res.status_code == 403, res.text
    assert "own seat" in res.json()["detail"]
    assert fingerprint(world) == before


def test_judge_events_need_a_judge_signed_with_the_token_s_name(world: World) -> None:
    ruling = {"type": "RulingGiven", "payload": {"judge": "Judy", "text": "a ruling"}}
    assert world.post("/games/g1/events", "recorder", {"events": [ruling]}).status_code == 403
    forged = {"type": "RulingGiven", "payload": {"judge": "Somebody", "text": "x"}}
    assert world.post("/games/g1/events", "judge", {"events": [forged]}).status_code == 403
    res = world.post("/games/g1/events", "judge", {"events": [ruling]})
    assert res.status_code == 201, res.text
    last = world.store.event("g1", res.json()["events"][0]["seq"])
    assert last.actor == "judge:Judy"
