"""Bundles: the lossless, re-importable export of games, and their import.

A bundle is one JSON document::

    {"format": "riftlog-bundle", "version": 1, "riftlog_version": "0.1.0",
     "exported_at": "2026-04-01T10:00:00.000000Z", "selection": "match m1",
     "notes": {...},                      # optional (samples: "judge_should_find")
     "tournaments": [{"id", "name", "created_at"}],
     "matches": [{"id", "tournament_id", "round", "table", "best_of", "created_at"}],
     "games": [{"id", "match_id", "game_number", "mode", "rules_edition",
                "catalog_version", "engine_version", "created_at",
                "last_seq", "last_hash", "seal": {"hash", "sealed_at"} | null,
                "checkpoints": [{"game_id", "seq", "key_id", "public_key", "head_hash",
                                 "header_hash", "sealed", "signed_at", "signature"}],  # if any
                "events": [{"seq", "type", "schema_version", "actor", "payload",
                            "client_event_id", "recorded_at", "prev_hash", "hash"}, ...]}]}

Every event keeps its hashes, so the bundle carries its own proof: :func:`verify_bundle`
recomputes each game's chain (``hash = SHA-256(prev_hash + canonical body)``), its head
and its seal, exactly as the store does, and its signed checkpoints (against the keys they
carry, and with ``trusted`` keys against those: see :mod:`riftlog.store.checkpoints`).  :func:`import_bundle` verifies every game of the
bundle *before* writing, then writes everything in one transaction: a tampered bundle is
refused naming the game and the first bad seq, and nothing is written.  Importing a
bundle whose games are already stored with the same events is a no-op that says so.

Writing (:func:`write_bundle`) streams: a game's events go to the file as they are read
from the store, so a tournament-sized bundle does not have to fit in memory.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy import insert, select, update

from riftlog import __version__, plural
from riftlog.errors import EventError, ImportRefused, RiftlogError, StoreError
from riftlog.events import GENESIS_HASH, canonical_json, parse_payload, utc_now_iso
from riftlog.events.canonical import loads
from riftlog.events.payloads import GameCreated, Mode
from riftlog.events.registry import canonical_payload
from riftlog.store import EventStore, GameInfo
from riftlog.store.checkpoints import Checkpoint, check_checkpoints, header_hash
from riftlog.store.codec import ChainChecker
from riftlog.store.database import translate_errors
from riftlog.store.models import Checkpoint as CheckpointRow
from riftlog.store.models import Event, Game, Match, Tournament
from riftlog.store.records import Header, header_problem
from riftlog.store.signing import PublicKey

#: The value of a bundle's ``format`` field.
FORMAT = "riftlog-bundle"
#: The bundle format version this riftlog writes and the newest it reads.
VERSION = 1

_ID = r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$"
_HEX64 = r"^[0-9a-f]{64}$"


class BundleError(ImportRefused):
    """The bundle file cannot be read: malformed JSON, wrong format or version, bad field."""


class BundleTampered(ImportRefused):
    """A game's hash chain, head or seal in the bundle does not verify."""

    def __init__(self, where: str, game_id: str, seq: int, reason: str,
                 what: str = "hash chain") -> None:
        self.game_id = game_id
        self.seq = seq
        self.reason = reason
        breaks = "hash chain breaks" if what == "hash chain" else f"{what} refused"
        super().__init__(
            f"{where}: game {game_id}: {breaks} at seq {seq}: {reason}; nothing was imported"
        )


# --- the format ---------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class BundleEvent(_Strict):
    """One stored event of a game, with its place in the hash chain."""

    seq: int = Field(ge=1)
    type: str = Field(min_length=1, max_length=100)
    schema_version: int = Field(ge=1)
    actor: str | None = Field(default=None, max_length=100)
    payload: dict[str, Any]
    client_event_id: str | None = Field(default=None, max_length=200)
    recorded_at: str = Field(min_length=1, max_length=32)
    prev_hash: str = Field(pattern=_HEX64)
    hash: str = Field(pattern=_HEX64)


class BundleSeal(_Strict):
    """The seal of a finished game: its final hash."""

    hash: str = Field(pattern=_HEX64)
    sealed_at: str | None = None


