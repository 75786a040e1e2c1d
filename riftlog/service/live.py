"""A game's events as a live feed: server-sent events, per view.

``GET /games/{id}/live?view=...&from_seq=N`` answers ``text/event-stream``: one
``event: game-event`` per event the caller may see (``id:`` its seq, ``data:`` the event
cut by :class:`riftlog.views.GameView`, as ``/events`` gives it), as the game goes on.  A
spectator's delay is applied by the server: an event is sent only once the game is that
many events past it.  When the game is sealed and everything visible was sent, an
``event: end`` closes the stream.  A comment line every few seconds keeps proxies from
closing an idle stream.  A reconnecting client sends ``Last-Event-ID`` (or ``from_seq``)
and gets what follows.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import StreamingResponse

from riftlog.service.context import GameContext, Service, game_context, view_rows
from riftlog.service.routes_games import Svc, ViewQ, Who, readable
from riftlog.views import Viewer

__all__ = ["POLL_SECONDS", "router"]

router = APIRouter()

#: How often the feed looks for new events (seconds).
POLL_SECONDS = 0.1
#: How often an idle feed sends a keep-alive comment (seconds).
KEEPALIVE_SECONDS = 10.0


def _batch(svc: Service, game_id: str, viewer: Viewer, after: int) -> tuple[list[dict[str, Any]], bool]:
    """The visible events after seq *after*, and whether the feed is complete (sealed and
    everything visible sent)."""
    ctx: GameContext = game_context(svc.store, game_id)
    rows = list(view_rows(svc.store, ctx, viewer, after + 1))
    last_visible = rows[-1]["seq"] if rows else after
    done = ctx.info.sealed and last_visible >= ctx.info.last_seq - (viewer.delay if
                                                                      viewer.kind == "spectator"
                                                                      else 0)
    return rows, done


@router.get("/games/{game_id}/live", tags=["events"],
            responses={200: {"content": {"text/event-stream": {}}}})
def live(game_id: str, request: Request, svc: Svc, grant: Who, view: ViewQ = None,
         from_seq: Annotated[int, Query(ge=1)] = 1,
         last_event_id: Annotated[str | None, Header(max_length=20)] = None) -> StreamingResponse:
    """The game's events as server-sent events, live, in the caller's view (a spectator's
    delay applied by the server)."""
    _ctx, viewer = readable(svc, grant, game_id, view)
    after = from_seq - 1
    if last_event_id and last_event_id.isdigit():
        after = max(after, int(last_event_id))

    async def stream() -> AsyncIterator[str]:
        sent = after
        quiet_since = time.monotonic()
        seen: tuple[int, str | None] | None = None
        yield f"retry: 1000\n: riftlog live feed of game {game_id} as {viewer}\n\n"
        while True:
            # the game's head is cheap to read: the view is cut again only when it moved
            head = await anyio.to_thread.run_sync(svc.store.head, game_id)
            rows: list[dict[str, Any]] = []
            done = False
            if (head[0], head[2]) != seen:
                seen = (head[0], head[2])
                rows, done = await anyio.to_thread.run_sync(_batch, svc, game_id, viewer, sent)
            for row in rows:
                sent = row["seq"]
                data = json.dumps(row, ensure_ascii=False, separators=(",", ":"))
                yield f"event: game-event\nid: {sent}\ndata: {data}\n\n"
            if done:
                yield f"event: end\ndata: {json.dumps({'last_seq': sent})}\n\n"
                return
            if rows:
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since > KEEPALIVE_SECONDS:
                quiet_since = time.monotonic()
                yield ": keep-alive\n\n"
            if await request.is_disconnected():
                return
            await anyio.sleep(POLL_SECONDS)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
