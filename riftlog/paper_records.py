"""The same game, two records (issue 21): a full-information record projected to the
paper record a scorekeeper at the table would have made, or to one seat's record.

:func:`project` reads a full game's events and writes the events of the same game as a
``paper`` (or ``seat P``) game: the deck orders (``DeckOrderRecorded``) and the seed go,
every other event stays, and before each event that makes hidden cards public (a card
played from hand, runes channeled, a card discarded or revealed) a
:class:`~riftlog.events.decisions.CardsIdentified` names them, as the table saw them.  A
seat's record also names what that seat saw of its own cards (``how="looked_at"``).

Object ids: a paper game records no shuffle, so the card on top of a deck is another
object than in the full game.  The projection follows both games side by side and maps
each hidden object of the full game to the one in the same place of the paper game (the
same zone and position: what the table sees is the same physical card); every decision is
written with the paper game's ids.

Judge events are public and stay as they are, with the seqs they name translated to the
paper record's: a ``GameRewound`` backs both games up to the moment after its ``to_seq``
(the projection remembers each moment of the line) and voids the paper seqs standing for
the voided ones, with the names added among them.  An ``OutcomeCorrected`` is refused (the
projection does not patch earlier events yet), as is a rewind to the middle of a shuffle.

:func:`public_board` is a state's public board without object ids (what anybody at the
table sees: counts of the hidden zones, the cards of the public ones), so two records of
one game can be compared seq by seq.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from riftlog.errors import ImpossibleDecision, RecorderError, UnsupportedCard, UnsupportedRule
from riftlog.events import StoredEvent
from riftlog.events.actor import LOCAL_RECORDER, Actor
from riftlog.events.canonical import GENESIS_HASH, canonical_bytes, chain_hash
from riftlog.events.decisions import (
    CardsIdentified,
    DeckOrderRecorded,
    GameConceded,
    Identification,
    RandomOutcome,
)
from riftlog.events.envelope import body_of
from riftlog.events.payloads import (
    GameCreated,
    GameLossIssued,
    GameRewound,
    NoteAdded,
    RulingGiven,
    SeedRevealed,
)
from riftlog.events.registry import Payload
from riftlog.recorder import Recorder, create_game
from riftlog.reducer import JUDGE_TYPES
from riftlog.rules import engine
from riftlog.rules.board import unknown_cards
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.store.eventstore import EventStore

__all__ = ["Projected", "Projection", "chained", "project", "project_payloads", "public_board",
           "record_projection"]

#: who records the names a projection adds
PROJECTION_ACTOR = "recorder:projection"
_HIDDEN_LISTS = ("main_deck", "rune_deck", "hand", "setaside")
_NOT_PROJECTED_YET = ("OutcomeCorrected",)
_CANNOT = (ImpossibleDecision, KeyError, IndexError, ValueError, TypeError, AttributeError)


@dataclass
class Projected:
    """One event of a projected record: its payload, who appended it, and the full
    record's seq it stands for (None for a CardsIdentified the projection added)."""

    payload: Payload
    actor: str | None
    source: int | None


@dataclass
class Projection:
    """A full game's record as a paper or seat record (see the module docstring)."""

    level: str
    seat: str | None
    events: list[Projected] = field(default_factory=list)
    #: full seq -> the paper seq standing for it (a dropped shuffle: the event before it)
    seq_of: dict[int, int] = field(default_factory=dict)

    def stored(self, game_id: str) -> list[StoredEvent]:
        """The projected events hash-chained as a store would keep them (seq from 1)."""
        return chained(game_id, [(ev.payload, ev.actor) for ev in self.events])


def chained(game_id: str, events: Sequence[tuple[Payload, str | None]],
            recorded_at: str = "2026-01-01T00:00:00+00:00") -> list[StoredEvent]:
    """*events* (payload, actor) as a hash chain of stored events, seq from 1 (in memory:
    what a store would hold, for the replayer)."""
    out: list[StoredEvent] = []
    prev = GENESIS_HASH
    for seq, (model, actor) in enumerate(events, 1):
        payload = model.model_dump(mode="json")
        version = type(model).SCHEMA_VERSION
        body = body_of(game_id, seq, model.type, version, actor, payload, None, recorded_at)
        digest = chain_hash(prev, canonical_bytes(body))
        out.append(StoredEvent(game_id=game_id, seq=seq, type=model.type, schema_version=version,
                               actor=actor, payload=payload, client_event_id=None,
                               recorded_at=recorded_at, prev_hash=prev, hash=digest))
        prev = digest
    return out


def project(events: Sequence[StoredEvent], level: str = "paper", seat: str | None = None) -> Projection:
    """The paper (or ``seat`` *seat*) record of the full game *events* (seq 1 first)."""
    if not events or events[0].type != "GameCreated":
        raise RecorderError("a record to project starts with its GameCreated")
    return project_payloads([(ev.seq, ev.decoded(), ev.actor) for ev in events], level, seat)