class BundleCheckpoint(_Strict):
    """A signed checkpoint of the game's head (:class:`riftlog.store.checkpoints.Checkpoint`)."""

    game_id: str = Field(pattern=_ID)
    seq: int = Field(ge=1)
    key_id: str = Field(pattern=r"^[0-9a-f]{16}$")
    public_key: str = Field(max_length=64)
    head_hash: str = Field(pattern=_HEX64)
    header_hash: str = Field(pattern=_HEX64)
    sealed: bool
    signed_at: str = Field(min_length=1, max_length=32)
    signature: str = Field(max_length=100)

    def checkpoint(self) -> Checkpoint:
        """As the store keeps it."""
        return Checkpoint(**self.model_dump())


class BundleGame(_Strict):
    """A game: what it is judged under, its head, its seal and every event."""

    id: str = Field(pattern=_ID)
    match_id: str | None = Field(default=None, pattern=_ID)
    game_number: int = Field(default=1, ge=1)
    mode: Mode
    rules_edition: str = Field(min_length=1, max_length=40)
    catalog_version: str = Field(min_length=1, max_length=40)
    engine_version: str = Field(min_length=1, max_length=40)
    created_at: str = Field(min_length=1, max_length=32)
    last_seq: int = Field(ge=0)
    last_hash: str = Field(pattern=_HEX64)
    seal: BundleSeal | None = None
    events: tuple[BundleEvent, ...] = ()
    checkpoints: tuple[BundleCheckpoint, ...] = ()


class BundleMatch(_Strict):
    """A match (best of N), optionally in a tournament's round at a table."""

    id: str = Field(pattern=_ID)
    tournament_id: str | None = Field(default=None, pattern=_ID)
    round: int | None = None
    table: str | None = Field(default=None, max_length=40)
    best_of: int = 1
    created_at: str = Field(min_length=1, max_length=32)


class BundleTournament(_Strict):
    """A tournament (id and display name)."""

    id: str = Field(pattern=_ID)
    name: str = Field(max_length=200)
    created_at: str = Field(min_length=1, max_length=32)


class Bundle(_Strict):
    """A whole bundle document."""

    format: str = FORMAT
    version: int = VERSION
    riftlog_version: str = __version__
    exported_at: str = ""
    selection: str = ""
    notes: dict[str, Any] = Field(default_factory=dict)
    tournaments: tuple[BundleTournament, ...] = ()
    matches: tuple[BundleMatch, ...] = ()
    games: tuple[BundleGame, ...] = ()


# --- reading the store's match and tournament rows ----------------------------------


def match_rows(store: EventStore) -> dict[str, BundleMatch]:
    """Every match of the store by id (the store has no reader for them yet)."""
    with translate_errors(store.target, "reading matches"), store.engine.connect() as conn:
        rows = conn.execute(select(Match)).all()
    return {
        r.id: BundleMatch(id=r.id, tournament_id=r.tournament_id, round=r.round,
                          table=r.table_label, best_of=r.best_of, created_at=r.created_at)
        for r in rows
    }


def tournament_rows(store: EventStore) -> dict[str, BundleTournament]:
    """Every tournament of the store by id."""
    with translate_errors(store.target, "reading tournaments"), store.engine.connect() as conn:
        rows = conn.execute(select(Tournament)).all()
    return {r.id: BundleTournament(id=r.id, name=r.name, created_at=r.created_at) for r in rows}


# --- writing ------------------------------------------------------------------------


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))


def write_bundle(
    store: EventStore,
    games: Iterable[GameInfo],
    out: IO[str],
    *,
    selection: str = "",
    notes: dict[str, Any] | None = None,
    exported_at: str | None = None,
    on_game: Callable[[GameInfo, int], None] | None = None,
) -> int:
    """Write the bundle of *games* to *out*, streaming each game's events; return the count.

    *games* may be a re-iterable streamed selection (:class:`riftlog.export.SelectedGames`):
    it is walked twice (the matches it uses, then the games), never listed.

    Each game's chain is verified while it is read (a broken chain in the store raises
    :class:`~riftlog.errors.ChainBroken` rather than exporting a broken history).  The
    games' matches and tournaments are included.  *on_game* is called after each game
    with the game and its number of events (for progress).
    """
    if iter(games) is games:  # a one-shot iterator; a re-iterable selection streams twice
        games = list(games)
    # first pass: the matches used (ids only: a streamed selection holds no list of games)
    match_ids = list(dict.fromkeys(g.match_id for g in games if g.match_id))
    matches = match_rows(store) if match_ids else {}
    used_matches = [matches[m] for m in match_ids if m in matches]
    tournaments = tournament_rows(store) if any(m.tournament_id for m in used_matches) else {}
    used_tournaments = [tournaments[t] for t in
                        dict.fromkeys(m.tournament_id for m in used_matches if m.tournament_id)
                        if t in tournaments]
    head = {
        "format": FORMAT, "version": VERSION, "riftlog_version": __version__,
        "exported_at": exported_at or utc_now_iso(), "selection": selection,
        "notes": notes or {},
    }
    out.write("{\n")
    for key, value in head.items():
        out.write(f'  "{key}": {_dumps(value)},\n')
    out.write('  "tournaments": [' + ",".join(
        "\n    " + _dumps(t.model_dump()) for t in used_tournaments) + "\n  ],\n")
    out.write('  "matches": [' + ",".join(
        "\n    " + _dumps(m.model_dump()) for m in used_matches) + "\n  ],\n")
    out.write('  "games": [')
    count = 0
    for info in games:
        n = _write_game(store, info, out, first=count == 0)
        count += 1
        if on_game is not None:
            on_game(info, n)
    out.write("\n  ]\n}\n")
    return count


