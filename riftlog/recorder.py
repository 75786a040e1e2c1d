"""The recorder: create games and append decisions and judge events to them.

Typical use::

    rec = create_game(store, "g1", mode="duel", players=[
        player_from_deck("p1", "Alice", "replays/decks/annie-dark-child.txt"),
        player_from_deck("p2", "Bob", "replays/decks/garen-might-of-demacia.txt"),
    ], seed="...")                      # or randomness="recorded"
    rec.record(MulliganChosen(player="p1"))              # strict: refuses what is illegal
    rec.record(decision, mode="record")                   # keeps it, with its verdict
    rec.rewind(12, judge=Actor.judge("J. Doe"), reason="...")  # judge events, never deletions

**Who acts.**  Every append names an :class:`~riftlog.events.actor.Actor`: the recorder's
own identity (``actor=`` of :func:`create_game` / :meth:`Recorder.open`; by default
:data:`~riftlog.events.actor.LOCAL_RECORDER`, the local single-user recorder) or one given
per call.  A player makes only their own seat's decisions, a recorder or judge of the game
any seat's, and only a judge appends judge events, signed with the identity's name;
anything else raises :class:`~riftlog.errors.NotPermitted` and nothing is written.  The
identity is recorded, hashed, in every event's envelope ``actor``.

**Randomness.**  ``recorded``: the client reports every random outcome (deck orders, first
player, random battlefields) as an event, checked like any decision.  ``seeded``: riftlog
draws them from a secret seed whose SHA-256 is stored at creation (see
:mod:`riftlog.seeding`); after every append the recorder appends the outcomes the engine
then awaits, and when the game ends it reveals the seed.

**Modes.**  ``strict`` refuses an illegal decision (:class:`IllegalDecision` citing
edition, rule id and what was wrong; nothing is written).  ``record`` keeps it as a real
table would, and play goes on from the state it produced; the replayer gives it its
verdict.  A decision that cannot be carried out at all (a card that is not in that hand)
is refused in both modes (:class:`ImpossibleDecision`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from riftlog import ENGINE_VERSION
from riftlog.cards import CATALOG_VERSION, validate_deck
from riftlog.cards.deckcodes import read_any_deck
from riftlog.errors import (
    AlreadyExists,
    ConcurrencyConflict,
    DeckError,
    GameSealed,
    IllegalDecision,
    ImpossibleDecision,
    RecorderError,
    UnknownGame,
    UnsupportedCard,
    UnsupportedRule,
)
from riftlog.events import NewEvent, StoredEvent
from riftlog.events.actor import LOCAL_RECORDER, Actor, check_permitted
from riftlog.events.decisions import RandomOutcome
from riftlog.events.payloads import (
    GameCreated,
    Information,
    Mode,
    PlayerSpec,
    SeedRevealed,
    SideboardRegistered,
)
from riftlog.events.registry import Payload, parse_new_payload, payload_model, short_errors
from riftlog.matches import finished_match, sideboarding_problems
from riftlog.recorder_appending import Recorded, RecordMode, _revealed
from riftlog.recorder_judge_events import JudgeEvents
from riftlog.reducer import JUDGE_TYPES, Folder, load_folder, store_snapshot
from riftlog.rules import bot, engine, partial_information
from riftlog.rules.auto_payment import complete_payment, unless_named
from riftlog.rules.board.core import NEW_GAME_EDITION, edition_named
from riftlog.rules.board.modes import mode_spec
from riftlog.rules.board.state import GameState
from riftlog.rules.partial_information import named_unknowns
from riftlog.seeding import SeedKeeper, commitment, new_seed
from riftlog.store.eventstore import EventStore

__all__ = [
    "RecordMode",
    "Recorded",
    "Recorder",
    "append_event",
    "create_game",
    "parse_decision",
    "play_bot",
    "player_from_deck",
    "seal_game",
]


def player_from_deck(pid: str, name: str, deck_path: str | Path, mode: str = "duel",
                     team: str | None = None, check: bool = True) -> PlayerSpec:
    """A seat from a deck-list file or deck code; with *check*, the deck must obey the deck
    rules."""
    deck = read_any_deck(deck_path)
    if check:
        problems = validate_deck(deck, mode)
        if problems:
            raise DeckError(f"{deck_path}: {problems[0]}"
                            + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return PlayerSpec(id=pid, name=name, team=team, deck=deck.to_spec())


def parse_decision(data: dict[str, Any] | str) -> Payload:
    """A decision (or recorded outcome, or judge event) from JSON with a ``type`` key."""
    import json

    from riftlog.events.canonical import check_limits, loads

    if isinstance(data, str):
        data = loads(data, "decision")
    else:
        check_limits(data, "decision")  # what loads checks in text: nesting, 64-bit integers
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise RecorderError(f"a decision is a JSON object with a \"type\", got {json.dumps(data)[:80]}")
    return unless_named(parse_new_payload(data["type"], data, "decision"), data)


def try_line(state: GameState, payloads: Sequence[Payload], where: str, first_seq: int,
             mode: RecordMode = "strict") -> None:
    """Try the events of one line on *state* (not changed) as they would be recorded from
    seq *first_seq*: raise :class:`IllegalDecision` or :class:`ImpossibleDecision` for the
    first one refused (strict *mode*: an illegal last one too), so a caller writes none."""
    for i, p in enumerate(payloads):
        seq = first_seq + i
        p = complete_payment(state, p)
        judged = partial_information.judge(state, p)
        if judged.violations and not judged.missing and (mode == "strict" or i < len(payloads) - 1):
            raise IllegalDecision(f"{where} seq {seq}: {p.type} is illegal (nothing was written): "
                                  + "; ".join(str(v) for v in judged.violations),
                                  list[object](judged.violations))
        try:
            state, _ = engine.apply_unchecked(state, p)
        except ImpossibleDecision as exc:
            raise ImpossibleDecision(f"{where} seq {seq}: {p.type} cannot be carried out "
                                     f"(nothing was written): {exc}") from None


def information_level(text: str) -> tuple[Information, str | None]:
    """``full``, ``paper`` or ``seat:P`` (also ``seat P``) as (level, recording seat)."""
    word, _, seat = text.strip().replace(" ", ":", 1).partition(":")
    if word in ("full", "paper") and not seat:
        return word, None  # type: ignore[return-value]
    if word == "seat" and seat:
        return "seat", seat
    raise RecorderError(f"information level {text!r}: expected full, paper or seat:P (P the "
                        "player recording their own game, e.g. seat:p1)")


def create_game(
    store: EventStore,
    game_id: str,
    *,
    mode: Mode,
    players: Sequence[PlayerSpec],
    randomness: Literal["seeded", "recorded"] = "seeded",
    seed: str | None = None,
    rules_edition: str = NEW_GAME_EDITION,
    match_id: str | None = None,
    game_number: int = 1,
    tournament_id: str | None = None,
    round: int | None = None,
    table: str | None = None,
    battlefields_used: dict[str, tuple[str, ...]] | None = None,
    keeper: SeedKeeper | None = None,
    snapshot_every: int | None = None,
    best_of: int | None = None,
    sideboards: Mapping[str, Sequence[str]] | None = None,
    check_sideboarding: bool = True,
    actor: Actor = LOCAL_RECORDER,
    information: Information = "full",
    recording_seat: str | None = None,
) -> Recorder:
    """Create *game_id* (and its match and tournament if new) and record its GameCreated.

    *actor* creates it (a recorder, judge or organiser; not a player) and is the
    returned recorder's identity.  In a match, *sideboards* (player id -> card ids) are
    recorded as SideboardRegistered after GameCreated; from game 2 on, with
    *check_sideboarding*, the decks brought are checked against the registered deck and
    sideboard (Tournament Rules 403, 601.1.c).  A new match is best of *best_of* (1, 3 or
    5; default 1 for a duel, else 3).

    With ``randomness="seeded"`` the seed (a fresh unguessable one unless given) is kept by
    *keeper* until the game ends; its SHA-256 goes into GameCreated, and the setup's random
    outcomes are drawn at once.

    *information* (issue 21): ``full`` records every random outcome; ``paper`` only what
    the table saw (randomness is then ``recorded``: the public outcomes, no deck orders);
    ``seat`` also what *recording_seat* saw.
    """
    if hasattr(store, "check_writable"):
        store.check_writable(f"creating game {game_id}")
    if information != "full" and randomness == "seeded":
        if seed is not None:
            raise RecorderError(f"game {game_id}: a {information} game is recorded from the "
                                "table, not seeded: no seed")
        randomness = "recorded"
    if randomness == "seeded" and seed is None:
        seed = new_seed()
    if randomness == "recorded" and seed is not None:
        raise RecorderError("a seed is only used with seeded randomness")
    rules_edition = edition_named(rules_edition)
    spec = mode_spec(mode)
    if len(players) != spec.players:  # before the payload's own (pydantic) check
        raise RecorderError(f"game {game_id}: {mode} needs {spec.players} players (one --player "
                            f"each), not {len(players)} (v1.3 {spec.rule}.1)")
    try:
        created = GameCreated(
            mode=mode, players=tuple(players), rules_edition=rules_edition,
            catalog_version=CATALOG_VERSION, engine_version=ENGINE_VERSION,
            randomness=randomness, seed_commitment=commitment(seed) if seed is not None else None,
            match_id=match_id, game_number=game_number,
            battlefields_used=dict(battlefields_used or {}),
            tournament_id=tournament_id, round=round, table=table,
            information=information, recording_seat=recording_seat,
        )
    except ValidationError as exc:
        raise RecorderError(f"game {game_id}: cannot create it: {short_errors(exc)}") from None
    check_permitted(actor, game_id, 1, "GameCreated", {}, None)
    engine.new_game(created)  # refuses a game the engine cannot set up, before writing
    sides = {pid: tuple(cards) for pid, cards in (sideboards or {}).items() if cards}
    decided = finished_match(store, match_id, game_number) if match_id is not None else None
    if decided is not None:
        raise RecorderError(f"match {match_id} is over ({decided.result()}; games "
                            f"{decided.score()}): no game {game_number} is started")
    if match_id is not None and check_sideboarding and _exists(store, "match", match_id):
        problems = sideboarding_problems(store, match_id, game_number,
                                         {p.id: p.deck for p in players}, dict(sides), mode)
        if problems:
            raise DeckError(f"game {game_id} of match {match_id}: {problems[0]}"
                            + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    if tournament_id is not None and not _exists(store, "tournament", tournament_id):
        store.create_tournament(tournament_id, tournament_id)
    if match_id is not None and not _exists(store, "match", match_id):
        store.create_match(match_id, tournament_id=tournament_id, round=round, table=table,
                           best_of=best_of or (1 if mode == "duel" else 3))
    keeper = (keeper or SeedKeeper.for_store(store)).bound(store.store_id)
    existing = _stored_game(store, game_id)
    if existing is not None and existing.last_seq > 0:  # refused before its seed is touched
        raise AlreadyExists(f"game {game_id} already exists in {store.where}")
    if seed is not None:
        keeper.put(game_id, seed)
    rec = Recorder(store, game_id, Folder(), seed, keeper, snapshot_every, actor)
    state = rec._state_after_created(created)
    # the games row and its first events in one transaction: never a game without events
    store.create_game(game_id, mode=mode, rules_edition=rules_edition,
                      catalog_version=CATALOG_VERSION, engine_version=ENGINE_VERSION,
                      match_id=match_id, game_number=game_number,
                      events=rec._batch([created], state), actor=actor)
    stored: list[StoredEvent] = list(store.read(game_id))
    rec.folder.adopt(stored, state)
    rec._snapshot(stored)
    for pid, cards in sides.items():
        rec.judge(SideboardRegistered(player=pid, cards=cards))
    return rec


def append_event(store: EventStore, game_id: str, type_: str, payload: dict[str, Any], *,
                 actor: Actor, expected_seq: int | None = None,
                 client_event_id: str | None = None, mode: RecordMode = "strict",
                 keeper: SeedKeeper | None = None) -> Recorded:
    """Append one event given as a type and a JSON payload (``riftlog append``), as *actor*.

    Nothing bypasses the rules engine here: a note is stored as it is; a decision or a
    recorded random outcome is judged by :meth:`Recorder.record` (strict unless *mode*
    says ``record``); a judge event goes through :meth:`Recorder.judge`.  A game is only
    created by :func:`create_game`, and the seed is only revealed by the recorder.
    *expected_seq* (the last seq the caller saw) refuses an append to a game that has moved
    on (:class:`ConcurrencyConflict`).
    """
    where = f"game {game_id} seq {store.last_seq(game_id) + 1}"
    if "type" in payload and payload["type"] != type_:
        raise RecorderError(f"{where}: the payload's type {payload['type']!r} is not {type_!r}")
    if type_ == "GameCreated":
        raise RecorderError(f"{where}: a game is created once, by `riftlog new` "
                            "(riftlog.recorder.create_game), never appended")
    payload_model(type_, where)  # an unknown type is named before anything else
    if type_ == "NoteAdded" and "author" not in payload:
        payload = {**payload, "author": actor.name}  # a note's author is who adds it
    event = unless_named(parse_new_payload(type_, {**payload, "type": type_}, where), payload)
    if type_ == "NoteAdded":
        last = store.last_seq(game_id) if expected_seq is None else expected_seq
        stored = store.append(game_id, [NewEvent.of(event, client_event_id=client_event_id)],
                              last, actor=actor)
        return Recorded(list(stored))
    rec = Recorder.open(store, game_id, keeper=keeper, actor=actor)
    if expected_seq is not None and expected_seq != rec.seq:
        raise ConcurrencyConflict(game_id, expected_seq, rec.seq)
    if type_ in JUDGE_TYPES:
        if client_event_id is not None:
            raise RecorderError(f"{where}: judge events take no client event id")
        return rec.judge(event, actor)
    return rec.record(event, mode=mode, client_event_id=client_event_id, actor=actor)


def _stored_game(store: EventStore, game_id: str) -> Any:
    """The stored game *game_id* (a :class:`~riftlog.store.GameInfo`), or None."""
    try:
        return store.game(game_id)
    except UnknownGame:
        return None


def _exists(store: EventStore, kind: str, ident: str) -> bool:
    from sqlalchemy import select

    from riftlog.store.models import Match, Tournament

    table = Tournament if kind == "tournament" else Match
    with store.engine.connect() as conn:
        return conn.execute(select(table.id).where(table.id == ident)).first() is not None


class Recorder(JudgeEvents):
    """Appends to one game, keeping its folded state in memory (see module docstring).

    Its state and appending are in :class:`~riftlog.recorder_appending.RecorderAppending`,
    its judge events in :class:`~riftlog.recorder_judge_events.JudgeEvents`."""

    @classmethod
    def open(cls, store: EventStore, game_id: str, keeper: SeedKeeper | None = None,
             snapshot_every: int | None = None, actor: Actor = LOCAL_RECORDER) -> Recorder:
        """The recorder of a stored game, its state folded from the latest snapshot,
        appending as *actor* (see the module docstring)."""
        if hasattr(store, "check_writable"):
            store.check_writable(f"recording in game {game_id}")
        folder = load_folder(store, game_id)
        keeper = (keeper or SeedKeeper.for_store(store)).bound(store.store_id)
        created = folder.created
        seeded = created is not None and created.randomness == "seeded"
        seed = keeper.get(game_id, created.seed_commitment) if created and seeded else None
        if seeded and seed is None and not _revealed(folder):
            raise RecorderError(f"game {game_id} draws its random outcomes from a seed, but the "
                                f"seed is not kept in {keeper.file(game_id)} (copy it there "
                                f"from the recorder that created the game, or set "
                                f"RIFTLOG_SECRETS); it cannot be continued here")
        rec = cls(store, game_id, folder, seed, keeper, snapshot_every, actor)
        info = store.game(game_id)
        if info.sealed:
            rec.sealed = (f"game {game_id} is sealed at seq {info.last_seq} (hash "
                          f"{str(info.seal_hash)[:16]}...); it accepts no more events")
        return rec

    # --- decisions ---------------------------------------------------------------

    def record(self, decision: Payload, *, mode: RecordMode = "strict",
               client_event_id: str | None = None, actor: Actor | None = None) -> Recorded:
        """Append a decision (or, with recorded randomness, a random outcome) as *actor*
        (default: the recorder's identity).

        Raises :class:`NotPermitted` when *actor* may not make it (a player deciding for
        another seat), :class:`IllegalDecision` in strict mode when it breaks a rule, and
        :class:`ImpossibleDecision` in both modes when it cannot be carried out.
        """
        if self.sealed:  # before any rules check: nothing may be added to a sealed game
            raise GameSealed(self.sealed)
        if decision.type in JUDGE_TYPES:
            return self.judge(decision, actor=actor)
        actor = actor or self.actor
        if client_event_id is not None:
            done = self.store.client_event(self.game_id, client_event_id)
            if done is not None:  # a retry: answered before the engine sees it again
                if done.type != decision.type or done.decoded() != decision:
                    raise RecorderError(
                        f"game {self.game_id}: client event id {client_event_id!r} was already "
                        f"used for a different event (seq {done.seq}, {done.type})")
                return Recorded([done])
        if isinstance(decision, RandomOutcome) and self.created.randomness == "seeded":
            raise RecorderError(f"game {self.game_id} draws its random outcomes from its "
                                f"committed seed; {decision.type} cannot be recorded by a client")
        if not (type(decision).IS_DECISION or isinstance(decision, RandomOutcome)):
            raise RecorderError(f"{decision.type} is not a decision")
        self._permit(actor, decision)
        where = f"game {self.game_id} seq {self.seq + 1}"
        if self.folder.stopped is not None:
            stop = self.folder.stopped
            if stop.kind == "unsupported" and mode == "record":
                ev = self._store([decision], client_event_id, actor)
                return Recorded(ev, unverifiable=stop.message)
            raise RecorderError(f"{where}: the game is stopped at seq {stop.seq} ({stop.message}); "
                                "a judge must rewind or correct it first")
        state = self.state
        decision = complete_payment(state, decision)  # issue 20: a payment when none is named
        shared = engine.Shared()  # what check computes, apply reuses (as the replayer does)
        try:
            violations = engine.check(state, decision, shared)
        except (UnsupportedRule, UnsupportedCard) as exc:
            if mode == "strict":
                raise
            ev = self._store([decision], client_event_id, actor)
            self._refold(ev)
            return Recorded(ev, unverifiable=str(exc))
        missing = ""
        if "information" in state.extra and named_unknowns(state, decision):
            # issue 21: a paper record may not decide it (then it is kept, unverifiable)
            judged = partial_information.judge(state, decision)
            violations, missing = judged.violations, judged.missing
        text = f"{where}: {decision.type} by {getattr(decision, 'player', None) or 'chance'}"
        if not violations and not missing:
            return self._record_legal(decision, shared, mode, text, actor, client_event_id)
        try:
            new, actions = engine.apply_unchecked(state, decision)
        except (UnsupportedRule, UnsupportedCard) as exc:
            if mode == "strict" and not violations:
                raise
            if mode == "strict":
                raise IllegalDecision(f"{text} is illegal (nothing was written): "
                                      + "; ".join(str(v) for v in violations),
                                      list[object](violations)) from None
            ev = self._store([decision], client_event_id, actor)
            self._refold(ev)
            return Recorded(ev, violations, unverifiable=str(exc))
        except (ImpossibleDecision, KeyError, IndexError, ValueError, TypeError,
                AttributeError) as exc:
            # as the replayer's fold does (reducer_fold._CANNOT): an answer of the wrong
            # shape is refused citing the rule its check broke, never a traceback
            why = "; ".join(str(v) for v in violations) or str(exc)
            raise ImpossibleDecision(f"{text} cannot be carried out (nothing was written): {why}",
                                     list[object](violations)) from None
        if violations and mode == "strict" and not missing:
            raise IllegalDecision(f"{text} is illegal (nothing was written): "
                                  + "; ".join(str(v) for v in violations), list[object](violations))
        stored = self._append([decision], new, actor=actor, client_event_id=client_event_id)
        if missing:
            return Recorded(stored, [], actions, unverifiable=missing)
        return Recorded(stored, violations, actions)

    def record_all(self, payloads: Sequence[Payload], *, mode: RecordMode = "strict",
                   client_event_id: str | None = None, actor: Actor | None = None) -> list[Recorded]:
        """Record the events one line says, in order (issue 21: in a paper game, the
        CardsIdentified of the hidden cards a line names, then its decision).  They are
        tried together on the present state first: when one is refused (a name the deck
        list does not allow, an illegal decision in strict mode, one that cannot be carried
        out), nothing is written.  *mode* and *client_event_id* apply to the last one."""
        if len(payloads) > 1 and self.folder.state is not None:
            try_line(self.state, payloads, f"game {self.game_id}", self.seq + 1, mode)
        out = []
        for i, p in enumerate(payloads):
            last = i == len(payloads) - 1
            out.append(self.record(p, mode=mode if last else "strict", actor=actor,
                                   client_event_id=client_event_id if last else None))
        return out

    def _record_legal(self, decision: Payload, shared: engine.Shared, mode: RecordMode,
                      text: str, actor: Actor, client_event_id: str | None) -> Recorded:
        """Record *decision*, which ``check`` found legal: applied to the recorder's own
        state (no clone of the state); if applying or storing fails, the state is folded
        again from the store (nothing of the failed decision stays in it)."""
        state = self.state
        try:
            actions = engine.apply_in_place(state, decision, shared)
        except (UnsupportedRule, UnsupportedCard) as exc:
            self._reload()
            if mode == "strict":
                raise
            ev = self._store([decision], client_event_id, actor)
            self._refold(ev)
            return Recorded(ev, unverifiable=str(exc))
        except (ImpossibleDecision, KeyError, IndexError, ValueError, TypeError,
                AttributeError) as exc:
            self._reload()
            raise ImpossibleDecision(f"{text} cannot be carried out (nothing was written): "
                                     f"{exc}", []) from None
        try:
            stored = self._append([decision], state, actor=actor, client_event_id=client_event_id)
        except BaseException:
            self._reload()
            raise
        return Recorded(stored, [], actions)

    # --- ending --------------------------------------------------------------------

    def finish(self, seal: bool = True) -> str | None:
        """Reveal the seed (if any and not yet) and seal the game; returns the seal hash."""
        if self.seed is not None and not _revealed(self.folder):
            self._store([SeedRevealed(seed=self.seed)], None, self.actor)
        if not seal:
            return None
        self._final_snapshot()
        return self.store.seal(self.game_id)

    def _final_snapshot(self) -> None:
        """A snapshot at the last seq before sealing (sealing keeps it, with one per window
        of ``SEALED_SNAPSHOT_EVERY``): a finished game is mostly looked at as it ended."""
        last, head_hash, _ = self.store.head(self.game_id)
        if self.snapshot_every <= 0 or last < 1 or self.folder.stopped is not None:
            return
        newest = self.store.latest_snapshot(self.game_id, ENGINE_VERSION)
        if newest is not None and newest.seq == last:
            return
        for ev in self.store.read_range(self.game_id, self.folder.seq + 1, last):
            self.folder.feed(ev)
        if self.folder.seq == last and self.folder.state is not None:
            store_snapshot(self.store, self.game_id, last, head_hash, self.folder.position())


def seal_game(store: EventStore, game_id: str) -> str:
    """Seal a finished game with its final hash (returned); its seed, if riftlog kept one,
    is revealed first, so anyone can check the commitment made at creation.

    An unfinished game is refused: a judge ends an abandoned one with a game loss
    (``riftlog judge loss``) and then seals it.  Sealing a sealed game returns its seal.
    """
    info = store.game(game_id)
    if info.sealed and info.seal_hash is not None:
        return str(info.seal_hash)
    rec = Recorder.open(store, game_id)
    state = rec.folder.state
    if state is None or not state.is_over():
        where = f"turn {state.turn}, {state.phase} phase" if state is not None else "no game state"
        stop = f"; stopped at seq {rec.folder.stopped.seq}" if rec.folder.stopped else ""
        raise RecorderError(
            f"game {game_id} is not finished ({where}{stop}): only a finished game is sealed; "
            f"to end an abandoned game a judge awards a game loss (riftlog judge loss {game_id} "
            "--judge NAME --player ID), then seal it")
    if rec.seed is None and rec.created.randomness == "seeded" and not _revealed(rec.folder):
        raise RecorderError(f"game {game_id}: its seed is not in {rec.keeper.folder}, so it "
                            "cannot be revealed; sealing now would leave the commitment unchecked")
    digest = rec.finish()
    assert digest is not None
    return digest


def play_bot(rec: Recorder, seed: int | str, max_turns: int = 30, concede: float = 0.0) -> int:
    """Play the game on with the random legal-game bot until it is over or turn
    *max_turns* ends; returns the number of events appended.  Random outcomes of a game
    with recorded randomness are drawn by the bot from the same *seed*.  When the engine
    leaves the bot no decision it can carry out (an unimplemented rule or card), the bot
    stops early and says why in ``rec.bot_stopped``."""
    rng = random.Random(seed)
    start = rec.seq
    rec.bot_stopped = None
    while rec.folder.state is not None and not rec.state.is_over() and rec.state.turn <= max_turns:
        if rec.folder.stopped is not None:
            raise RecorderError(f"game {rec.game_id} is stopped at seq {rec.folder.stopped.seq}")
        reqs = engine.pending(rec.state)
        if not reqs:
            break
        if reqs[0].player is None:
            rec.record(bot.random_outcome(rec.state, reqs[0], rng))
            continue
        try:
            decision = bot.choose(rec.state, rng, concede)
        except (UnsupportedRule, UnsupportedCard) as exc:
            rec.bot_stopped = str(exc)  # the engine offers the bot nothing it can carry out
            break
        rec.record(decision)
    return rec.seq - start
