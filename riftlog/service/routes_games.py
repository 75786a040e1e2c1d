"""Routes: tournaments, matches and games (create, list with filters and paging), a game's
events (append one or a batch; read as JSON or streamed NDJSON), its state at any seq for a
view, and the legal moves.  Thin: parse, decide access (:mod:`riftlog.service.access`),
call the library function the command line calls, shape the answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import StreamingResponse
from fastapi.security import HTTPBearer
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import func, select

from riftlog.cards import validate_deck
from riftlog.cards.deckcodes import parse_any_deck
from riftlog.cards.decks import SAMPLE_DECKS, deck_file
from riftlog.errors import DeckError, NotPermitted, RecorderError
from riftlog.events.actor import Actor
from riftlog.events.payloads import PlayerSpec
from riftlog.positions import legal_moves
from riftlog.recorder import append_event, create_game, information_level, try_line
from riftlog.recording import decisions_from_line
from riftlog.reducer import state_at
from riftlog.service.access import (
    Grant,
    Unauthenticated,
    may_manage,
    readable_games,
    set_access,
    tournament_exists,
)
from riftlog.service.context import GameContext, Service, game_context, state_for, view_rows
from riftlog.store.models import Game, Match, Tournament
from riftlog.views import GameView

__all__ = ["legal_decisions", "router"]

router = APIRouter()
bearer = HTTPBearer(auto_error=False, description="A token from `riftlog token create`")

#: The legal-move enumerator behind ``/games/{id}/legal-moves`` (the engine's move
#: generator, as the bot and dispute reports use it); one name to switch to another.
legal_decisions = legal_moves

ID = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")]


def service_of(request: Request) -> Service:
    svc: Service = request.app.state.service
    return svc


def grant_of(request: Request, _token: Annotated[Any, Depends(bearer)] = None) -> Grant:
    """The caller's grant (the bearer dependency only documents the scheme)."""
    return service_of(request).grant(request.headers.get("authorization"))


Svc = Annotated[Service, Depends(service_of)]
Who = Annotated[Grant, Depends(grant_of)]


class Page(BaseModel):
    """One page of a listing."""

    items: list[dict[str, Any]]
    total: int
    limit: int
    offset: int


# --- tournaments and matches -------------------------------------------------------------


class TournamentIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: ID
    name: str = Field(min_length=1, max_length=200)


class MatchIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: ID
    tournament_id: ID
    round: int | None = Field(default=None, ge=0, le=10_000)
    table: str | None = Field(default=None, max_length=40)
    best_of: Literal[1, 3, 5] = 1


def _require_token(grant: Grant, doing: str) -> None:
    if grant.role == "public":
        raise Unauthenticated(f"{doing} needs a token")


def _manage(grant: Grant, tournament_id: str, doing: str) -> None:
    _require_token(grant, doing)
    if not may_manage(grant, tournament_id):
        raise NotPermitted(f"{doing}: only an organiser of tournament {tournament_id} may; "
                           f"{grant.describe()} may not")


def _scope_tournaments(grant: Grant) -> list[str]:
    return [grant.tournament_id] if grant.tournament_id else []


@router.post("/tournaments", status_code=201, tags=["tournaments"])
def create_tournament(body: TournamentIn, svc: Svc, grant: Who) -> dict[str, Any]:
    """Create a tournament (an organiser token for that tournament id)."""
    _manage(grant, body.id, f"creating tournament {body.id}")
    svc.store.create_tournament(body.id, body.name)
    return {"id": body.id, "name": body.name}


@router.get("/tournaments", tags=["tournaments"])
def list_tournaments(svc: Svc, grant: Who, limit: Annotated[int, Query(ge=1, le=500)] = 50,
                     offset: Annotated[int, Query(ge=0)] = 0) -> Page:
    """The tournaments the token is scoped to."""
    _require_token(grant, "listing tournaments")
    ids = _scope_tournaments(grant)
    with svc.store.engine.connect() as conn:
        rows = conn.execute(select(Tournament).where(Tournament.id.in_(ids))
                            .order_by(Tournament.id).limit(limit).offset(offset)).all()
    return Page(items=[{"id": r.id, "name": r.name, "created_at": r.created_at} for r in rows],
                total=len(ids), limit=limit, offset=offset)