def project_payloads(events: Sequence[tuple[int, Payload, str | None]], level: str = "paper",
                     seat: str | None = None) -> Projection:
    """:func:`project` on ``(seq, payload, actor)`` triples."""
    if level not in ("paper", "seat"):
        raise RecorderError(f"a full record is projected to a paper or seat record, not {level!r}")
    seq0, created, actor0 = events[0]
    if not isinstance(created, GameCreated):
        raise RecorderError("a record to project starts with its GameCreated")
    if created.information != "full":
        raise RecorderError(f"only a full record can be projected (this one is "
                            f"{created.information_label()})")
    paper_created = GameCreated.model_validate({
        **created.model_dump(), "information": level, "recording_seat": seat,
        "randomness": "recorded", "seed_commitment": None})
    rewinds = any(isinstance(p, GameRewound) for _s, p, _a in events)
    return _Projector(created, paper_created, level, seat, rewinds).run(events, actor0, seq0)


class _Projector:
    def __init__(self, created: GameCreated, paper_created: GameCreated, level: str,
                 seat: str | None, rewinds: bool = False) -> None:
        self.full = engine.new_game(created)
        self.rewinds = rewinds
        self.paper = engine.new_game(paper_created)
        self.seat = seat
        self.out = Projection(level, seat)
        self.paper_created = paper_created
        self.rename: dict[str, str] = {}
        self.stopped = False
        #: the full game's effective line, and per seq of it what the projection was
        #: after it: (full state, paper state, rename, stopped, last paper seq)
        self.line: list[int] = []
        self.after: dict[int, tuple[GameState, GameState, dict[str, str], bool, int]] = {}
        #: seqs amid a decision and its shuffles (no moment of the table: no rewind to them)
        self.amid: set[int] = set()

    def run(self, events: Sequence[tuple[int, Payload, str | None]], actor0: str | None,
            seq0: int) -> Projection:
        self._emit(self.paper_created, actor0, seq0)
        self._align()
        self._mark([seq0])
        skip: set[int] = set()
        for i, (seq, payload, actor) in enumerate(events[1:], 1):
            if seq in skip:
                continue
            self._mark(self._event(events, i, seq, payload, actor, skip))
        return self.out

    def _event(self, events: Sequence[tuple[int, Payload, str | None]], i: int, seq: int,
               payload: Payload, actor: str | None, skip: set[int]) -> list[int]:
        """Project the event at *seq*; returns the seqs it took (with its shuffles)."""
        if payload.type in _NOT_PROJECTED_YET:
            raise RecorderError(f"seq {seq}: a {payload.type} cannot be projected yet (the "
                                "projection does not patch earlier events)")
        if isinstance(payload, GameRewound):
            self._rewind(seq, payload, actor)
            return [seq]
        if isinstance(payload, RulingGiven | NoteAdded) and payload.about_seq is not None:
            # about a seq of the full record: the paper seq standing for it
            at = self.out.seq_of.get(payload.about_seq)
            self._emit(payload.model_copy(update={"about_seq": at}), actor, seq)
            return [seq]
        if isinstance(payload, SeedRevealed):
            self.out.seq_of[seq] = len(self.out.events)
            return [seq]  # a paper game has no seed
        if isinstance(payload, DeckOrderRecorded):
            if not self.stopped:
                self._apply(self.full, payload)
                self._align()
            self.out.seq_of[seq] = len(self.out.events)
            return [seq]  # shuffles record nothing
        if not self.stopped and (isinstance(payload, RandomOutcome) or payload.IS_DECISION):
            # the shuffles it leads to (a paper game's flow does them at once)
            follow = []
            for s2, p2, _a in events[i + 1:]:
                if not isinstance(p2, DeckOrderRecorded):
                    break
                follow.append((s2, p2))
            self._decision(seq, payload, actor, follow)
            skip.update(s2 for s2, _ in follow)
            return [seq, *(s2 for s2, _ in follow)]
        if not self.stopped and isinstance(payload, GameLossIssued):
            for state in (self.full, self.paper):  # as the replayer does
                if state.phase != "over" and not state.players[payload.player].eliminated:
                    self._apply(state, GameConceded(player=payload.player))
        self._emit(self._renamed(payload), actor, seq)
        return [seq]

    # --- judge events -----------------------------------------------------------------

    def _mark(self, seqs: list[int]) -> None:
        """Add *seqs* (one event, or a decision and its shuffles) to the line and remember
        the projection after them (a rewind to one amid them has no paper moment)."""
        self.line += seqs
        self.amid.update(seqs[:-1])
        if self.rewinds:  # (a record without rewinds never goes back)
                self.after[seqs[-1]] = (self.full.clone(), self.paper.clone(), dict(self.rename),
                                    self.stopped, len(self.out.events))

    def _rewind(self, seq: int, payload: GameRewound, actor: str | None) -> None:
        """A judge backs the full game up to ``to_seq``: both games go back to that
        moment, and the paper record's rewind voids the paper seqs standing for the
        voided ones (with the names the projection added among them)."""
        while self.line and self.line[-1] > payload.to_seq:
            self.line.pop()
        if not self.line or self.line[-1] in self.amid:
            raise RecorderError(f"seq {seq}: a GameRewound to seq {payload.to_seq} backs up to "
                                "the middle of a shuffle, which a paper record has no seq for")
        full, paper, rename, stopped, paper_seq = self.after[self.line[-1]]
        self.full, self.paper, self.rename, self.stopped = \
            full.clone(), paper.clone(), dict(rename), stopped
        self._emit(payload.model_copy(update={"to_seq": paper_seq}), actor, seq)

    # --- one decision ---------------------------------------------------------------

    def _decision(self, seq: int, payload: Payload, actor: str | None,
                  follow: Sequence[tuple[int, Payload]]) -> None:
        hidden = {oid for oid, o in self.full.objects.items() if not unknown_cards.is_public(o)}
        trial = self.full.clone()
        try:
            actions = engine.apply_in_place(trial, payload)
            for _s, shuffle in follow:
                actions += engine.apply_in_place(trial, shuffle)
        except (UnsupportedRule, UnsupportedCard, *_CANNOT):
            self.stopped = True  # the full game stops here; so does the paper one
            self._emit(self._renamed(payload), actor, seq)
            for s2, _p in follow:
                self.out.seq_of[s2] = len(self.out.events)
            return
        for owner, (how, cards) in self._named(hidden, trial, actions, payload).items():
            named = CardsIdentified(player=owner, cards=cards, how=how)
            self._apply(self.paper, named)
            self._emit(named, PROJECTION_ACTOR, None)
        renamed = self._renamed(payload)
        self.full = trial
        try:
            engine.apply_in_place(self.paper, renamed)
        except (UnsupportedRule, UnsupportedCard, *_CANNOT):
            self.stopped = True
        self._emit(renamed, actor, seq)
        for s2, _p in follow:
            self.out.seq_of[s2] = len(self.out.events)
        self._align()
        self._seat_saw(actions)

    def _seat_saw(self, actions: list[GameAction]) -> None:
        """A seat's record names what that seat now sees of its own cards (its hand, its
        face-down cards, what it looked at), after the event that showed them to it."""
        if self.seat is None or self.stopped:
            return
        full = self.full
        mine = full.players[self.seat]
        down = [o for bf in full.battlefields for o in bf.facedown]
        seen = [*mine.hand, *mine.setaside, *down]
        seen += [oid for a in actions if a.kind == "look" and a.player == self.seat
                 for oid in a.objects if oid in full.objects]
        cards = {self.rename.get(oid, oid): full.objects[oid].card for oid in seen
                 if full.objects[oid].owner == self.seat and not unknown_cards.is_public(full.objects[oid])
                 and unknown_cards.is_unknown(self.paper, self.rename.get(oid, oid))}
        if cards:
            named = CardsIdentified(player=self.seat, cards=cards, how="looked_at")
            self._apply(self.paper, named)
            self._emit(named, PROJECTION_ACTOR, None)

    def _named(self, hidden: set[str], after: GameState, actions: list[GameAction],
               payload: Payload) -> dict[str, tuple[Identification, dict[str, str]]]:
        """Per owner, the hidden cards this decision makes public (named before it)."""
        shown = {oid for oid in hidden if oid in after.objects
                 and unknown_cards.is_public(after.objects[oid])}
        shown |= {oid for a in actions if a.kind == "reveal" for oid in a.objects if oid in hidden}
        groups: dict[str, tuple[Identification, dict[str, str]]] = {}
        for oid in sorted(shown):
            mine_oid = self.rename.get(oid, oid)
            if not unknown_cards.is_unknown(self.paper, mine_oid):
                continue
            owner = self.full.objects[oid].owner
            groups.setdefault(owner, (_how(oid, after, payload), {}))[1][mine_oid] = \
                self.full.objects[oid].card
        return groups

    # --- bookkeeping ----------------------------------------------------------------

    def _apply(self, state: GameState, payload: Payload) -> None:
        try:
            engine.apply_in_place(state, payload)
        except (UnsupportedRule, UnsupportedCard, *_CANNOT):
            self.stopped = True

    def _emit(self, payload: Payload, actor: str | None, source: int | None) -> None:
        self.out.events.append(Projected(payload, actor, source))
        if source is not None:
            self.out.seq_of[source] = len(self.out.events)

    def _align(self) -> None:
        """Map each hidden object of the full game to the one in its place in the paper game."""
        for pid, fp in self.full.players.items():
            pp = self.paper.players[pid]
            for zone in _HIDDEN_LISTS:
                for f, p in zip(getattr(fp, zone), getattr(pp, zone), strict=False):
                    self.rename[f] = p
        for fb, pb in zip(self.full.battlefields, self.paper.battlefields, strict=False):
            for f, p in zip(fb.facedown, pb.facedown, strict=False):
                self.rename[f] = p

    def _renamed(self, payload: Payload) -> Payload:
        data = _rename(payload.model_dump(mode="json"), self.rename)
        return type(payload).model_validate(data)