def _write_game(store: EventStore, info: GameInfo, out: IO[str], *, first: bool) -> int:
    meta: dict[str, Any] = {
        "id": info.id, "match_id": info.match_id, "game_number": info.game_number,
        "mode": info.mode, "rules_edition": info.rules_edition,
        "catalog_version": info.catalog_version, "engine_version": info.engine_version,
        "created_at": info.created_at, "last_seq": info.last_seq, "last_hash": info.last_hash,
        "seal": ({"hash": info.seal_hash, "sealed_at": info.sealed_at}
                 if info.sealed and info.seal_hash else None),
    }
    checkpoints = store.checkpoints(info.id)
    if checkpoints:
        meta["checkpoints"] = [cp.to_json() for cp in checkpoints]
    body = _dumps(meta)[:-1]  # leave the object open for the events
    out.write(("" if first else ",") + "\n    " + body + ', "events": [')
    n = 0
    for ev in store.read(info.id, verify=True):
        event = {
            "seq": ev.seq, "type": ev.type, "schema_version": ev.schema_version,
            "actor": ev.actor, "payload": ev.payload, "client_event_id": ev.client_event_id,
            "recorded_at": ev.recorded_at, "prev_hash": ev.prev_hash, "hash": ev.hash,
        }
        out.write(("" if n == 0 else ",") + "\n      " + _dumps(event))
        n += 1
    out.write("\n    ]}")
    return n


# --- reading and verifying ----------------------------------------------------------


def load_bundle(source: Path | str, text_: str | None = None) -> Bundle:
    """Read and validate the bundle at *source* (or *text_*, naming *source* in errors).

    Raises :class:`BundleError` naming the file and the place of the problem: malformed
    JSON (line and column), not a riftlog bundle, a newer format version, a missing or
    wrong field (its path, e.g. ``games[0].events[3].seq``).
    """
    where = str(source)
    if text_ is None:
        try:
            text_ = Path(source).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BundleError(f"{where}: cannot read the bundle: {exc}") from None
    try:
        raw = loads(text_, where)
    except EventError as exc:
        cause = exc.__cause__
        if isinstance(cause, json.JSONDecodeError):
            raise BundleError(f"{where}: malformed JSON at line {cause.lineno} column "
                              f"{cause.colno}: {cause.msg}") from None
        raise BundleError(f"{exc}; nothing was imported") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        got = raw.get("format") if isinstance(raw, dict) else type(raw).__name__
        raise BundleError(f"{where}: not a riftlog bundle (format is {got!r}, expected {FORMAT!r})")
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BundleError(f"{where}: bundle version must be a positive integer, got {version!r}")
    if version > VERSION:
        raise BundleError(
            f"{where}: bundle format version {version} is newer than this riftlog reads "
            f"({VERSION}); upgrade riftlog"
        )
    try:
        return Bundle.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"]).lstrip(".")
        more = len(exc.errors()) - 1
        extra = f" (and {plural(more, 'more problem')})" if more else ""
        raise BundleError(f"{where}: {loc or '(root)'}: {err['msg']}{extra}") from None


def _rows(game: BundleGame) -> Iterator[tuple[Any, ...]]:
    for ev in game.events:
        yield (None, game.id, ev.seq, ev.type, ev.schema_version, ev.actor,
               canonical_json(ev.payload), ev.client_event_id, ev.recorded_at,
               ev.prev_hash, ev.hash)


