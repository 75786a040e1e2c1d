"""The recorder: create games and append decisions and judge events to them.

Typical use::

    rec = create_game(store, "g1", mode="duel", players=[
        player_from_deck("p1", "Alice", "replays/decks/annie-dark-child.txt"),
        player_from_deck("p2", "Bob", "replays/decks/garen-might-of-demacia.txt"),
    ], seed="...")                      # or randomness="recorded"
    rec.record(MulliganChosen(player="p1"))              # strict: refuses what is illegal
    rec.record(decision, mode="record")                   # keeps it, with its verdict
    rec.rewind(12, judge="J. Doe", reason="...")          # judge events, never deletions

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
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from riftlog import ENGINE_VERSION
from riftlog.cards import CATALOG_VERSION, read_deck, validate_deck
from riftlog.errors import (
    DeckError,
    IllegalDecision,
    ImpossibleDecision,
    RecorderError,
    UnsupportedCard,
    UnsupportedRule,
)
from riftlog.events import NewEvent, StoredEvent, parse_payload
from riftlog.events.decisions import RandomOutcome
from riftlog.events.payloads import (
    GameCreated,
    GameLossIssued,
    GameRewound,
    Mode,
    NoteAdded,
    OutcomeCorrected,
    PenaltyIssued,
    PlayerSpec,
    RulingGiven,
    SeedRevealed,
)
from riftlog.events.registry import Payload, payload_model
from riftlog.reducer import (
    JUDGE_TYPES,
    Folder,
    Position,
    apply_patch,
    load_folder,
    snapshot_json,
)
from riftlog.reducer import snapshot_every as default_snapshot_every
from riftlog.rules import bot, engine
from riftlog.rules.auto_payment import complete_payment
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.board.state import GameState
from riftlog.seeding import SeedKeeper, commitment, draw_outcome, new_seed

__all__ = [
    "RecordMode",
    "Recorded",
    "Recorder",
    "create_game",
    "parse_decision",
    "play_bot",
    "player_from_deck",
]

RecordMode = Literal["strict", "record"]


def player_from_deck(pid: str, name: str, deck_path: str | Path, mode: str = "duel",
                     team: str | None = None, check: bool = True) -> PlayerSpec:
    """A seat from a deck-list file; with *check*, the deck must obey the deck rules."""
    deck = read_deck(deck_path)
    if check:
        problems = validate_deck(deck, mode)
        if problems:
            raise DeckError(f"{deck_path}: {problems[0]}"
                            + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return PlayerSpec(id=pid, name=name, team=team, deck=deck.to_spec())


def parse_decision(data: dict[str, Any] | str) -> Payload:
    """A decision (or recorded outcome, or judge event) from JSON with a ``type`` key."""
    import json

    from riftlog.events.canonical import loads

    if isinstance(data, str):
        data = loads(data, "decision")
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise RecorderError(f"a decision is a JSON object with a \"type\", got {json.dumps(data)[:80]}")
    model = payload_model(data["type"], "decision")
    return parse_payload(data["type"], model.SCHEMA_VERSION, data, "decision")


@dataclass
class Recorded:
    """What one call to the recorder stored: the events and what the engine made of them."""

    events: list[StoredEvent]
    violations: list[Violation] = field(default_factory=list)
    actions: list[GameAction] = field(default_factory=list)
    unverifiable: str | None = None

    @property
    def last_seq(self) -> int:
        return self.events[-1].seq if self.events else 0


def create_game(
    store: Any,
    game_id: str,
    *,
    mode: Mode,
    players: Sequence[PlayerSpec],
    randomness: Literal["seeded", "recorded"] = "seeded",
    seed: str | None = None,
    rules_edition: str = "v1.3",
    match_id: str | None = None,
    game_number: int = 1,
    tournament_id: str | None = None,
    round: int | None = None,
    table: str | None = None,
    battlefields_used: dict[str, tuple[str, ...]] | None = None,
    keeper: SeedKeeper | None = None,
    snapshot_every: int | None = None,
) -> Recorder:
    """Create *game_id* (and its match and tournament if new) and record its GameCreated.

    With ``randomness="seeded"`` the seed (a fresh unguessable one unless given) is kept by
    *keeper* until the game ends; its SHA-256 goes into GameCreated, and the setup's random
    outcomes are drawn at once.
    """
    if randomness == "seeded" and seed is None:
        seed = new_seed()
    if randomness == "recorded" and seed is not None:
        raise RecorderError("a seed is only used with seeded randomness")
    created = GameCreated(
        mode=mode, players=tuple(players), rules_edition=rules_edition,
        catalog_version=CATALOG_VERSION, engine_version=ENGINE_VERSION, randomness=randomness,
        seed_commitment=commitment(seed) if seed is not None else None,
        match_id=match_id, game_number=game_number,
        battlefields_used=dict(battlefields_used or {}),
        tournament_id=tournament_id, round=round, table=table,
    )
    engine.new_game(created)  # refuses a game the engine cannot set up, before writing
    if tournament_id is not None and not _exists(store, "tournament", tournament_id):
        store.create_tournament(tournament_id, tournament_id)
    if match_id is not None and not _exists(store, "match", match_id):
        store.create_match(match_id, tournament_id=tournament_id, round=round, table=table,
                           best_of=1 if mode == "duel" else 3)
    store.create_game(game_id, mode=mode, rules_edition=rules_edition,
                      catalog_version=CATALOG_VERSION, engine_version=ENGINE_VERSION,
                      match_id=match_id, game_number=game_number)
    keeper = keeper or SeedKeeper.for_database(getattr(store.target, "path", None))
    if seed is not None:
        keeper.put(game_id, seed)
    rec = Recorder(store, game_id, Folder(), seed, keeper, snapshot_every)
    rec._append([created], rec._state_after_created(created), actor=None)
    return rec


def _exists(store: Any, kind: str, ident: str) -> bool:
    from sqlalchemy import select

    from riftlog.store.models import Match, Tournament

    table = Tournament if kind == "tournament" else Match
    with store.engine.connect() as conn:
        return conn.execute(select(table.id).where(table.id == ident)).first() is not None


class Recorder:
    """Appends to one game, keeping its folded state in memory (see module docstring)."""

    def __init__(self, store: Any, game_id: str, folder: Folder, seed: str | None,
                 keeper: SeedKeeper, snapshot_every: int | None = None) -> None:
        self.store = store
        self.game_id = game_id
        self.folder = folder
        self.seed = seed
        self.keeper = keeper
        # None: reducer.snapshot_every() (RIFTLOG_SNAPSHOT_EVERY or the default)
        self.snapshot_every = snapshot_every if snapshot_every is not None \
            else default_snapshot_every()
        #: why the last :func:`play_bot` stopped before the game or its turns ended
        self.bot_stopped: str | None = None

    @classmethod
    def open(cls, store: Any, game_id: str, keeper: SeedKeeper | None = None,
             snapshot_every: int | None = None) -> Recorder:
        """The recorder of a stored game, its state folded from the latest snapshot."""
        folder = load_folder(store, game_id)
        keeper = keeper or SeedKeeper.for_database(getattr(store.target, "path", None))
        created = folder.created
        seed = keeper.get(game_id) if created and created.randomness == "seeded" else None
        if created is not None and created.randomness == "seeded" and seed is None \
                and not _revealed(folder):
            raise RecorderError(f"game {game_id} draws its random outcomes from a seed, but the "
                                f"seed is not in {keeper.folder}; it cannot be continued here")
        return cls(store, game_id, folder, seed, keeper, snapshot_every)

    # --- reading -----------------------------------------------------------------

    @property
    def seq(self) -> int:
        """The seq of the last event of the game."""
        return self.folder.seq

    @property
    def state(self) -> GameState:
        """The current state (do not mutate it)."""
        if self.folder.state is None:
            raise RecorderError(f"game {self.game_id} has no state")
        return self.folder.state

    @property
    def created(self) -> GameCreated:
        assert self.folder.created is not None
        return self.folder.created

    def position(self) -> Position:
        return self.folder.position()

    # --- decisions ---------------------------------------------------------------

    def record(self, decision: Payload, *, mode: RecordMode = "strict",
               client_event_id: str | None = None) -> Recorded:
        """Append a decision (or, with recorded randomness, a random outcome).

        Raises :class:`IllegalDecision` in strict mode when it breaks a rule, and
        :class:`ImpossibleDecision` in both modes when it cannot be carried out.
        """
        if decision.type in JUDGE_TYPES:
            return self.judge(decision)
        if isinstance(decision, RandomOutcome) and self.created.randomness == "seeded":
            raise RecorderError(f"game {self.game_id} draws its random outcomes from its "
                                f"committed seed; {decision.type} cannot be recorded by a client")
        if not (type(decision).IS_DECISION or isinstance(decision, RandomOutcome)):
            raise RecorderError(f"{decision.type} is not a decision")
        where = f"game {self.game_id} seq {self.seq + 1}"
        if self.folder.stopped is not None:
            stop = self.folder.stopped
            if stop.kind == "unsupported" and mode == "record":
                ev = self._store([decision], client_event_id)
                return Recorded(ev, unverifiable=stop.message)
            raise RecorderError(f"{where}: the game is stopped at seq {stop.seq} ({stop.message}); "
                                "a judge must rewind or correct it first")
        state = self.state
        decision = complete_payment(state, decision)  # issue 20: a payment when none is named
        try:
            violations = engine.check(state, decision)
        except (UnsupportedRule, UnsupportedCard) as exc:
            if mode == "strict":
                raise
            ev = self._store([decision], client_event_id)
            self._refold(ev)
            return Recorded(ev, unverifiable=str(exc))
        text = f"{where}: {decision.type} by {getattr(decision, 'player', None) or 'chance'}"
        try:
            new, actions = engine.apply_unchecked(state, decision)
        except (UnsupportedRule, UnsupportedCard) as exc:
            if mode == "strict" and not violations:
                raise
            if mode == "strict":
                raise IllegalDecision(f"{text} is illegal (nothing was written): "
                                      + "; ".join(str(v) for v in violations),
                                      list[object](violations)) from None
            ev = self._store([decision], client_event_id)
            self._refold(ev)
            return Recorded(ev, violations, unverifiable=str(exc))
        except (ImpossibleDecision, KeyError, IndexError, ValueError) as exc:
            why = "; ".join(str(v) for v in violations) or str(exc)
            raise ImpossibleDecision(f"{text} cannot be carried out (nothing was written): {why}",
                                     list[object](violations)) from None
        if violations and mode == "strict":
            raise IllegalDecision(f"{text} is illegal (nothing was written): "
                                  + "; ".join(str(v) for v in violations), list[object](violations))
        stored = self._append([decision], new, actor=getattr(decision, "player", None),
                              client_event_id=client_event_id)
        return Recorded(stored, violations, actions)

    # --- judge events --------------------------------------------------------------

    def judge(self, event: Payload) -> Recorded:
        """Append a judge event (ruling, rewind, penalty, game loss, correction, note)."""
        line = self.folder.line
        if isinstance(event, GameRewound):
            if event.to_seq > self.seq:
                raise RecorderError(f"game {self.game_id}: cannot rewind to seq {event.to_seq}: "
                                    f"the game is at seq {self.seq}")
            if event.to_seq not in line:
                raise RecorderError(f"game {self.game_id}: seq {event.to_seq} was voided by an "
                                    "earlier rewind; rewind to a seq that still counts")
        elif isinstance(event, OutcomeCorrected):
            if event.seq not in line or event.seq > self.seq:
                raise RecorderError(f"game {self.game_id}: seq {event.seq} is not an event that "
                                    "counts (missing or voided)")
            target = self.folder.decoded[event.seq]
            parse_payload(target.type, type(target).SCHEMA_VERSION,
                          apply_patch(target.model_dump(mode="json"), event),
                          where=f"seq {event.seq} as corrected")
        elif isinstance(event, PenaltyIssued | GameLossIssued):
            if event.player not in {p.id for p in self.created.players}:
                raise RecorderError(f"game {self.game_id}: {event.player!r} is not a player of it")
        elif isinstance(event, SeedRevealed):
            raise RecorderError("the recorder reveals the seed itself when the game ends")
        elif not isinstance(event, RulingGiven | NoteAdded):
            raise RecorderError(f"{event.type} is not a judge event")
        actor = getattr(event, "judge", None) or getattr(event, "author", None)
        ev = self._store([event], None, actor=actor)
        self._refold(ev)
        more = self._drain()
        return Recorded(ev + more)

    def rewind(self, to_seq: int, judge: str, reason: str = "") -> Recorded:
        """Back the game up to *to_seq*; later events stay stored, voided."""
        return self.judge(GameRewound(judge=judge, to_seq=to_seq, reason=reason))

    def ruling(self, judge: str, text: str, rule_ids: Sequence[str] = (),
               about_seq: int | None = None) -> Recorded:
        """Record a ruling in the judge's words, citing rule ids."""
        return self.judge(RulingGiven(judge=judge, text=text, rule_ids=tuple(rule_ids), about_seq=about_seq))

    def penalty(self, judge: str, player: str, penalty: str, reason: str = "",
                rule_ids: Sequence[str] = ()) -> Recorded:
        """Record a penalty; it changes nothing in the game."""
        return self.judge(PenaltyIssued(judge=judge, player=player, penalty=penalty,
                                        reason=reason, rule_ids=tuple(rule_ids)))

    def game_loss(self, judge: str, player: str, reason: str = "") -> Recorded:
        """Award *player* a game loss; the game ends (the seed is then revealed)."""
        return self.judge(GameLossIssued(judge=judge, player=player, reason=reason))

    def correct(self, judge: str, seq: int, field_path: str, value: str | int | bool | None,
                reason: str = "") -> Recorded:
        """Correct a recorded outcome of event *seq* (``field_path`` in its payload)."""
        return self.judge(OutcomeCorrected(judge=judge, seq=seq, field=field_path, value=value,
                                           reason=reason))

    # --- ending --------------------------------------------------------------------

    def finish(self, seal: bool = True) -> str | None:
        """Reveal the seed (if any and not yet) and seal the game; returns the seal hash."""
        if self.seed is not None and not _revealed(self.folder):
            self._store([SeedRevealed(seed=self.seed)], None)
        return self.store.seal(self.game_id) if seal else None

    # --- plumbing ------------------------------------------------------------------

    def _state_after_created(self, created: GameCreated) -> GameState:
        return engine.new_game(created)

    def _append(self, payloads: list[Payload], state: GameState, actor: str | None,
                client_event_id: str | None = None) -> list[StoredEvent]:
        """Store *payloads* (whose effect on the state is *state*) plus the random outcomes
        and seed reveal that follow, in one transaction."""
        batch = list(payloads)
        extra_seq = self.seq + len(batch)
        if self.seed is not None:
            while state.phase != "over":
                reqs = engine.pending(state)
                if not reqs or reqs[0].player is not None:
                    break
                extra_seq += 1
                outcome = draw_outcome(state, reqs[0], self.seed, extra_seq)
                engine.apply_in_place(state, outcome)
                batch.append(outcome)
            if state.phase == "over":
                batch.append(SeedRevealed(seed=self.seed))
        events = [NewEvent.of(p, actor=actor if i == 0 else None,
                              client_event_id=client_event_id if i == 0 else None)
                  for i, p in enumerate(batch)]
        stored: list[StoredEvent] = self.store.append(self.game_id, events, expected_seq=self.seq)
        self.folder.adopt(stored, state)
        self._snapshot(stored)
        return stored

    def _store(self, payloads: list[Payload], client_event_id: str | None,
               actor: str | None = None) -> list[StoredEvent]:
        events = [NewEvent.of(p, actor=actor or getattr(p, "player", None),
                              client_event_id=client_event_id if i == 0 else None)
                  for i, p in enumerate(payloads)]
        stored: list[StoredEvent] = self.store.append(self.game_id, events, expected_seq=self.seq)
        return stored

    def _refold(self, stored: list[StoredEvent]) -> None:
        for ev in stored:
            self.folder.feed(ev)
        self._snapshot(stored)

    def _drain(self) -> list[StoredEvent]:
        """After a judge event: append the random outcomes the state now awaits."""
        state = self.folder.state
        if self.seed is None or state is None or self.folder.stopped is not None:
            return []
        if state.phase != "over" and (not engine.pending(state) or engine.pending(state)[0].player is not None):
            return []
        if state.phase == "over" and _revealed(self.folder):
            return []
        return self._append([], state.clone(), actor=None)

    def _snapshot(self, stored: list[StoredEvent]) -> None:
        every = self.snapshot_every
        if every <= 0 or not stored or self.folder.state is None:
            return
        if stored[-1].seq // every > (stored[0].seq - 1) // every:
            last = stored[-1]
            self.store.put_snapshot(self.game_id, last.seq, last.hash,
                                    snapshot_json(self.folder.position()), ENGINE_VERSION)


def _revealed(folder: Folder) -> bool:
    return any(p.type == "SeedRevealed" for p in folder.decoded.values())


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