@router.post("/matches", status_code=201, tags=["tournaments"])
def create_match(body: MatchIn, svc: Svc, grant: Who) -> dict[str, Any]:
    """Create a match in a tournament (its organiser)."""
    _manage(grant, body.tournament_id, f"creating match {body.id}")
    svc.store.create_match(body.id, body.tournament_id, body.round, body.table, body.best_of)
    return body.model_dump()


@router.get("/matches", tags=["tournaments"])
def list_matches(svc: Svc, grant: Who, tournament_id: str | None = None,
                 limit: Annotated[int, Query(ge=1, le=500)] = 50,
                 offset: Annotated[int, Query(ge=0)] = 0) -> Page:
    """The matches of the tournament the token is scoped to."""
    _require_token(grant, "listing matches")
    ids = [t for t in _scope_tournaments(grant) if tournament_id in (None, t)]
    where = Match.tournament_id.in_(ids)
    with svc.store.engine.connect() as conn:
        total = conn.execute(select(func.count()).select_from(Match).where(where)).scalar_one()
        rows = conn.execute(select(Match).where(where).order_by(Match.id)
                            .limit(limit).offset(offset)).all()
    items = [{"id": r.id, "tournament_id": r.tournament_id, "round": r.round,
              "table": r.table_label, "best_of": r.best_of} for r in rows]
    return Page(items=items, total=int(total), limit=limit, offset=offset)


# --- games ---------------------------------------------------------------------------------


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,16}$")
    name: str = Field(min_length=1, max_length=80)
    deck: str = Field(min_length=1, max_length=20_000,
                      description="A sample deck's name, a deck code, or a deck list's text")
    team: str | None = Field(default=None, max_length=16)


class GameIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: ID
    tournament_id: ID
    match_id: ID | None = None
    game_number: int = Field(default=1, ge=1, le=5)
    round: int | None = Field(default=None, ge=0, le=10_000)
    table: str | None = Field(default=None, max_length=40)
    mode: Literal["duel", "match", "ffa3", "ffa4", "2v2"] = "duel"
    players: list[SeatIn] = Field(min_length=2, max_length=4)
    randomness: Literal["seeded", "recorded"] = "seeded"
    information: str = Field(default="full", pattern=r"^(full|paper|seat:[A-Za-z0-9_.-]{1,40})$",
                             description="full, paper or seat:P (issue 21); not full implies "
                                         "recorded randomness")
    rules_edition: Literal["v1.3", "v1.2"] = "v1.3"
    public: bool = Field(default=False, description="The public may read it once finished")
    spectator_delay: int = Field(default=0, ge=0, le=10_000,
                                 description="Spectators see the game this many events behind")