def verify_game(game: BundleGame, where: str = "bundle") -> None:
    """Verify one game's chain, head and seal; raise :class:`BundleTampered` at the first bad seq."""
    checker = ChainChecker(game.id)
    if checker.check_rows(list(_rows(game))) is not None:
        raise BundleTampered(where, game.id, checker.bad_seq or 0, checker.reason or "")
    last = checker.expected_seq - 1
    if last < game.last_seq:
        raise BundleTampered(where, game.id, last + 1,
                             f"seq {last + 1} is missing: the events end at seq {last} but the "
                             f"game's head is seq {game.last_seq}")
    if last > game.last_seq:
        raise BundleTampered(where, game.id, game.last_seq + 1,
                             f"seq {game.last_seq + 1} is past the game's head (seq {game.last_seq})")
    if checker.prev_hash != game.last_hash:
        raise BundleTampered(where, game.id, max(last, 1),
                             f"the game's head hash differs from the hash of its last event (seq {last})")
    if game.seal is not None and game.seal.hash != checker.prev_hash:
        raise BundleTampered(where, game.id, max(last, 1),
                             f"the seal hash does not match the final hash at seq {last}")


def _check_created(game: BundleGame, where: str) -> None:
    """GameCreated is seq 1 only, and the game's header agrees with it (as the store
    checks on every append)."""
    again = next((ev.seq for ev in game.events[1:] if ev.type == "GameCreated"), None)
    if again is not None:
        raise BundleError(f"{where}: game {game.id} seq {again}: GameCreated is only ever "
                          "seq 1; nothing was imported")
    if not game.events:
        return
    first = game.events[0]
    created = parse_payload(first.type, first.schema_version, first.payload, where)
    assert isinstance(created, GameCreated)
    header = Header(game.mode, game.rules_edition, game.catalog_version, game.engine_version,
                    game.match_id, game.game_number)
    problem = header_problem(header, Header.of(created))
    if problem is not None:
        problem = problem.replace("the games row", "the bundle's game").replace(
            "(the games row was edited)", "(edited?)")
        raise BundleError(f"{where}: game {game.id}: {problem}; nothing was imported")


def check_game_checkpoints(game: BundleGame, where: str = "bundle",
                           trusted: list[PublicKey] | None = None) -> None:
    """Check the game's checkpoints against its (verified) events: each against the key it
    carries, and with *trusted* keys, one by those keys is required; raise
    :class:`BundleTampered` naming the game and the checkpoint's seq."""
    hashes = {ev.seq: ev.hash for ev in game.events}
    header = (header_hash(game.id, game.model_dump(), game.events[0].hash)
              if game.events else None)
    cps = [c.checkpoint() for c in game.checkpoints]
    for keys in ([None, trusted] if trusted is not None else [None]):
        report = check_checkpoints(game.id, cps, hashes.get, header, game.last_seq,
                                   game.seal is not None, keys, require=keys is not None)
        if not report.ok:
            raise BundleTampered(where, game.id, report.bad_seq or game.last_seq,
                                 report.problems[0], what="signed checkpoint")


def verify_bundle(bundle: Bundle, where: str = "bundle",
                  trusted: list[PublicKey] | None = None) -> None:
    """Check a whole bundle before anything is written.

    Every game's chain, head and seal (:func:`verify_game`); every payload against its
    registered schema; seq 1 is the game's ``GameCreated``; ids unique; every game's
    match and every match's tournament present in the bundle (or, on import, the store).
    """
    seen: set[str] = set()
    for game in bundle.games:
        if game.id in seen:
            raise BundleError(f"{where}: game {game.id} appears twice")
        seen.add(game.id)
        if not game.events:
            raise BundleError(f"{where}: game {game.id} has no events (a game starts with its "
                              "GameCreated at seq 1); nothing was imported")
        verify_game(game, where)
        check_game_checkpoints(game, where, trusted)
        for ev in game.events:
            at = f"{where}: game {game.id} seq {ev.seq}"
            try:
                canonical = canonical_payload(ev.type, ev.schema_version, ev.payload, where=at)
            except RiftlogError as exc:
                raise BundleError(f"{exc}; nothing was imported") from None
            if canonical != canonical_json(ev.payload):
                raise BundleError(f"{at}: the {ev.type} payload is not in the one form riftlog "
                                  "stores (defaults written out, numbers as numbers); nothing "
                                  "was imported")
        if game.events[0].type != "GameCreated":
            raise BundleError(f"{where}: game {game.id} seq 1 is {game.events[0].type}, "
                              "not GameCreated")
        _check_created(game, where)
    for kind, items in (("match", bundle.matches), ("tournament", bundle.tournaments)):
        ids = [x.id for x in items]
        dup = next((i for i in ids if ids.count(i) > 1), None)
        if dup is not None:
            raise BundleError(f"{where}: {kind} {dup} appears twice")


