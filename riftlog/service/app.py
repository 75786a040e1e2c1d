"""The FastAPI application of ``riftlog serve``: problem+json errors, the caller's grant,
and the routes (:mod:`riftlog.service.routes_games`, :mod:`riftlog.service.routes_reports`,
:mod:`riftlog.service.live`).

OpenAPI at ``/openapi.json``, interactive docs at ``/docs``.  Authenticate with
``Authorization: Bearer <token>`` (``riftlog token create``); without a token, only card
facts, deck checks and finished games an organiser made public can be read.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from riftlog import __version__
from riftlog.errors import RiftlogError
from riftlog.seeding import SeedKeeper
from riftlog.service.context import Service
from riftlog.service.problems import PROBLEM_JSON, Problem, problem_for
from riftlog.store import EventStore

__all__ = ["create_app"]

log = logging.getLogger("riftlog.service")

#: Threads running the (blocking) handlers of one worker process.  The store keeps one
#: pooled connection per thread (PostgreSQL's pool holds 10), so this stays well below it;
#: live feeds wait in the event loop, not in a thread.
WORKER_THREADS = 4

_PROBLEM_SCHEMA: dict[str, Any] = {
    "description": "RFC 9457 problem details",
    "content": {PROBLEM_JSON: {"schema": {"type": "object", "properties": {
        "type": {"type": "string"}, "title": {"type": "string"}, "status": {"type": "integer"},
        "detail": {"type": "string"}, "rule": {"type": "string"}, "seq": {"type": "integer"},
        "expected": {"type": "integer"}, "actual": {"type": "integer"}}}}},
}
#: The refusals every route may answer with (documented in the OpenAPI).
PROBLEMS: dict[int | str, dict[str, Any]] = {
    code: _PROBLEM_SCHEMA for code in (400, 401, 403, 404, 409, 422)}


def _problem_response(problem: Problem, where: str = "") -> JSONResponse:
    if where:  # the server's file paths are no business of its clients
        problem.detail = problem.detail.replace(where, "the store")
    headers = {"WWW-Authenticate": "Bearer"} if problem.status == 401 else None
    return JSONResponse(problem.to_json(), status_code=problem.status, media_type=PROBLEM_JSON,
                        headers=headers)


def create_app(store: EventStore | str | None = None, *, secrets_dir: str | None = None) -> FastAPI:
    """The service over *store* (an open store, or its URL: a SQLite path or
    ``postgresql://...``; None: ``RIFTLOG_DB``, else ./riftlog.db)."""
    from riftlog.service import live, routes_games, routes_recorder, routes_reports, routes_web

    owned = not isinstance(store, EventStore)
    opened = EventStore.open(store) if not isinstance(store, EventStore) else store
    service = Service(opened, SeedKeeper.for_store(opened, secrets_dir))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # each thread keeps one pooled connection for the store's hot paths: as many
        # threads as the pool can serve (a request may open one more connection)
        anyio.to_thread.current_default_thread_limiter().total_tokens = WORKER_THREADS
        yield
        if owned:
            opened.close()

    app = FastAPI(title="riftlog", version=__version__, responses=PROBLEMS,
                  description=__doc__ or "", lifespan=lifespan)
    app.state.service = service

    @app.exception_handler(Problem)
    async def _problem(_request: Request, exc: Problem) -> JSONResponse:
        return _problem_response(exc, service.store.where)

    @app.exception_handler(RiftlogError)
    async def _riftlog_error(_request: Request, exc: RiftlogError) -> JSONResponse:
        return _problem_response(problem_for(exc), service.store.where)

    @app.exception_handler(ValidationError)
    async def _validation(_request: Request, exc: ValidationError) -> JSONResponse:
        return _problem_response(problem_for(exc), service.store.where)

    @app.exception_handler(RequestValidationError)
    async def _request_validation(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first.get("loc", ()))
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        return _problem_response(Problem(422, "invalid-request", "Invalid request",
                                         f"{where}: {first.get('msg')}{more}"))

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _problem_response(Problem(exc.status_code, "http", str(exc.detail),
                                         str(exc.detail)))

    @app.exception_handler(Exception)
    async def _internal(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return _problem_response(problem_for(exc), service.store.where)

    app.include_router(routes_games.router)
    app.include_router(routes_reports.router)
    app.include_router(live.router)
    app.include_router(routes_web.router)
    app.include_router(routes_recorder.router)
    return app
