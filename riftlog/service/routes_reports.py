"""Routes: the replay report and dispute report, exports in every format the command line
writes (streamed), import of a bundle, verification, card facts and deck-list checks.
Thin over the library functions ``riftlog replay``, ``export``, ``import``, ``verify``,
``cards show`` and ``deck check`` call.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Iterator
from datetime import date
from typing import IO, Annotated, Any, Literal

from fastapi import APIRouter, Body, Query
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from riftlog import history
from riftlog.bundle import import_bundle, load_bundle, write_bundle
from riftlog.cards import load_catalog, support_note, validate_deck
from riftlog.cards.banlists import FORMAT_BY_MODE, deck_bans, load_ban_lists, parse_date
from riftlog.cards.deckcodes import parse_any_deck
from riftlog.cards.decks import SAMPLE_DECKS, deck_file
from riftlog.cards.sideboards import sideboard_violations
from riftlog.errors import NotPermitted
from riftlog.export import FORMATS, ExportError, Selection, iter_jsonl, select_games
from riftlog.replay import replay_game
from riftlog.service.access import Grant, may_judge
from riftlog.service.context import Service, game_context
from riftlog.service.routes_games import Svc, ViewQ, Who, _require_token, readable
from riftlog.store import GameInfo

__all__ = ["router"]

router = APIRouter()

LOSSLESS = ("bundle", "jsonl")
MEDIA = {"bundle": "application/json", "jsonl": "application/x-ndjson", "csv": "text/csv",
         "csv-players": "text/csv", "transcript": "text/plain; charset=utf-8"}
Edition = Annotated[Literal["v1.3", "v1.2"] | None, Query(
    description="Re-judge under another rules edition (default: the game's own)")]


# --- reports -----------------------------------------------------------------------------


@router.get("/games/{game_id}/report", tags=["reports"])
def get_report(game_id: str, svc: Svc, grant: Who, edition: Edition = None) -> dict[str, Any]:
    """The replay report: a verdict for every event, citing the rules (a judge of the game;
    it is the full record)."""
    ctx = game_context(svc.store, game_id)
    ctx.require_judge(grant, "the replay report")
    return replay_game(svc.store, game_id, edition=edition,
                       refresh_snapshots=not svc.store.read_only).to_json()


@router.get("/games/{game_id}/dispute", tags=["reports"])
def get_dispute(game_id: str, svc: Svc, grant: Who, edition: Edition = None) -> dict[str, Any]:
    """The dispute report: the events that are not plainly legal, the first illegal one
    with the state before it and what the game awaited (a judge of the game)."""
    ctx = game_context(svc.store, game_id)
    ctx.require_judge(grant, "the dispute report")
    return replay_game(svc.store, game_id, edition=edition,
                       refresh_snapshots=not svc.store.read_only).to_json(notable_only=True)


@router.get("/games/{game_id}/verify", tags=["reports"])
def verify_game(game_id: str, svc: Svc, grant: Who) -> dict[str, Any]:
    """Recompute the game's hash chain, head and seal (``riftlog verify GAME``)."""
    readable(svc, grant, game_id, None)
    result: dict[str, Any] = dict(svc.store.verify(game_id).__dict__)
    return result


# --- exports -----------------------------------------------------------------------------


def _spooled(write: Any) -> Iterator[bytes]:
    """Run *write(out)* into a temporary file, then stream it in chunks (the library
    writers take a text file; a large export never sits in memory)."""
    with tempfile.TemporaryFile("w+b") as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8", newline="", write_through=True)
        write(text)
        text.flush()
        raw.seek(0)
        while chunk := raw.read(64 * 1024):
            yield chunk
        text.detach()


def _chunked(lines: Iterator[str], size: int = 500) -> Iterator[str]:
    """*lines* joined a few hundred at a time (each chunk of a streamed body costs a thread
    hop)."""
    chunk: list[str] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= size:
            yield "".join(chunk)
            chunk = []
    if chunk:
        yield "".join(chunk)