def _rename(value: Any, rename: dict[str, str]) -> Any:
    if isinstance(value, str):
        return rename.get(value, value)
    if isinstance(value, list):
        return [_rename(v, rename) for v in value]
    if isinstance(value, dict):
        return {rename.get(k, k): _rename(v, rename) for k, v in value.items()}
    return value


def _how(oid: str, after: GameState, payload: Payload) -> Identification:
    """How the table saw a hidden card become public."""
    obj = after.objects[oid]
    if getattr(payload, "card", None) == oid or obj.zone == "chain":
        return "played"
    if obj.zone in ("trash", "banishment"):
        return "trashed"
    if oid.rsplit(".", 1)[-1].startswith("r") and obj.zone == "base":
        return "channeled"
    return "revealed"


def public_board(state: GameState) -> dict[str, Any]:
    """What everybody at the table sees of *state*, without object ids: per player the
    points, pool, the sizes of the hidden zones and the cards of the public ones; per
    battlefield its card, controller, units and gear; the chain; the turn."""
    objs = state.objects

    def cards(oids: Sequence[str], ordered: bool = False) -> list[Any]:
        out = [_face(state, o) for o in oids if o in objs]
        return out if ordered else sorted(out, key=repr)

    players = {}
    for pid, p in state.players.items():
        players[pid] = {
            "points": p.points, "energy": p.pool.energy, "power": dict(sorted(p.pool.power.items())),
            "eliminated": p.eliminated, "conceded": p.conceded,
            "hand": len(p.hand), "main_deck": len(p.main_deck), "rune_deck": len(p.rune_deck),
            "setaside": len(p.setaside),
            "legend": cards(p.legend), "champion": cards(p.champion), "base": cards(p.base),
            "trash": cards(p.trash), "banishment": cards(p.banishment),
        }
    battlefields = [{"card": objs[bf.oid].card if bf.oid in objs else bf.oid,
                     "controller": bf.controller, "units": cards(bf.units),
                     "gear": cards(bf.gear), "facedown": len(bf.facedown)}
                    for bf in state.battlefields]
    return {"turn": state.turn, "phase": state.phase, "step": state.step,
            "turn_player": state.turn_player, "priority": state.priority,
            "winner": state.winner, "players": players, "battlefields": battlefields,
            "chain": [[c.kind, c.controller, objs[c.source].card if c.source in objs else None]
                      for c in state.chain]}