def _seat(seat: SeatIn, mode: str) -> PlayerSpec:
    """A seat from a sample deck's name or a deck list / code given inline (never a path on
    the server)."""
    name = seat.deck.strip()
    if name.removesuffix(".txt") in SAMPLE_DECKS:
        deck = parse_any_deck(deck_file(name).read_text(encoding="utf-8"), name)
    else:
        deck = parse_any_deck(seat.deck, f"deck of {seat.id}")
    problems = validate_deck(deck, mode)
    if problems:
        raise DeckError(f"deck of {seat.id}: {problems[0]}"
                        + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return PlayerSpec(id=seat.id, name=seat.name, team=seat.team, deck=deck.to_spec())


def _game_json(ctx: GameContext, view: str = "judge") -> dict[str, Any]:
    """The game's row; for a delayed spectator, its head as far as the delay lets it see."""
    info = ctx.info
    out = {"id": info.id, "match_id": info.match_id, "tournament_id": ctx.tournament_id,
            "game_number": info.game_number, "mode": info.mode,
            "rules_edition": info.rules_edition, "status": info.status, "over": ctx.over,
            "last_seq": info.last_seq, "last_hash": info.last_hash,
            "seal_hash": info.seal_hash, "created_at": info.created_at,
            "public": ctx.public, "spectator_delay": ctx.delay,
            "information": ctx.created.information_label() if info.last_seq else None}
    lag = view.partition(":")[2]
    if view.startswith("spectator") and lag.isdigit() and int(lag):
        out["last_seq"] = max(1, info.last_seq - int(lag)) if info.last_seq else 0
        out["last_hash"] = None  # the present head is not the spectator's to see yet
    return out


@router.post("/games", status_code=201, tags=["games"])
def create_game_route(body: GameIn, svc: Svc, grant: Who) -> dict[str, Any]:
    """Create a game (and its match, if new) in a tournament: its organiser."""
    _manage(grant, body.tournament_id, f"creating game {body.id}")
    if body.match_id is not None:
        with svc.store.engine.connect() as conn:
            row = conn.execute(select(Match.tournament_id).where(Match.id == body.match_id)).first()
        if row is not None and row[0] != body.tournament_id:
            raise NotPermitted(f"creating game {body.id}: match {body.match_id} is not in "
                               f"tournament {body.tournament_id}")
    if not tournament_exists(svc.store, body.tournament_id):
        raise RecorderError(f"creating game {body.id}: no tournament {body.tournament_id} "
                            "(POST /tournaments first)")
    players = [_seat(p, body.mode) for p in body.players]
    match_id = body.match_id or f"{body.id}-match"
    level, seat = information_level(body.information)
    create_game(svc.store, body.id, mode=body.mode, players=players,
                information=level, recording_seat=seat,
                randomness="recorded" if level != "full" else body.randomness, rules_edition=body.rules_edition,
                match_id=match_id, game_number=body.game_number,
                tournament_id=body.tournament_id, round=body.round, table=body.table,
                keeper=svc.keeper, actor=grant.actor(body.id))
    set_access(svc.store, body.id, public=body.public, spectator_delay=body.spectator_delay)
    return _game_json(game_context(svc.store, body.id))


@router.get("/games", tags=["games"])
def list_games(svc: Svc, grant: Who, tournament_id: str | None = None,
               match_id: str | None = None,
               status: Literal["open", "sealed"] | None = None,
               limit: Annotated[int, Query(ge=1, le=500)] = 50,
               offset: Annotated[int, Query(ge=0)] = 0) -> Page:
    """The games the caller may read, filtered, oldest first: the games of the token's
    tournament or its game; without a token, the sealed games made public."""
    query = select(Game.id).outerjoin(Match, Game.match_id == Match.id)
    query = readable_games(query, grant)
    if tournament_id is not None:
        query = query.where(Match.tournament_id == tournament_id)
    if match_id is not None:
        query = query.where(Game.match_id == match_id)
    if status is not None:
        query = query.where(Game.status == status)
    with svc.store.engine.connect() as conn:
        total = conn.execute(select(func.count()).select_from(query.subquery())).scalar_one()
        ids = [r[0] for r in conn.execute(query.order_by(Game.created_at, Game.id)
                                          .limit(limit).offset(offset)).all()]
    items = []
    for gid in ids:
        ctx = game_context(svc.store, gid)
        items.append(_game_json(ctx, ctx.view_text(grant, None)))  # as reading it decides
    return Page(items=items, total=int(total), limit=limit, offset=offset)


def readable(svc: Service, grant: Grant, game_id: str, view: str | None) -> tuple[GameContext, Any]:
    """The game's context and the viewer *grant* reads it as (refusals: 401, 403, 404)."""
    ctx = game_context(svc.store, game_id)
    return ctx, ctx.viewer(grant, view)


ViewQ = Annotated[str | None, Query(max_length=40, description=(
    "Whose view: a seat (p1), opponent:p1, spectator, spectator:N, judge, public "
    "(default: the token's own)"))]


@router.get("/games/{game_id}", tags=["games"])
def get_game(game_id: str, svc: Svc, grant: Who) -> dict[str, Any]:
    """A game: what it is judged under, its head and status, its access settings."""
    ctx = game_context(svc.store, game_id)
    return _game_json(ctx, ctx.view_text(grant, None))


class AccessIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    public: bool | None = None
    spectator_delay: int | None = Field(default=None, ge=0, le=10_000)


@router.put("/games/{game_id}/access", tags=["games"])
def put_access(game_id: str, body: AccessIn, svc: Svc, grant: Who) -> dict[str, Any]:
    """Allow (or stop) public reading of the finished game, set the spectators' delay
    (an organiser of its tournament)."""
    ctx = game_context(svc.store, game_id)
    _manage(grant, str(ctx.tournament_id), f"setting the access of game {game_id}")
    public, delay = set_access(svc.store, game_id, public=body.public,
                               spectator_delay=body.spectator_delay)
    return {"id": game_id, "public": public, "spectator_delay": delay}


# --- events --------------------------------------------------------------------------------


class EventIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: str | None = Field(default=None, min_length=1, max_length=100,
                             description="The event's type (or give `notation`)")
    payload: dict[str, Any] = Field(default_factory=dict,
                                    description="The event's fields (its type aside)")
    notation: str | None = Field(default=None, min_length=1, max_length=2000,
                                 description="A decision as a line of notation "
                                             "(docs/notation.md), instead of type and payload")
    client_event_id: str | None = Field(default=None, min_length=1, max_length=200,
                                        description="Idempotency key: a retry is stored once")


class AppendIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    expected_seq: int | None = Field(default=None, ge=0,
                                     description="The last seq the client saw (409 if moved on)")
    mode: Literal["strict", "record"] = "strict"
    events: list[EventIn] = Field(min_length=1, max_length=100)


@router.post("/games/{game_id}/events", status_code=201, tags=["events"])
def append_events(game_id: str, body: AppendIn, svc: Svc, grant: Who) -> dict[str, Any]:
    """Append one event or a batch, in order, each judged by the rules engine as the
    token's identity (the library's ``check_permitted`` decides).

    ``expected_seq`` is checked before the first; each next one expects the seq the one
    before left.  A refused event stops the batch: the problem names it (``index``) and
    the seqs stored before it (``stored``); retrying with the same client event ids never
    stores one twice.
    """
    _require_token(grant, f"appending to game {game_id}")
    ctx = game_context(svc.store, game_id)
    if not grant.covers(game_id, ctx.tournament_id):
        raise NotPermitted(f"game {game_id}: {grant.describe()} may not append to it")
    actor = grant.actor(game_id)
    stored: list[dict[str, Any]] = []
    violations: list[dict[str, Any]] = []
    unverifiable: list[str] = []
    expected = body.expected_seq
    for index, ev in enumerate(body.events):
        retry = ev.client_event_id is not None and \
            svc.store.client_event(game_id, ev.client_event_id) is not None
        try:
            # issue 21: in a paper game a line naming hidden cards is their CardsIdentified,
            # then the decision: tried together first, so a refusal writes neither
            *named, (kind, payload) = _event_fields(svc, game_id, ev, actor, body.mode)
            for known_kind, known in named:
                res = append_event(svc.store, game_id, known_kind, known, actor=actor,
                                   expected_seq=None if retry else expected, keeper=svc.keeper)
                stored += [{"seq": e.seq, "type": e.type} for e in res.events]
                expected = svc.store.last_seq(game_id)
            res = append_event(svc.store, game_id, kind, payload, actor=actor,
                               expected_seq=None if retry else expected,
                               client_event_id=ev.client_event_id, mode=body.mode,
                               keeper=svc.keeper)
        except Exception as exc:
            from riftlog.service.problems import problem_for

            problem = problem_for(exc)
            if problem.status >= 500:
                raise
            problem.detail = _redacted(svc, ctx, grant, problem.detail)
            problem.extra.update(index=index, stored=[s["seq"] for s in stored])
            raise problem from None
        stored += [{"seq": e.seq, "type": e.type} for e in res.events]
        violations += [v.to_json() for v in res.violations]
        if res.unverifiable:
            unverifiable.append(_redacted(svc, ctx, grant, res.unverifiable))
        expected = svc.store.last_seq(game_id)
    head = svc.store.game(game_id)
    return {"events": stored, "last_seq": head.last_seq, "last_hash": head.last_hash,
            "violations": violations, "unverifiable": unverifiable}


def _event_fields(svc: Service, game_id: str, ev: EventIn, actor: Actor,
                  mode: Literal["strict", "record"] = "strict") -> list[tuple[str, dict[str, Any]]]:
    """The type and payload of *ev*: as given, or from its line of notation read in the
    game's present state (a line without ``p1:`` is a player token's own seat's); in a
    paper game such a line may first name hidden cards (CardsIdentified, issue 21), and
    then the events are tried together before any is written."""
    if ev.notation is None:
        if ev.type is None:
            raise RecorderError("an event gives a type (and payload) or a line of notation")
        return [(ev.type, dict(ev.payload))]
    if ev.type is not None or ev.payload:
        raise RecorderError("an event gives either notation or a type and payload, not both")
    position = state_at(svc.store, game_id)
    seat = actor.name if actor.role == "player" else None
    decisions = decisions_from_line(position.state, ev.notation, seat)
    if len(decisions) > 1 and position.state is not None:
        try_line(position.state, decisions, f"game {game_id}", position.seq + 1, mode)
    return [(d.type, d.model_dump(mode="json", exclude_unset=True)) for d in decisions]


def _redacted(svc: Service, ctx: GameContext, grant: Grant, text: str) -> str:
    """*text* (a refusal or verdict) with the objects hidden from the caller aliased."""
    if grant.role in ("judge", "recorder"):
        return text
    try:
        viewer = ctx.viewer(grant, None)
    except Exception:
        return text
    last = svc.store.last_seq(ctx.info.id)
    view = GameView(svc.store.read(ctx.info.id, 1, last), viewer)
    return view.text(last, text) if last else text


@router.get("/games/{game_id}/events", tags=["events"],
            responses={200: {"content": {"application/x-ndjson": {}}}})
def read_events(game_id: str, request: Request, svc: Svc, grant: Who, view: ViewQ = None,
                from_seq: Annotated[int, Query(ge=1)] = 1,
                to_seq: Annotated[int | None, Query(ge=1)] = None,
                format: Literal["json", "ndjson"] | None = None) -> Any:
    """The game's events from ``from_seq`` as the caller may see them (cut by the one
    redaction path, the game actions each caused included; a spectator's delay applied):
    a JSON array, or NDJSON streamed (``format=ndjson`` or ``Accept: application/x-ndjson``)."""
    ctx, viewer = readable(svc, grant, game_id, view)
    rows = view_rows(svc.store, ctx, viewer, from_seq, to_seq)
    ndjson = format == "ndjson" or (format is None and "application/x-ndjson"
                                    in request.headers.get("accept", ""))
    if ndjson:
        def lines() -> Iterator[str]:
            # a chunk of rows at a time: each chunk of a streamed body costs a thread hop
            chunk: list[str] = []
            for row in rows:
                chunk.append(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
                if len(chunk) >= 200:
                    yield "".join(chunk)
                    chunk = []
            if chunk:
                yield "".join(chunk)
        return StreamingResponse(lines(), media_type="application/x-ndjson")
    return {"game_id": game_id, "viewer": str(viewer), "events": list(rows)}


@router.get("/games/{game_id}/state", tags=["events"])
def get_state(game_id: str, svc: Svc, grant: Who, view: ViewQ = None,
              seq: Annotated[int | None, Query(ge=1)] = None) -> dict[str, Any]:
    """The state after event ``seq`` (default: the last) as the caller may see it."""
    ctx, viewer = readable(svc, grant, game_id, view)
    return state_for(svc.store, ctx, viewer, seq)


@router.get("/games/{game_id}/legal-moves", tags=["events"])
def get_legal_moves(game_id: str, svc: Svc, grant: Who, view: ViewQ = None,
                    limit: Annotated[int, Query(ge=1, le=500)] = 200) -> dict[str, Any]:
    """What the game awaits now and, for the player awaited (or a judge or recorder of the
    game), every legal decision (as JSON and in the notation; ``complete`` is false when
    ``limit`` cut the list)."""
    ctx, viewer = readable(svc, grant, game_id, view)
    state = ctx.head.state
    if state is None or (viewer.kind == "spectator" and viewer.delay) or viewer.kind == "public":
        if viewer.kind == "public" or state is None:
            return {"seq": ctx.head.seq, "awaited": "nothing", "requests": [], "moves": [],
                    "complete": False}
        raise NotPermitted(f"game {game_id}: a delayed spectator does not see the game's "
                           "present moment")
    moves = legal_decisions(state.clone(), limit)
    awaited_player = next((r.partition(" from ")[2].partition(":")[0]
                           for r in moves.requests), None)
    own = viewer.kind == "judge" or (viewer.kind == "player" and viewer.player == awaited_player)
    listed = list(moves.moves) if own else []
    lines = list(moves.notation) if own else []
    if viewer.kind != "judge" and listed:
        gv = GameView(svc.store.read(game_id, 1, ctx.head.seq), viewer)
        listed = [gv.text(ctx.head.seq, m) for m in listed]
        lines = [gv.text(ctx.head.seq, m) for m in lines]
    return {"seq": ctx.head.seq, "awaited": moves.awaited, "requests": list(moves.requests),
            "moves": listed, "notation": lines, "complete": moves.complete,
            "note": None if own else "moves are listed for the player awaited and the judges"}