def _export(svc: Service, games: list[GameInfo], fmt: str, view: str | None,
            selection: str) -> StreamingResponse:
    """The CLI's ``export_games`` choice of writer, streamed."""
    store = svc.store
    if fmt == "jsonl":
        body: Iterator[Any] = _chunked(iter_jsonl(store, games))
    else:
        def write(out: IO[str]) -> None:
            if fmt == "bundle":
                write_bundle(store, games, out, selection=selection)
            elif fmt == "csv":
                history.write_csv(store, games, out, view=view)
            elif fmt == "csv-players":
                history.write_csv_players(store, games, out, view=view)
            else:
                history.write_transcripts(store, games, out, view=view)
        body = _spooled(write)
    first = next(body, None)  # a refusal (ExportError) is raised before the response starts

    def stream() -> Iterator[Any]:
        if first is not None:
            yield first
        yield from body

    ext = {"bundle": "json", "jsonl": "jsonl", "transcript": "txt"}.get(fmt, "csv")
    name = f"{games[0].id if len(games) == 1 else 'riftlog-export'}.{ext}"
    return StreamingResponse(stream(), media_type=MEDIA[fmt],
                             headers={"Content-Disposition": f'attachment; filename="{name}"'})


Format = Annotated[Literal["bundle", "jsonl", "csv", "csv-players", "transcript"], Query(
    description="bundle and jsonl: the full record (judges); csv, csv-players and "
                "transcript: cut to the caller's view")]


def _export_view(svc: Service, grant: Grant, game_id: str, fmt: str, view: str | None) -> str:
    ctx = game_context(svc.store, game_id)
    if fmt in LOSSLESS:
        ctx.require_judge(grant, f"a {fmt} export")
        if not may_judge(grant, game_id, ctx.tournament_id):
            raise NotPermitted(f"game {game_id}: a {fmt} export is the full record (the "
                               f"judge's view); {grant.describe()} may export csv, "
                               "csv-players or transcript in their own view")
        return "judge"
    return ctx.view_text(grant, view)


@router.get("/games/{game_id}/export", tags=["exports"])
def export_game(game_id: str, svc: Svc, grant: Who, format: Format = "bundle",
                view: ViewQ = None) -> StreamingResponse:
    """One game in any format ``riftlog export`` writes, streamed."""
    assert set(FORMATS) == set(MEDIA)
    seen = _export_view(svc, grant, game_id, format, view)
    return _export(svc, [svc.store.game(game_id)], format, seen, f"game {game_id}")


@router.get("/export", tags=["exports"])
def export_many(svc: Svc, grant: Who, format: Format = "csv", view: ViewQ = None,
                tournament_id: str | None = None, match_id: str | None = None,
                player: Annotated[str | None, Query(max_length=80)] = None,
                since: date | None = None, until: date | None = None) -> StreamingResponse:
    """The games of the token's tournament (filtered like ``riftlog export``) in one
    export, every game in the same view (refused naming a game the view is not allowed for)."""
    _require_token(grant, "exporting")
    scope = grant.tournament_id
    if scope is None or tournament_id not in (None, scope):
        raise NotPermitted(f"exporting: {grant.describe()} exports the games of its own "
                           "tournament only (GET /games/{id}/export for one game)")
    sel = Selection(match_id=match_id, tournament_id=scope, player=player, since=since,
                    until=until)
    games = select_games(svc.store, sel)
    if not games:
        raise ExportError(f"no game matches {sel.describe()}")
    views = {_export_view(svc, grant, g.id, format, view) for g in games}
    if len(views) > 1:
        raise NotPermitted(f"exporting: the games selected are seen in different views "
                           f"({', '.join(sorted(views))}); name one with ?view=")
    return _export(svc, games, format, views.pop(), sel.describe())


# --- import ------------------------------------------------------------------------------


