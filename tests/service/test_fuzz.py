"""The API fuzzed from its own OpenAPI (schemathesis), bounded for CI: a few examples per
operation, each sent as several roles and, for game routes, against real games too.  No
answer is a 500, every refusal is problem+json, and a refused request writes nothing."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings

from tests.service.access_fixtures import fingerprint
from tests.service.conftest import World, make_world

ROLES = ("anon", "bad", "judge", "organiser", "player")
_games = itertools.cycle(["g1", "g2", "g3", None])


@pytest.fixture(scope="module")
def fuzz_world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    folder = tmp_path_factory.mktemp("fuzz")
    world = make_world(str(Path(folder) / "riftlog.db"), folder)
    with world.client:
        yield world
    world.store.close()


@pytest.fixture(scope="module")
def fuzz_schema(fuzz_world: World) -> schemathesis.BaseSchema:
    return schemathesis.openapi.from_asgi("/openapi.json", fuzz_world.client.app)


schema = schemathesis.pytest.from_fixture("fuzz_schema")


@schema.parametrize()
@settings(max_examples=2, deadline=None, derandomize=True, database=None,
          phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_the_api_from_its_openapi(case: schemathesis.Case, fuzz_world: World) -> None:
    game = next(_games)
    if game is not None and case.path_parameters and "game_id" in case.path_parameters:
        case.path_parameters["game_id"] = game
    for role in ROLES:
        before = fingerprint(fuzz_world)
        res = case.call(headers=fuzz_world.headers(role))
        where = f"{case.method} {case.formatted_path} as {role}: {res.status_code} {res.text[:300]}"
        assert res.status_code < 500, where
        if res.status_code >= 400:
            kind = res.headers.get("content-type") or [""]
            assert kind[0].startswith("application/problem+json"), where
            assert fingerprint(fuzz_world) == before, f"{where}: a refused request wrote"