# --- importing ----------------------------------------------------------------------


@dataclass
class ImportReport:
    """What an import did (or, for games already stored, did not need to do)."""

    source: str
    imported: list[tuple[str, int]] = field(default_factory=list)
    already_present: list[str] = field(default_factory=list)
    sealed: list[str] = field(default_factory=list)
    #: checkpoints of games already stored that the store did not have yet
    checkpoints: list[Checkpoint] = field(default_factory=list)
    matches_created: list[str] = field(default_factory=list)
    tournaments_created: list[str] = field(default_factory=list)

    @property
    def noop(self) -> bool:
        """True when nothing at all was written."""
        return not (self.imported or self.sealed or self.checkpoints or self.matches_created
                    or self.tournaments_created)

    def lines(self) -> list[str]:
        """The report, one line per fact."""
        out = [f"imported game {gid} ({plural(n, 'event')}, hash chain verified)"
               for gid, n in self.imported]
        out += [f"sealed game {gid} (its events were already stored)" for gid in self.sealed]
        out += [f"added the signed {cp.where()} to game {cp.game_id}" for cp in self.checkpoints]
        out += [f"game {gid} is already stored with the same events: nothing to do"
                for gid in self.already_present]
        if self.noop:
            out.append(f"{self.source}: nothing imported (every game was already stored)")
        return out


def _conflict(kind: str, ident: str, stored: Any, bundled: Any, where: str, fields: list[str]) -> None:
    diffs = [f"{f} {getattr(stored, f)!r} vs {getattr(bundled, f)!r}" for f in fields
             if getattr(stored, f) != getattr(bundled, f)]
    if diffs:
        raise ImportRefused(f"{where}: {kind} {ident} is already stored with different details "
                            f"({'; '.join(diffs)}; stored vs bundle); nothing was imported")


def import_bundle(
    store: EventStore,
    bundle: Bundle,
    where: str = "bundle",
    progress: Callable[[int, int], None] | None = None,
    trusted: list[PublicKey] | None = None,
) -> ImportReport:
    """Verify *bundle* completely, then write what the store lacks in one transaction.

    With *trusted* keys, every game must carry a checkpoint signed by one of them that its
    events match (a game rewritten after it was signed is refused naming the checkpoint's
    seq); checkpoints are always checked against the keys they carry, and imported.

    Refusals (:class:`~riftlog.errors.ImportRefused`, nothing written): a broken chain,
    head or seal (:class:`BundleTampered`, naming game and first bad seq), a payload that
    fails its schema, a game id already stored with *different* events, a match or
    tournament already stored with different details, a match or tournament the bundle
    needs but neither it nor the store has.  *progress* gets (games done, games total).
    """
    verify_bundle(bundle, where, trusted)
    report = ImportReport(source=where)
    stored_games = {g.id: g for g in store.games()}
    stored_matches = match_rows(store)
    stored_tournaments = tournament_rows(store)
    for t in bundle.tournaments:
        if t.id in stored_tournaments:
            _conflict("tournament", t.id, stored_tournaments[t.id], t, where, ["name"])
        else:
            report.tournaments_created.append(t.id)
    bundle_tournaments = {t.id for t in bundle.tournaments}
    for m in bundle.matches:
        if m.tournament_id and m.tournament_id not in bundle_tournaments | set(stored_tournaments):
            raise ImportRefused(f"{where}: match {m.id} is in tournament {m.tournament_id}, which "
                                "is neither in the bundle nor in the store; nothing was imported")
        if m.id in stored_matches:
            _conflict("match", m.id, stored_matches[m.id], m, where,
                      ["tournament_id", "round", "table", "best_of"])
        else:
            report.matches_created.append(m.id)
    bundle_matches = {m.id for m in bundle.matches}
    to_write: list[BundleGame] = []
    for game in bundle.games:
        if game.match_id and game.match_id not in bundle_matches | set(stored_matches):
            raise ImportRefused(f"{where}: game {game.id} belongs to match {game.match_id}, which "
                                "is neither in the bundle nor in the store; nothing was imported")
        old = stored_games.get(game.id)
        if old is None:
            to_write.append(game)
            continue
        if old.last_seq != game.last_seq or old.last_hash != game.last_hash:
            raise ImportRefused(
                f"{where}: game {game.id} is already stored with different events (stored: "
                f"{old.last_seq} events, head {old.last_hash[:16]}...; bundle: {game.last_seq} "
                f"events, head {game.last_hash[:16]}...); nothing was imported")
        have = {(c.seq, c.key_id, c.sealed) for c in store.checkpoints(game.id)}
        report.checkpoints += [c.checkpoint() for c in game.checkpoints
                               if (c.seq, c.key_id, c.sealed) not in have]
        if game.seal is not None and not old.sealed:
            report.sealed.append(game.id)
        else:
            report.already_present.append(game.id)
    report.imported = [(g.id, len(g.events)) for g in to_write]
    if not report.noop:
        _write(store, bundle, to_write, report, where, progress)
    return report


