"""The web interface of ``riftlog serve``: its pages (the game list at ``/``, a replay at
``/replay/{game}``), their static files (``/static/...``, shipped in the wheel from
:mod:`riftlog.web`) and the JSON the pages read beside the API:

* ``GET /web/games`` -- the games the caller may read, each with its players, legends,
  result and illegal events as the caller sees them, filtered by tournament, round, player,
  legend, outcome and verdict;
* ``GET /games/{id}/views`` -- the views the caller may switch between;
* ``GET /games/{id}/log?view=`` -- every event the view shows, in notation and in words,
  with its verdict as the view may see it (and, for a judge, the dispute report);
* ``GET /games/{id}/board?seq=&view=`` -- the board at a seq (the state view with the
  Might of each unit and the facts of each card it shows).

Every answer is cut by the library's one redaction path for the view
:func:`riftlog.service.access.allowed_view` allows; the pages only ever show what the
server sent.  A page authenticates with the same bearer token as the API (kept by the
browser in ``sessionStorage``, never in a URL).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import FileResponse, Response
from sqlalchemy import select

from riftlog.errors import NotPermitted, RiftlogError
from riftlog.replay import describe_result, result_of
from riftlog.replay_log import ReplayIndex, board_at, game_summary, log_entries
from riftlog.service.access import (
    Grant,
    Unauthenticated,
    allowed_view,
    may_judge,
    readable_games,
)
from riftlog.service.context import GameContext, Service, game_context
from riftlog.service.routes_games import Svc, ViewQ, Who, _game_json, readable
from riftlog.store.models import Game, Match
from riftlog.views import Viewer, parse_viewer
from riftlog.web import STATIC

__all__ = ["router"]

router = APIRouter()

#: The pages' Content-Security-Policy: their own scripts and styles only, no inline code.
PAGE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
#: How many folded and judged games the service keeps (each while its head stays).
NAVIGATORS = 16

class KeptGame:
    """One game folded and judged once (:class:`ReplayIndex`) and each view's event log,
    kept while the game's head does not move."""

    def __init__(self, nav: ReplayIndex) -> None:
        self.nav = nav
        self._logs: dict[str, list[dict[str, Any]]] = {}
        self._lock = threading.Lock()

    def log(self, viewer: Viewer) -> list[dict[str, Any]]:
        """The event log *viewer* sees (:func:`riftlog.replay_log.log_entries`)."""
        key = str(viewer)
        with self._lock:
            if key not in self._logs:
                self._logs[key] = log_entries(self.nav, viewer)
            return self._logs[key]


_lock = threading.Lock()
_kept: OrderedDict[tuple[int, str, int, str], KeptGame] = OrderedDict()
_building: dict[tuple[int, str, int, str], threading.Lock] = {}


def kept_game(svc: Service, ctx: GameContext) -> KeptGame:
    """The game folded and judged once (kept while its head does not move; requests
    arriving while it is being built wait for that one build)."""
    info = ctx.info
    if info.last_seq < 1:
        raise RiftlogError(f"game {info.id} has no events")
    key = (id(svc.store), info.id, info.last_seq, info.last_hash)
    with _lock:
        kept = _kept.get(key)
        if kept is not None:
            _kept.move_to_end(key)
            return kept
        building = _building.setdefault(key, threading.Lock())
    with building:
        with _lock:
            kept = _kept.get(key)
        if kept is None:
            try:
                kept = KeptGame(ReplayIndex(svc.store.read(info.id, 1, info.last_seq)))
            except BaseException:
                with _lock:
                    _building.pop(key, None)
                raise
            with _lock:
                _kept[key] = kept
                _building.pop(key, None)
                while len(_kept) > NAVIGATORS:
                    _kept.popitem(last=False)
    return kept


def navigator(svc: Service, ctx: GameContext) -> ReplayIndex:
    """The game folded and judged once (see :func:`kept_game`)."""
    return kept_game(svc, ctx).nav


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html",
                        headers={"Content-Security-Policy": PAGE_CSP,
                                 "Cache-Control": "no-cache",
                                 "Referrer-Policy": "no-referrer"})


# --- pages ---------------------------------------------------------------------------------


@router.get("/", include_in_schema=False)
def list_page() -> FileResponse:
    """The game list page."""
    return _page("index.html")


@router.get("/replay/{game_id}", include_in_schema=False)
def replay_page(game_id: str) -> FileResponse:
    """A game's replay page (what it shows is read by the page with the visitor's token)."""
    return _page("replay.html")


@router.get("/static/{path:path}", include_in_schema=False)
def static_file(path: str) -> Response:
    """A static file of the pages (scripts, styles), from the package's ``web/static``."""
    target = (STATIC / path).resolve()
    if STATIC.resolve() not in target.parents or not target.is_file():
        return Response(status_code=404, content=f"no static file {path}",
                        media_type="text/plain")
    media = {".js": "text/javascript", ".css": "text/css", ".html": "text/html",
             ".svg": "image/svg+xml"}.get(target.suffix, "application/octet-stream")
    return FileResponse(target, media_type=media, headers={"Cache-Control": "no-cache"})


# --- what the pages read -------------------------------------------------------------------


def candidate_views(ctx: GameContext) -> list[str]:
    """Every view of the game, the grant's own aside: the judge's, each seat's, the
    spectators' (with the game's delay) and the public's once over."""
    seats = [p.id for p in ctx.created.players]
    spectating = f"spectator:{ctx.delay}" if ctx.delay else "spectator"
    return ["judge", *seats, spectating, "public"]


