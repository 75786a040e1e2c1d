"""Exporting match histories: which games, and the streamed formats.

:class:`Selection` says which games (one or more game ids, a match, a tournament, a
player, a date range, a legend; the filters combine with AND) and :class:`SelectedGames`
streams them (:func:`select_games` lists them).  The formats:

* ``bundle`` -- lossless, re-importable (:mod:`riftlog.bundle`);
* ``jsonl`` -- one stored event per line with its hashes, streamed (:func:`iter_jsonl`);
* ``csv`` / ``csv-players`` -- one row per game / per player and game
  (:mod:`riftlog.history`);
* ``transcript`` -- turn by turn, each decision with the game actions it caused, in a
  chosen view (:mod:`riftlog.history`).

Every format streams game by game: memory does not grow with the number of games.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import IO, Any

from riftlog.errors import RiftlogError, UnknownCard, UnknownGame
from riftlog.events import StoredEvent
from riftlog.store import EventStore, GameInfo

#: The export formats, in the order the CLI lists them.
FORMATS = ("bundle", "jsonl", "csv", "csv-players", "transcript")


class ExportError(RiftlogError):
    """An export cannot be made as asked (bad filter, unknown match, leaking view ...)."""


@dataclass(frozen=True)
class Selection:
    """Which games to export; every given filter must hold (AND)."""

    game_ids: tuple[str, ...] = ()
    match_id: str | None = None
    tournament_id: str | None = None
    player: str | None = None
    since: date | None = None
    until: date | None = None
    legend: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        """A short description, recorded in bundles (``match m1, player alice``)."""
        parts = []
        if self.game_ids:
            parts.append("game " + ", ".join(self.game_ids))
        for label, value in (("match", self.match_id), ("tournament", self.tournament_id),
                             ("player", self.player), ("since", self.since),
                             ("until", self.until), ("legend", self.legend)):
            if value is not None:
                parts.append(f"{label} {value}")
        return ", ".join(parts) or "all games"

    @property
    def needs_creation(self) -> bool:
        """True when a filter looks inside the game's GameCreated event."""
        return any(x is not None for x in (self.player, self.since, self.until, self.legend))


def parse_day(text: str, option: str) -> date:
    """Parse ``YYYY-MM-DD`` for *option*; :class:`ExportError` naming the option otherwise."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ExportError(f"{option}: {text!r} is not a date (use YYYY-MM-DD)") from None


def _legend_ids(text: str) -> set[str]:
    """A legend given as a card id or name, or as its champion's name (``Annie`` finds
    the legend Dark Child, whose champion tag is Annie): the catalog ids it may mean
    (and the text itself, for a legend the catalog does not know)."""
    from riftlog.cards import load_catalog
    from riftlog.cards.model import name_key

    catalog = load_catalog()
    ids = {text}
    key = name_key(text)
    ids |= {c.id for c in catalog
            if c.type == "Legend" and any(name_key(t) == key for t in c.champion_tags)}
    with contextlib.suppress(UnknownCard):
        ids.add(catalog.resolve(text).id)
    return ids


def creation_of(store: EventStore, game_id: str) -> StoredEvent | None:
    """The game's first event (its GameCreated), or None for an empty game."""
    for ev in store.read(game_id, 1, 1):
        return ev
    return None


def game_day(ev: StoredEvent | None, info: GameInfo) -> date:
    """The day the game was played: seq 1's recorded-at (kept by imports), else creation."""
    stamp = ev.recorded_at if ev is not None else info.created_at
    return date.fromisoformat(stamp[:10])


def select_games(store: EventStore, sel: Selection) -> list[GameInfo]:
    """The games *sel* names, in the store's order (oldest first), as a list (see
    :class:`SelectedGames` for the streamed selection exports use).

    Unknown game, match or tournament ids raise an error naming them; a filter that
    matches nothing gives an empty list.
    """
    return list(SelectedGames(store, sel))


