"""``riftlog token create|list|revoke``: the secret shown once, only its SHA-256 stored,
a revoked token refused; scopes checked as tokens are made."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from riftlog.cli import main
from riftlog.service.access import AccessError, Grant, Unauthenticated, authenticate, create_token
from riftlog.store import EventStore
from riftlog.store.models import ServiceToken
from tests.usecases.helpers import new_store


def test_create_list_revoke_from_the_command_line(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    db = str(tmp_path / "riftlog.db")
    run = CliRunner().invoke
    made = run(main, ["token", "create", "--role", "judge", "--name", "J. Doe",
                      "--tournament", "t1", "--json", "--db", db])
    assert made.exit_code == 0, made.output
    token = json.loads(made.output)
    secret = token["secret"]
    with store.engine.connect() as conn:
        rows = conn.execute(select(ServiceToken)).all()
    assert len(rows) == 1 and rows[0].secret_hash == hashlib.sha256(secret.encode()).hexdigest()
    assert all(secret not in str(v) for v in rows[0])  # only the hash is stored
    assert authenticate(store, secret) == Grant("judge", "J. Doe", "t1", None, None, token["id"])
    listed = run(main, ["token", "list", "--db", db])
    assert token["id"] in listed.output and "active" in listed.output and secret not in listed.output
    revoked = run(main, ["token", "revoke", token["id"], "--db", db])
    assert revoked.exit_code == 0 and "revoked" in revoked.output
    with pytest.raises(Unauthenticated, match="revoked"):
        authenticate(store, secret)
    unknown = run(main, ["token", "revoke", "nope", "--db", db])
    assert unknown.exit_code == 1 and unknown.output.startswith("error: no token 'nope'")
    no_game = run(main, ["token", "create", "--role", "player", "--name", "A", "--game", "g9",
                         "--seat", "p1", "--db", db])
    assert no_game.exit_code == 1 and "g9" in no_game.output


@pytest.mark.parametrize("role,kw", [
    ("organiser", {"game_id": "g1"}), ("recorder", {"tournament_id": "t1"}),
    ("player", {"game_id": "g1"}), ("judge", {}), ("spectator", {"tournament_id": "t",
                                                                  "game_id": "g"}),
    ("admin", {"tournament_id": "t1"}), ("judge", {"tournament_id": "t1", "seat": "p1"}),
])
def test_a_token_needs_its_role_s_scope(tmp_path: Path, role: str, kw: dict[str, str]) -> None:
    store: EventStore = new_store(tmp_path)
    with pytest.raises(AccessError):
        create_token(store, role, "x", **kw)