def _face(state: GameState, oid: str) -> Any:
    o = state.objects[oid]
    if not unknown_cards.is_public(o):
        return "hidden"
    return [o.card, o.controller, o.exhausted, o.damage, o.buffed, o.stunned, o.token]


def record_projection(store: EventStore, game_id: str, new_id: str, level: str = "paper",
                      seat: str | None = None, actor: Actor = LOCAL_RECORDER,
                      match_id: str | None = None, game_number: int = 1) -> Recorder:
    """Record the paper (or seat) record of the stored full game *game_id* as a new game
    *new_id* of *store*, through the recorder (every event judged again as it is written;
    an illegal decision of the full game is kept, as it was there), game *game_number* of
    match *match_id* when given.  A game with judge events is refused: they are a judge's,
    not a projection's, to record again."""
    events = list(store.read(game_id))
    judged = sorted({ev.type for ev in events if ev.type in JUDGE_TYPES and ev.type != "SeedRevealed"})
    if judged:
        raise RecorderError(f"game {game_id} has judge events ({', '.join(judged)}): its paper "
                            "record is projected as data (riftlog.paper_records.project), not "
                            "recorded again")
    projection = project(events, level, seat)
    created = projection.events[0].payload
    assert isinstance(created, GameCreated)
    rec = create_game(store, new_id, mode=created.mode, players=created.players,
                      randomness="recorded", rules_edition=created.rules_edition,
                      battlefields_used=dict(created.battlefields_used),
                      information=created.information, recording_seat=created.recording_seat,
                      actor=actor, match_id=match_id, game_number=game_number)
    for ev in projection.events[1:]:
        if ev.payload.IS_DECISION or isinstance(ev.payload, RandomOutcome):
            rec.record(ev.payload, mode="record")
    return rec