def _write(
    store: EventStore,
    bundle: Bundle,
    games: list[BundleGame],
    report: ImportReport,
    where: str,
    progress: Callable[[int, int], None] | None,
) -> None:
    new_t = set(report.tournaments_created)
    new_m = set(report.matches_created)
    try:
        with translate_errors(store.target, f"importing {where}"), store.engine.connect() as conn:
            conn = conn.execution_options(riftlog_write=True)
            with conn.begin():
                for t in bundle.tournaments:
                    if t.id in new_t:
                        conn.execute(insert(Tournament).values(**t.model_dump()))
                for m in bundle.matches:
                    if m.id in new_m:
                        values = m.model_dump()
                        values["table_label"] = values.pop("table")
                        conn.execute(insert(Match).values(**values))
                pg = store.target.backend == "postgresql"
                for i, game in enumerate(games):
                    _write_game_rows(conn, game, pg)
                    if progress is not None:
                        progress(i + 1, len(games))
                for gid in report.sealed:
                    game = next(g for g in bundle.games if g.id == gid)
                    assert game.seal is not None
                    conn.execute(update(Game).where(Game.id == gid).values(
                        status="sealed", seal_hash=game.seal.hash,
                        sealed_at=game.seal.sealed_at or utc_now_iso()))
                if report.checkpoints:
                    conn.execute(insert(CheckpointRow), [c.to_json() for c in report.checkpoints])
    except StoreError as exc:
        raise ImportRefused(f"{where}: the store refused the import ({exc}); "
                            "nothing was imported") from None


def _write_game_rows(conn: Any, game: BundleGame, pg: bool) -> None:
    """Insert one game, its events and checkpoints.  On PostgreSQL the game starts open at
    seq 0 and the events trigger moves its head (migration 0006); the seal comes last."""
    sealed = game.seal is not None and not pg
    conn.execute(insert(Game).values(
        id=game.id, match_id=game.match_id, game_number=game.game_number, mode=game.mode,
        rules_edition=game.rules_edition, catalog_version=game.catalog_version,
        engine_version=game.engine_version, status="sealed" if sealed else "open",
        last_seq=0 if pg else game.last_seq,
        last_hash=GENESIS_HASH if pg else (game.last_hash or GENESIS_HASH),
        seal_hash=game.seal.hash if sealed and game.seal else None,
        sealed_at=(game.seal.sealed_at or utc_now_iso()) if sealed and game.seal else None,
        created_at=game.created_at,
    ))
    _write_events(conn, game)
    if pg and game.seal is not None:
        conn.execute(update(Game).where(Game.id == game.id).values(
            status="sealed", seal_hash=game.seal.hash,
            sealed_at=game.seal.sealed_at or utc_now_iso()))
    if game.checkpoints:
        conn.execute(insert(CheckpointRow), [c.model_dump() for c in game.checkpoints])


def _write_events(conn: Any, game: BundleGame) -> None:
    if game.events:
        conn.execute(insert(Event), [
            {"game_id": game.id, "seq": ev.seq, "type": ev.type,
             "schema_version": ev.schema_version, "actor": ev.actor,
             "payload": canonical_json(ev.payload), "client_event_id": ev.client_event_id,
             "recorded_at": ev.recorded_at, "digest": bytes.fromhex(ev.hash)}
            for ev in game.events  # lean rows (migration 0008): the chain was verified first
        ])


def import_file(
    store: EventStore, path: Path | str, progress: Callable[[int, int], None] | None = None,
    trusted: list[PublicKey] | None = None,
) -> ImportReport:
    """:func:`load_bundle` then :func:`import_bundle` (the ``riftlog import`` use case)."""
    bundle = load_bundle(path)
    return import_bundle(store, bundle, where=str(path), progress=progress, trusted=trusted)