@router.post("/import", tags=["exports"])
def import_route(svc: Svc, grant: Who,
                 bundle: Annotated[dict[str, Any], Body(description="A riftlog bundle")]
                 ) -> dict[str, Any]:
    """Import a bundle (``riftlog import``): every game's chain verified first; refused as
    a whole naming the game and seq.  A judge or organiser of a tournament imports games of
    that tournament's matches only."""
    import json

    _require_token(grant, "importing")
    parsed = load_bundle("request body", json.dumps(bundle))
    scope = grant.tournament_id if grant.role in ("judge", "organiser") else None
    if scope is None:
        raise NotPermitted(f"importing: {grant.describe()} may not import (a judge or "
                           "organiser of a tournament may)")
    matches = {m.id: m.tournament_id for m in parsed.matches}
    for g in parsed.games:
        if g.match_id is None or matches.get(g.match_id) != scope:
            raise NotPermitted(f"importing: game {g.id} is not in a match of tournament "
                               f"{scope} in the bundle")
    for t in parsed.tournaments:
        if t.id != scope:
            raise NotPermitted(f"importing: the bundle holds tournament {t.id}, not {scope}")
    report = import_bundle(svc.store, parsed, where="request body")
    return {"imported": [{"game_id": g, "events": n} for g, n in report.imported],
            "already_present": report.already_present, "sealed": report.sealed,
            "matches_created": report.matches_created,
            "tournaments_created": report.tournaments_created, "lines": report.lines()}


# --- cards and decks: public facts ---------------------------------------------------------


@router.get("/cards/{name}", tags=["cards"])
def card_facts(name: str, _grant: Who) -> dict[str, Any]:
    """One card's facts (a name, an id such as OGN-001 or a printing code) and whether the
    engine supports it (``riftlog cards show``)."""
    catalog = load_catalog()
    card = catalog.resolve(name)
    supported, why = card.support_reason()
    return {"id": card.id, "name": card.name, "type": card.type, "supertype": card.supertype,
            "domains": list(card.domains), "energy": card.energy, "power": card.power,
            "might": card.might, "tags": list(card.tags),
            "champion_tags": list(card.champion_tags), "keywords": list(card.keywords),
            "rarity": card.rarity, "has_text": card.has_text,
            "printings": [p.code for p in card.printings], "supported": supported,
            "support": why, "catalog": catalog.version}


class DeckCheckIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    deck: str = Field(min_length=1, max_length=20_000,
                      description="A sample deck's name, a deck code or a deck list's text")
    mode: Literal["duel", "match", "ffa3", "ffa4", "2v2"] = "duel"
    format: str | None = Field(default=None, max_length=20,
                               description="standard, 2v2 or none (default: the mode's)")
    on: str = Field(default="today", max_length=10, description="YYYY-MM-DD or today")


@router.post("/decks/check", tags=["cards"])
def deck_check(body: DeckCheckIn, _grant: Who) -> dict[str, Any]:
    """Check a deck list against the deck rules and the ban lists in force (``riftlog
    deck check``): every broken rule, with its line."""
    text = body.deck.strip()
    if text.removesuffix(".txt") in SAMPLE_DECKS:
        deck = parse_any_deck(deck_file(text).read_text(encoding="utf-8"), text)
    else:
        deck = parse_any_deck(body.deck, "deck")
    violations = validate_deck(deck, body.mode) + sideboard_violations(deck)
    fmt = FORMAT_BY_MODE[body.mode] if body.format is None else body.format.lower()
    lists: list[Any] = []
    if fmt != "none":
        lists, banned = deck_bans(deck, fmt, parse_date(body.on), load_ban_lists(None))
        violations += banned
    return {"legal": not violations, "mode": body.mode, "main": deck.main_count,
            "runes": deck.rune_count, "battlefields": deck.battlefield_count,
            "ban_lists": [b.label for b in lists],
            "problems": [{"rule": v.rule, "line": v.line, "message": v.message}
                         for v in violations],
            "note": support_note(deck)}