class SelectedGames:
    """The games *sel* names, in the store's order (oldest first), streamed: each
    iteration walks the store's game ids page by page (:meth:`EventStore.game_ids`, keyset
    paging) and reads one game's row at a time, so an export of every game of a large store
    never holds the list of its games (issue 26).  Iterable more than once (a count, then
    the export); *with_events*: only games that have events.

    Iterating raises an error naming an unknown game, match or tournament id before any
    game is yielded.
    """

    def __init__(self, store: EventStore, sel: Selection, *, with_events: bool = False) -> None:
        self.store, self.sel, self.with_events = store, sel, with_events

    def __iter__(self) -> Iterator[GameInfo]:
        for info in _selected(self.store, self.sel):
            if not self.with_events or info.last_seq > 0:
                yield info


def _selected(store: EventStore, sel: Selection) -> Iterator[GameInfo]:
    from riftlog.bundle import match_rows, tournament_rows

    games: Iterable[GameInfo]
    if sel.game_ids:  # named on the command line: few, each looked up
        named = []
        for gid in dict.fromkeys(sel.game_ids):
            try:
                named.append(store.game(gid))
            except UnknownGame:
                raise UnknownGame(f"no game {gid!r} in {store.where}") from None
        games = sorted(named, key=lambda g: (g.created_at, g.id))
    else:
        games = (store.game(gid) for gid in store.game_ids())
    match_ids: set[str] | None = None
    if sel.match_id is not None or sel.tournament_id is not None:
        matches = match_rows(store)
        if sel.match_id is not None and sel.match_id not in matches:
            raise ExportError(f"no match {sel.match_id!r} in {store.where}")
        if sel.tournament_id is not None and sel.tournament_id not in tournament_rows(store):
            raise ExportError(f"no tournament {sel.tournament_id!r} in {store.where}")
        match_ids = {m.id for m in matches.values()
                     if (sel.match_id is None or m.id == sel.match_id)
                     and (sel.tournament_id is None or m.tournament_id == sel.tournament_id)}
    legends = _legend_ids(sel.legend) if sel.legend is not None else None
    for g in games:
        if match_ids is not None and g.match_id not in match_ids:
            continue
        if sel.needs_creation and not _created_matches(store, sel, g, legends):
            continue
        yield g


def _created_matches(store: EventStore, sel: Selection, g: GameInfo,
                     legends: set[str] | None) -> bool:
    """Whether game *g*'s creation (its seq 1) passes the player, date and legend filters."""
    ev = creation_of(store, g.id)
    if sel.since is not None and game_day(ev, g) < sel.since:
        return False
    if sel.until is not None and game_day(ev, g) > sel.until:
        return False
    players = ev.payload.get("players", []) if ev is not None else []
    if sel.player is not None and not any(
        sel.player in (p.get("id"), p.get("name")) for p in players
    ):
        return False
    return legends is None or any(p.get("deck", {}).get("legend") in legends for p in players)


# --- JSON Lines -----------------------------------------------------------------------


def event_record(ev: StoredEvent) -> dict[str, Any]:
    """One stored event as exported: the envelope and its hashes (no feed position)."""
    return {
        "game_id": ev.game_id, "seq": ev.seq, "type": ev.type,
        "schema_version": ev.schema_version, "actor": ev.actor, "payload": ev.payload,
        "client_event_id": ev.client_event_id, "recorded_at": ev.recorded_at,
        "prev_hash": ev.prev_hash, "hash": ev.hash,
    }


def iter_jsonl(store: EventStore, games: Iterable[GameInfo]) -> Iterator[str]:
    """Yield one JSON line (with its newline) per stored event of *games*, in order.

    A generator over the store's paged reads: memory stays constant whatever the number
    of games and events.  Each game's chain is verified as it streams.
    """
    dumps = json.dumps
    for info in games:
        for ev in store.read(info.id, verify=True):
            yield dumps(event_record(ev), ensure_ascii=False, sort_keys=True,
                        separators=(",", ":")) + "\n"


def write_jsonl(
    store: EventStore,
    games: Iterable[GameInfo],
    out: IO[str],
    on_game: Callable[[GameInfo, int], None] | None = None,
) -> int:
    """Write the JSON Lines export of *games* to *out*; return the number of events."""
    total = 0
    for info in games:
        n = 0
        for line in iter_jsonl(store, [info]):
            out.write(line)
            n += 1
        total += n
        if on_game is not None:
            on_game(info, n)
    return total