def views_of(ctx: GameContext, grant: Grant) -> list[str]:
    """The views *grant* may read of the game (its own first)."""
    own = ctx.view_text(grant, None)
    out = [own]
    over = ctx.over
    for name in candidate_views(ctx):
        if name in out:
            continue
        try:
            allowed_view(grant, ctx.info.id, ctx.tournament_id, public=ctx.public,
                         delay=ctx.delay, over=over, requested=name)
        except (NotPermitted, Unauthenticated):
            continue
        if name == "public" and not over:
            continue
        out.append(name)
    return out


@router.get("/games/{game_id}/views", tags=["web"])
def get_views(game_id: str, svc: Svc, grant: Who) -> dict[str, Any]:
    """The views the caller may switch between (its own first), and the game's seats."""
    ctx, _viewer = readable(svc, grant, game_id, None)
    return {"game_id": game_id, "views": views_of(ctx, grant),
            "players": [{"id": p.id, "name": p.name} for p in ctx.created.players]}


@router.get("/games/{game_id}/log", tags=["web"])
def get_log(game_id: str, svc: Svc, grant: Who, view: ViewQ = None) -> dict[str, Any]:
    """Every event the view shows, in notation and in words, with its verdict as the view
    may see it; the game's row; for a judge of the game, the dispute report's summary."""
    ctx, viewer = readable(svc, grant, game_id, view)
    kept = kept_game(svc, ctx)
    nav = kept.nav
    entries = kept.log(viewer)
    out: dict[str, Any] = {"game": _game_json(ctx, str(viewer)), "viewer": str(viewer),
                           "views": views_of(ctx, grant), "events": entries,
                           "summary": game_summary(nav, viewer), "dispute": None}
    if viewer.kind == "judge" and may_judge(grant, game_id, ctx.tournament_id):
        report = nav.report
        out["dispute"] = {"ok": report.ok, "counts": report.counts(),
                          "first_illegal": _first_illegal(nav),
                          "judge_events": report.judge_events,
                          "result": describe_result_of(nav)}
    return out


def _first_illegal(nav: ReplayIndex) -> int | None:
    return next((v.seq for v in nav.report.verdicts if v.verdict == "illegal"), None)


def describe_result_of(nav: ReplayIndex) -> str:
    return describe_result(result_of(nav.at(nav.last)))


@router.get("/games/{game_id}/board", tags=["web"])
def get_board(game_id: str, svc: Svc, grant: Who, view: ViewQ = None,
              seq: Annotated[int | None, Query(ge=1)] = None) -> dict[str, Any]:
    """The board after event ``seq`` (default: the last the view shows) as the caller may
    see it: the state view, the Might of each unit, the facts of each card shown."""
    ctx, viewer = readable(svc, grant, game_id, view)
    nav = navigator(svc, ctx)
    return board_at(nav, viewer, seq or nav.last)


@router.get("/web/games", tags=["web"])
def web_games(svc: Svc, grant: Who, tournament_id: str | None = None,
              round: Annotated[int | None, Query(ge=0)] = None,
              player: Annotated[str | None, Query(max_length=80)] = None,
              legend: Annotated[str | None, Query(max_length=80)] = None,
              result: Literal["over", "unfinished", "stopped"] | None = None,
              illegal: bool | None = None,
              limit: Annotated[int, Query(ge=1, le=200)] = 100) -> dict[str, Any]:
    """The games the caller may read, as the game list shows them (newest last), filtered:
    by tournament, round, a player's id or name, a legend's name or id (both: a part of it,
    any case), the outcome, and whether an event the caller sees is illegal."""
    query = select(Game.id, Match.tournament_id, Match.round, Match.table_label) \
        .outerjoin(Match, Game.match_id == Match.id)
    query = readable_games(query, grant)
    if tournament_id is not None:
        query = query.where(Match.tournament_id == tournament_id)
    if round is not None:
        query = query.where(Match.round == round)
    with svc.store.engine.connect() as conn:
        rows = conn.execute(query.order_by(Game.created_at, Game.id).limit(500)).all()
    items = []
    for gid, tid, rnd, table in rows:
        ctx = game_context(svc.store, gid)
        if ctx.info.last_seq < 1:
            continue
        try:
            viewer = parse_viewer(ctx.view_text(grant, None), ctx.created)
            summary = game_summary(navigator(svc, ctx), viewer)
        except RiftlogError:  # a game this caller cannot see as it stands: not listed
            continue
        if not _matches(summary, player, legend, result, illegal):
            continue
        items.append({**_game_json(ctx, str(viewer)), "round": rnd, "table": table,
                      "tournament_id": tid, "viewer": str(viewer), **summary})
        if len(items) >= limit:
            break
    return {"items": items, "total": len(items)}


def _matches(summary: dict[str, Any], player: str | None, legend: str | None,
             result: str | None, illegal: bool | None) -> bool:
    def has(text: str | None, *values: str) -> bool:
        return text is None or any(text.strip().lower() in v.lower() for v in values)

    players = summary["players"]
    if player and not any(has(player, p["id"], p["name"]) for p in players):
        return False
    if legend and not any(has(legend, p["legend"], p["legend_id"]) for p in players):
        return False
    if result is not None and summary["outcome"] != result:
        return False
    return illegal is None or bool(summary["illegal"]) == illegal
