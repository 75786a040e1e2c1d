"""Fixtures of the service tests: a store on SQLite or PostgreSQL (each contract test runs on
both), the app over it, a tournament with games in several states, and a token per role.

The world (module-scoped per backend, as building it plays bot games):

* tournament ``t1``: ``g1`` live (a bot game in progress, spectators 3 events behind,
  not public); ``g2`` finished and sealed, made public by its organiser; ``g3`` finished,
  sealed, not public;
* tournament ``t2``: ``h1``, another organiser's game.
"""

from __future__ import annotations

import socket
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient

from riftlog.recorder import Recorder, play_bot
from riftlog.service.access import create_token, revoke_token, set_access
from riftlog.service.app import create_app
from riftlog.store import EventStore

SAMPLE_PLAYERS = [{"id": "p1", "name": "Alice", "deck": "annie-dark-child"},
                  {"id": "p2", "name": "Bob", "deck": "garen-might-of-demacia"}]


@dataclass
class World:
    """The store, the app's client, the tokens by role and the games."""

    store: EventStore
    client: TestClient
    secrets: Path
    url: str = ""
    tokens: dict[str, str] = field(default_factory=dict)

    def headers(self, role: str) -> dict[str, str]:
        """The Authorization header of *role* (``anon``: none; ``bad``: a made-up token)."""
        if role == "anon":
            return {}
        if role == "bad":
            return {"Authorization": "Bearer rlt_000000000000_not-a-real-token"}
        return {"Authorization": f"Bearer {self.tokens[role]}"}

    def get(self, path: str, role: str, **kw: Any) -> Any:
        return self.client.get(path, headers=self.headers(role), **kw)

    def post(self, path: str, role: str, body: Any) -> Any:
        return self.client.post(path, headers=self.headers(role), json=body)

    def recorder(self, game_id: str) -> Recorder:
        """The library's recorder of *game_id* (the same seed keeper as the app's)."""
        keeper = self.client.app.state.service.keeper  # type: ignore[attr-defined]
        return Recorder.open(self.store, game_id, keeper)


def new_game(world: World, game_id: str, tournament: str = "t1", organiser: str = "organiser",
             **extra: Any) -> Any:
    """Create *game_id* through the API as the tournament's organiser."""
    body = {"id": game_id, "tournament_id": tournament, "players": SAMPLE_PLAYERS, **extra}
    res = world.post("/games", organiser, body)
    assert res.status_code == 201, res.text
    return res.json()


def _pg_schema_url(server: str) -> Iterator[str]:
    from sqlalchemy.engine import make_url

    from tests.conftest import _pg_execute

    schema = f"s_{uuid.uuid4().hex[:12]}"
    _pg_execute(server, f"CREATE SCHEMA {schema}")
    url = make_url(server).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        _pg_execute(server, f"DROP SCHEMA IF EXISTS {schema} CASCADE")


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def service_db(request: pytest.FixtureRequest,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """An empty database on each backend (a fresh PostgreSQL schema per module)."""
    if request.param == "sqlite":
        yield str(tmp_path_factory.mktemp("svc") / "riftlog.db")
        return
    server = request.getfixturevalue("pg_server_url")
    yield from _pg_schema_url(server)


def make_world(url: str, folder: Path) -> World:
    """A migrated store at *url* with the tournaments, games and tokens described above."""
    store = EventStore.open(url, check=False, create=True)
    store.upgrade()
    secrets = folder / "secrets"
    client = TestClient(create_app(store, secrets_dir=str(secrets)))
    world = World(store, client, secrets, url)
    for role, tid in (("organiser", "t1"), ("organiser_other", "t2")):
        world.tokens[role] = create_token(store, "organiser", role, tournament_id=tid)[1]
    assert world.post("/tournaments", "organiser", {"id": "t1", "name": "Open"}).status_code == 201
    assert world.post("/tournaments", "organiser_other",
                      {"id": "t2", "name": "Other"}).status_code == 201
    new_game(world, "g1", spectator_delay=3)
    new_game(world, "g2", public=True)
    new_game(world, "g3")
    new_game(world, "h1", tournament="t2", organiser="organiser_other")
    for gid, seed, turns in (("g1", 3, 3), ("g2", 4, 30), ("g3", 5, 30)):
        rec = world.recorder(gid)
        play_bot(rec, seed, max_turns=turns)
        if gid != "g1":
            if not rec.state.is_over():
                rec.game_loss(_judge(), "p2", "time")
            rec.finish()
    set_access(store, "g2", public=True)
    world.tokens["judge"] = create_token(store, "judge", "Judy", tournament_id="t1")[1]
    world.tokens["judge_other"] = create_token(store, "judge", "Otto", tournament_id="t2")[1]
    world.tokens["recorder"] = create_token(store, "recorder", "Rec", game_id="g1")[1]
    world.tokens["recorder_other"] = create_token(store, "recorder", "Rex", game_id="g3")[1]
    world.tokens["player"] = create_token(store, "player", "Alice", game_id="g1", seat="p1")[1]
    world.tokens["player_other"] = create_token(store, "player", "Bob", game_id="g1",
                                                seat="p2")[1]
    world.tokens["spectator"] = create_token(store, "spectator", "Stream", game_id="g1")[1]
    info, secret = create_token(store, "judge", "Gone", tournament_id="t1")
    revoke_token(store, info.id)
    world.tokens["revoked"] = secret
    return world


def _judge() -> Any:
    from riftlog.events.actor import Actor

    return Actor.judge("Judy")


@pytest.fixture(scope="module")
def world(service_db: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """The world on the module's backend."""
    w = make_world(service_db, tmp_path_factory.mktemp("world"))
    with w.client:
        yield w
    w.store.close()


@pytest.fixture(scope="module")
def server(world: World) -> Iterator[str]:
    """A uvicorn server over the world's store on a free port; its base URL."""
    yield from serve_world(world)


def serve_world(world: World) -> Iterator[str]:
    """Run a uvicorn server over *world*'s store on a free port; yield its base URL."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    # the server's own store, as another process would open it (its own connection pool)
    app = create_app(world.url, secrets_dir=str(world.secrets))
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(5)
    sock.close()
