"""Shared fixtures: Hypothesis profiles and databases (a temp SQLite file; PostgreSQL).

PostgreSQL tests run when ``RIFTLOG_TEST_PG_URL`` names a database the tests may create
schemas in (``.ci/run`` starts a private server and sets it); otherwise they are skipped
with a message.  With ``RIFTLOG_TEST_PG_REQUIRED=1`` an unreachable server is an error,
not a skip (CI sets it so PostgreSQL tests cannot silently vanish).

Each PostgreSQL test gets a fresh schema of its own (``search_path`` set through the
connection options), so tests never see each other's tables.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# --- Hypothesis: bounded in CI, a little more thorough by hand -----------------------

# CI is derandomized: the same examples every run, so a red CI is reproducible.
settings.register_profile(
    "ci", max_examples=25, deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

PG_ENV = "RIFTLOG_TEST_PG_URL"
PG_REQUIRED_ENV = "RIFTLOG_TEST_PG_REQUIRED"
BACKENDS = ["sqlite", "postgres"]


# --- SQLite --------------------------------------------------------------------------


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    """Path of a SQLite database file that does not exist yet."""
    return tmp_path / "riftlog.db"


@pytest.fixture
def sqlite_url(sqlite_path: Path) -> str:
    """A SQLite database (a path, as users give it) that does not exist yet."""
    return str(sqlite_path)


# --- PostgreSQL ----------------------------------------------------------------------


@pytest.fixture(scope="session")
def pg_server_url() -> str:
    """The PostgreSQL URL from ``RIFTLOG_TEST_PG_URL``, checked to answer; else skip."""
    url = os.environ.get(PG_ENV)
    required = os.environ.get(PG_REQUIRED_ENV) == "1"
    if not url:
        if required:
            pytest.fail(f"{PG_REQUIRED_ENV}=1 but {PG_ENV} is not set")
        pytest.skip(f"PostgreSQL tests need a server: set {PG_ENV} (.ci/run does)")
    try:
        _pg_execute(url, "SELECT 1")
    except Exception as exc:
        msg = f"PostgreSQL at {PG_ENV} does not answer: {str(exc).splitlines()[0]}"
        if required:
            pytest.fail(msg)
        pytest.skip(msg)
    return url


def _pg_execute(url: str, sql: str) -> None:
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    from riftlog.store.database import resolve

    engine = create_engine(resolve(url).url, poolclass=NullPool)
    try:
        with engine.begin() as conn:
            conn.execute(text(sql))
    finally:
        engine.dispose()


@pytest.fixture
def pg_url(pg_server_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A URL to an empty PostgreSQL schema of this test's own (dropped afterwards); its
    secrets (seeds, snapshot key) go to a folder of the test's own, not ./riftlog.secrets."""
    from sqlalchemy.engine import make_url

    monkeypatch.setenv("RIFTLOG_SECRETS", str(tmp_path / "pg-secrets"))
    schema = f"t_{uuid.uuid4().hex[:12]}"
    _pg_execute(pg_server_url, f"CREATE SCHEMA {schema}")
    url = make_url(pg_server_url).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        _pg_execute(pg_server_url, f"DROP SCHEMA IF EXISTS {schema} CASCADE")


# --- either backend ------------------------------------------------------------------


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The backend a contract test runs on (each such test runs on both)."""
    name: str = request.param
    if name == "postgres":
        request.node.add_marker(pytest.mark.postgres)
    return name


@pytest.fixture
def db_url(backend: str, request: pytest.FixtureRequest) -> str:
    """An empty database (no schema yet) on the test's backend."""
    if backend == "postgres":
        return str(request.getfixturevalue("pg_url"))
    return str(request.getfixturevalue("sqlite_url"))
