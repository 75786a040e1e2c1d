"""The service connected as PostgreSQL's runtime role (``riftlog db grant ROLE --apply``):
it creates games, sets their access, appends and reads; it reads its tokens but cannot
make or revoke one (only the owner can, with ``riftlog token``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from riftlog.errors import StoreError
from riftlog.service.access import create_token, revoke_token
from riftlog.service.app import create_app
from riftlog.store import EventStore
from tests.service.conftest import SAMPLE_PLAYERS
from tests.store.test_runtime_role import owner, runtime_url  # noqa: F401 - fixtures

pytestmark = pytest.mark.postgres


def test_the_service_runs_as_the_runtime_role(owner: EventStore, runtime_url: str,  # noqa: F811
                                              tmp_path: Path) -> None:
    org, org_secret = create_token(owner, "organiser", "Org", tournament_id="t1")
    _judge, judge_secret = create_token(owner, "judge", "Judy", tournament_id="t1")
    runtime = EventStore.open(runtime_url)
    try:
        with pytest.raises(StoreError, match="creating a token"):
            create_token(runtime, "judge", "Mallory", tournament_id="t1")
        with TestClient(create_app(runtime, secrets_dir=str(tmp_path))) as client:
            org_h = {"Authorization": f"Bearer {org_secret}"}
            judge_h = {"Authorization": f"Bearer {judge_secret}"}
            assert client.post("/tournaments", headers=org_h,
                               json={"id": "t1", "name": "Open"}).status_code == 201
            res = client.post("/games", headers=org_h, json={
                "id": "g1", "tournament_id": "t1", "players": SAMPLE_PLAYERS, "public": True})
            assert res.status_code == 201, res.text
            assert client.put("/games/g1/access", headers=org_h,
                              json={"spectator_delay": 2}).json()["spectator_delay"] == 2
            note = {"events": [{"type": "NoteAdded", "payload": {"text": "deck check"}}]}
            assert client.post("/games/g1/events", headers=judge_h, json=note).status_code == 201
            assert client.get("/games/g1/events", headers=judge_h).json()["events"]
            revoke_token(owner, org.id)
            assert client.get("/games/g1", headers=org_h).status_code == 401
    finally:
        runtime.close()
