"""The replayer: re-judge every stored event of a game and write the dispute report.

Each event gets a verdict, computed by replay (never stored as truth):

* ``legal``;
* ``illegal`` - it breaks rules (each cited ``<edition> <id>`` with what was wrong, and some of
  the legal options the player had), could not be carried out at all, or is a seeded
  random outcome that is not the one the revealed seed gives (the commitment was broken);
* ``unverifiable`` - the engine does not implement what it needs (names the card or
  rule), or the game was stopped by an earlier event that could not be carried out;
* ``divergent`` - an outcome the client reported with the decision (points, a unit's
  death ...) differs from the engine's.

Judge events are shown in order; a rewind marks the events it voided (a ruling or penalty
among them included: its entry in :attr:`Report.judge_events` gets ``voided_by``), a
correction the event it corrected.  :attr:`Report.ok` is false when an event that still counts (not
voided, not corrected by a judge) is illegal or divergent.  A game is judged under the
edition it was created with; ``edition`` re-judges it under another one (``v1.2``: rule ids
re-cited through the correspondence, behaviour per riftlog.rules.editions.differences);
:func:`edition_differences` lists where the two editions' verdicts differ.

Performance notes (replay-perf): a legal step's verdict is built positionally by
``_verdict``'s short path; ``replay_game`` drops its event list before the cyclic collector
resumes, so the collector's first pass does not traverse it.  The stored-snapshot check
(a sample by default, :func:`snapshot_sample`) compares each snapshot's packed state bytes
with the canonical bytes the fold's full hash at that seq hashed (issue 26: no hash of its
own); a sealed game's packed snapshots are unpacked to those bytes by the store
(:mod:`riftlog.store.snapshot_check`), not rebuilt into the usual text and parsed again.
"""

from __future__ import annotations

import gc
import hashlib
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from riftlog import ENGINE_VERSION, plural
from riftlog.cards import load_catalog
from riftlog.errors import ChainBroken, RecorderError, UnsupportedRule
from riftlog.events import GENESIS_HASH, StoredEvent
from riftlog.events.payloads import GameCreated, SeedRevealed
from riftlog.reducer import (
    FULL_HASH_EVERY,
    Folder,
    Position,
    Step,
    _gc_paused,
    state_at,
    state_hash,
    store_snapshot,
)
from riftlog.rules import engine
from riftlog.rules.board.core import EDITIONS, GameAction
from riftlog.seeding import commitment
from riftlog.snapshot_codec import layout
from riftlog.store.codec import head_problem
from riftlog.store.eventstore import EventStore
from riftlog.store.snapshot_check import CheckedSnapshot, snapshots_to_check

__all__ = ["Report", "Verdict", "check_edition", "edition_differences", "replay_events",
           "replay_game"]

VERDICTS = ("legal", "illegal", "unverifiable", "divergent")


@dataclass
class Verdict:
    """The verdict of one event and why."""

    seq: int
    type: str
    actor: str | None
    category: str
    verdict: str
    reasons: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)      # "v1.3 316.2"
    options: list[str] = field(default_factory=list)
    awaited: str = ""
    notes: list[str] = field(default_factory=list)
    voided_by: int | None = None
    corrected_by: int | None = None
    state_hash: str = ""
    turn: int = 0
    phase: str = ""
    #: the game actions the event caused (issue 7: kept as they are; :attr:`actions` and
    #: :meth:`to_json` give them as plain data when asked)
    game_actions: Sequence[GameAction] = ()
    #: an illegal decision in notation (riftlog.notation), as the report prints it
    decision: str = ""

    @property
    def actions(self) -> list[dict[str, Any]]:
        """The game actions the event caused, as plain data."""
        return [a.to_json() for a in self.game_actions]

    @property
    def counts(self) -> bool:
        """Whether the verdict still stands (not voided, not corrected by a judge)."""
        return self.voided_by is None and self.corrected_by is None

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items()
               if (v not in (None, [], "") or k == "verdict") and k != "game_actions"}
        if self.game_actions:
            out["actions"] = self.actions
        return out


@dataclass
class Report:
    """The dispute report of one game."""

    game_id: str
    edition: str
    game_edition: str
    verdicts: list[Verdict]
    judge_events: list[dict[str, Any]]
    first_illegal: int | None = None
    state_before: dict[str, Any] | None = None
    consequences: list[str] = field(default_factory=list)
    seed: str = ""
    result: dict[str, Any] = field(default_factory=dict)
    turn_index: list[dict[str, Any]] = field(default_factory=list)
    snapshots: list[str] = field(default_factory=list)
    seconds: float = 0.0
    #: what the record holds of hidden cards: full, paper or seat P (issue 21)
    information: str = "full"

    def counts(self) -> dict[str, int]:
        """How many events got each verdict."""
        out = dict.fromkeys(VERDICTS, 0)
        for v in self.verdicts:
            out[v.verdict] += 1
        return out

    @property
    def ok(self) -> bool:
        """False when an event that still counts is illegal or divergent."""
        return not any(v.verdict in ("illegal", "divergent") and v.counts for v in self.verdicts)

    def hashes(self) -> dict[int, str]:
        """The state hash after every event, by seq."""
        return {v.seq: v.state_hash for v in self.verdicts}

    def to_json(self, *, notable_only: bool = False) -> dict[str, Any]:
        """The report as plain data.  *notable_only*: ``events`` lists only the events that
        are not plainly legal (any other verdict, or voided or corrected by a judge), as a
        summary of a game does; ``counts`` still counts every event.  ``information`` is
        there only for a paper or seat game (a full game's report is as it always was)."""
        extra = {} if self.information == "full" else {"information": self.information}
        return {**extra,
            "game_id": self.game_id, "edition": self.edition, "game_edition": self.game_edition,
            "engine_version": ENGINE_VERSION, "ok": self.ok, "counts": self.counts(),
            "first_illegal": self.first_illegal, "state_before": self.state_before,
            "consequences": self.consequences, "judge_events": self.judge_events,
            "seed": self.seed, "result": self.result, "turn_index": self.turn_index,
            "snapshots": self.snapshots, "seconds": round(self.seconds, 4),
            "events": [v.to_json() for v in self.verdicts
                       if not notable_only or v.verdict != "legal" or not v.counts],
        }


def _verdict(step: Step) -> Verdict:
    violations = step.violations
    if (not violations and step.problem is None and step.stopped_by is None
            and not step.commitment and not step.divergences and not step.not_compared
            and not step.missing):
        # replay-perf: a legal step (nearly all of them), positionally: what the general
        # path below gives it (no reasons, rules, options nor notes)
        return Verdict(step.seq, step.type, step.actor, step.category, "legal", [], [], [],
                       step.awaited, [], None, None, step.state_hash, step.turn, step.phase,
                       step.actions)
    # replay-perf: the lists handed to the constructor (no default factory then replaced)
    v = Verdict(step.seq, step.type, step.actor, step.category, "legal",
                reasons=[str(x) for x in violations] if violations else [],
                rules=[x.citation for x in violations] if violations else [],
                awaited=step.awaited, state_hash=step.state_hash, turn=step.turn,
                phase=step.phase, game_actions=step.actions)
    if step.problem is not None:
        if step.problem.kind == "unsupported":
            v.verdict = "unverifiable"
            v.reasons.append(step.problem.message)
        else:
            v.verdict = "illegal"
            v.reasons.append(f"cannot be carried out: {step.problem.message}; the game stops "
                             "here until a judge rewinds or corrects it")
    elif step.stopped_by is not None:
        v.verdict = "unverifiable"
        v.reasons.append(f"not judged: the game is stopped at seq {step.stopped_by}")
    elif step.missing:  # issue 21: the paper record cannot decide it
        v.verdict = "unverifiable"
        v.reasons = [step.missing]
        v.rules = []
    elif violations:
        v.verdict = "illegal"
    if step.commitment:
        v.verdict = "illegal"
        v.reasons.append(step.commitment)
    if step.divergences and v.verdict == "legal":
        v.verdict = "divergent"
        v.reasons.extend(step.divergences)
    if v.verdict == "illegal":
        v.options = step.options
        v.decision = step.decision
    if step.not_compared:
        v.notes.append(f"reported outcomes not compared: {', '.join(step.not_compared)}")
    return v


def replay_events(events: Iterable[StoredEvent], *, game_id: str = "", edition: str | None = None,
                  snapshot_check: Callable[[int, str], None] | None = None,
                  snapshot_seqs: Iterable[int] | None = None,
                  state_check: Callable[[int, str, bytes | None], None] | None = None,
                  ) -> Report:
    """Re-judge *events* (a whole game, seq 1 first) and build its report.

    *snapshot_check* is called with ``(seq, state_hash(state))`` after each seq of
    *snapshot_seqs* (after every seq when that is None); *state_check* likewise with
    ``(seq, state_hash(state), the canonical bytes it hashes)`` (None before the game
    exists), the bytes a stored snapshot's state is compared with.
    """
    started = time.perf_counter()
    if state_check is None and snapshot_check is not None:
        hash_check = snapshot_check
        state_check = lambda seq, h, _raw: hash_check(seq, h)  # noqa: E731
    evs = list(events)
    if not evs:
        raise RecorderError(f"game {game_id} has no events")
    created = evs[0].decoded()
    if not isinstance(created, GameCreated):
        raise RecorderError(f"game {game_id}: seq 1 is {evs[0].type}, not GameCreated")
    seed, seed_note, seed_bad = _seed(evs, created)
    checked: set[int] | None = None
    if state_check is not None:
        checked = {ev.seq for ev in evs} if snapshot_seqs is None else set(snapshot_seqs)
    # issue 7: in-memory checkpoints only serve rewinds and corrections; without any, a
    # rebuild (after a decision that could not be carried out) folds from the start
    rebuilds = any(ev.type in ("GameRewound", "OutcomeCorrected") for ev in evs)
    # the per-seq hashes fold the full state hash at fixed seqs only (every FULL_HASH_EVERY,
    # the last seq), never at the stored snapshots: they depend on the events alone, not on
    # how often the store took snapshots; a snapshot is checked against its own full hash
    folder = Folder(judge=True, edition=edition, seed=None if seed_bad else seed, hashes=True,
                    full_hash_at={evs[-1].seq},
                    **({} if rebuilds else {"checkpoint_every": len(evs) + 1}))
    verdicts: list[Verdict] = []
    judge_events: list[dict[str, Any]] = []
    judge_at: dict[int, dict[str, Any]] = {}  # the judge events by seq, for a later rewind
    index: list[dict[str, Any]] = []
    at: tuple[int, str] | None = None  # (turn, phase) of the last index entry
    unchecked_outcomes = seed is None and created.randomness == "seeded"
    feed = folder.feed
    first = evs[0]
    for ev in evs:
        step = feed(ev, created if ev is first else None)  # (seq 1 is decoded once)
        v = _verdict(step)
        if ev.type == "SeedRevealed" and isinstance(folder.decoded[ev.seq], SeedRevealed):
            revealed = str(ev.payload.get("seed"))
            if created.seed_commitment is None or commitment(revealed) != created.seed_commitment:
                v.verdict = "illegal"
                v.reasons.append("the revealed seed does not hash to the commitment stored at "
                                 "creation: the commitment was broken")
        if unchecked_outcomes and step.category == "outcome":
            v.notes.append("seed not revealed yet: this outcome cannot be checked")
        for s in step.voided:
            verdicts[s - 1].voided_by = ev.seq
            if s in judge_at:
                judge_at[s]["voided_by"] = ev.seq
        if step.corrected is not None:
            verdicts[step.corrected - 1].corrected_by = ev.seq
        if step.category == "judge" and ev.type not in ("SeedRevealed",):
            judge_at[ev.seq] = {"seq": ev.seq, "type": ev.type, "actor": ev.actor, **ev.payload,
                                "voided": step.voided}
            judge_events.append(judge_at[ev.seq])
        if at is None or at[0] != step.turn or at[1] != step.phase:
            at = (step.turn, step.phase)
            index.append({"turn": step.turn, "phase": step.phase, "seq": ev.seq})
        if checked is not None and ev.seq in checked:
            assert state_check is not None
            state_check(ev.seq, *folder.full_state())
        verdicts.append(v)
    report = Report(game_id or evs[0].game_id, folder.created.rules_edition if folder.created else "",
                    created.rules_edition, verdicts, judge_events, seed=seed_note, turn_index=index,
                    information=created.information_label())
    report.result = result_of(folder.position())
    _first_illegal(report, evs, edition)
    report.seconds = time.perf_counter() - started
    return report


def result_of(position: Position) -> dict[str, Any]:
    """The result of a game at *position* as :attr:`Report.result` holds it: turn, phase,
    winner, end reason, points, and the stop (empty when the game has no state)."""
    state = position.state
    if state is None:
        return {}
    return {"turn": state.turn, "phase": state.phase, "winner": state.winner,
            "end_reason": state.end_reason,
            "points": {p.id: p.points for p in state.players.values()},
            "stopped": position.stopped.to_json() if position.stopped else None}


def game_overview(store: EventStore, game_id: str) -> dict[str, str]:
    """What the game list shows of a game beyond its store row: the players (id, name,
    legend), the result in words and the score, from its state now (snapshots make it
    cheap); the judge's view."""
    pos = state_at(store, game_id)
    created = pos.created
    catalog = load_catalog()
    players = "" if created is None else ", ".join(
        f"{p.id} {p.name} ({catalog.get(p.deck.legend).name if p.deck.legend in catalog else p.deck.legend})"
        for p in created.players)
    result = result_of(pos)
    points = result.get("points", {})
    score = ", ".join(f"{pid} {n}" for pid, n in points.items())
    return {"players": players, "result": describe_result(result).split(";")[0],
            "score": score,
            "information": created.information_label() if created is not None else ""}


def describe_result(result: dict[str, Any]) -> str:
    """A game's result (:attr:`Report.result`) in words: who won and how, the score, or
    how far an unfinished or stopped game got."""
    if not result:
        return "no game state (the game was never set up)"
    points = ", ".join(f"{pid} {n}" for pid, n in result.get("points", {}).items())
    score = f"; points {points}" if points else ""
    stopped = result.get("stopped")
    if stopped:
        return (f"stopped at seq {stopped['seq']} ({stopped['message']}), turn {result['turn']}"
                f"{score}; a judge must rewind or correct it")
    winner = result.get("winner")
    if winner is not None or result.get("phase") == "over":
        who = f"winner {', '.join(winner)}" if winner else "a draw"
        how = str(result.get("end_reason") or "over").replace("_", " ")
        return f"over at turn {result['turn']}: {who} ({how}){score}"
    return f"unfinished: turn {result['turn']}, {result['phase']} phase{score}"


def _seed(evs: list[StoredEvent], created: GameCreated) -> tuple[str | None, str, bool]:
    """The revealed seed, a note about it, and whether it breaks the commitment."""
    if created.randomness != "seeded":
        return None, "recorded randomness (reported by the client)", False
    revealed = next((ev.payload.get("seed") for ev in evs if ev.type == "SeedRevealed"), None)
    if revealed is None:
        return None, "seeded; the seed is not revealed yet", False
    if commitment(str(revealed)) != created.seed_commitment:
        return str(revealed), "seeded; the revealed seed BREAKS the commitment", True
    return str(revealed), "seeded; the revealed seed matches the commitment", False


def _first_illegal(report: Report, evs: list[StoredEvent], edition: str | None) -> None:
    from riftlog.views import Viewer, state_view

    first = next((v for v in report.verdicts if v.verdict == "illegal"), None)
    if first is None:
        return
    report.first_illegal = first.seq
    folder = Folder(edition=edition)
    for ev in evs[: first.seq - 1]:
        folder.feed(ev)
    report.state_before = state_view(folder.position(), Viewer("judge"))
    cons = [f"seq {first.seq} {first.type}: {a['kind']}"
            + (f" ({', '.join(a['objects'])})" if a["objects"] else "") for a in first.actions]
    later = [v for v in report.verdicts if v.seq > first.seq]
    for v in later[:10]:
        if v.category == "judge":
            cons.append(f"seq {v.seq} {v.type} (judge)")
            break
        cons.append(f"seq {v.seq} {v.type} by {v.actor or 'chance'}: {v.verdict}"
                    + (f" ({'; '.join(v.reasons)})" if v.reasons else ""))
    if first.voided_by:
        cons.append(f"voided by the rewind at seq {first.voided_by}")
    if first.corrected_by:
        cons.append(f"corrected at seq {first.corrected_by}")
    if report.result:
        cons.append(f"game result: {describe_result(report.result)}")
    report.consequences = cons


def replay_game(store: EventStore, game_id: str, *, edition: str | None = None,
                refresh_snapshots: bool = True, check_snapshots: bool = False) -> Report:
    """Replay a stored game (its hash chain verified as it is read, its last event checked
    against the game's recorded head and seal) and report on it.

    Stored snapshots of this engine version are checked against the replay's state hash
    at their seq: with *check_snapshots* every one of them, else (issue 7: a snapshot
    check costs a full state hash) a sample, :func:`snapshot_sample`.  One that differs is
    listed in :attr:`Report.snapshots` and rewritten from the events (snapshots are a
    cache, never trusted over the events).  The verdicts do not depend on snapshots.
    """
    check_edition(edition)
    # the head first, then the events up to it and one more: a deleted tail event (the
    # chain before it intact) and an event past a head moved back both show against the
    # head; an event appended meanwhile is not judged
    evs, (head_seq, head_hash, seal_hash) = _events_to_head(store, game_id)
    last = evs[-1] if evs else None
    problem = head_problem(last.seq if last else 0, last.hash if last else GENESIS_HASH,
                           head_seq, head_hash, seal_hash)
    if problem is not None:
        raise ChainBroken(game_id, *problem)
    stored = (_stored_snapshots(store, game_id, evs[-1].seq if evs else 0,
                                None if check_snapshots else snapshot_sample)
              if edition is None else _Stored())
    bad: list[int] = []

    current = layout()

    def check(seq: int, h: str, live: bytes | None) -> None:
        snap = stored.get(seq)
        if snap is None:
            return
        # issue 7, 26: the stored state bytes against the live state's canonical bytes
        # (the bytes its full hash hashes) first; only when they differ is the stored
        # state loaded and hashed (a snapshot is judged exactly as before)
        raw = snap.raw if snap.layout == current else None
        if raw is not None and (raw == live if live is not None
                                else hashlib.sha256(raw).hexdigest() == h):
            return
        if _loaded_hash(snap.loadable_text()) != h:
            bad.append(seq)

    _freeze_loaded()
    # issue 7: the cyclic collector waits while the game is judged (as in state_at): the
    # fold allocates many short-lived containers and finds no cycle to collect
    with _gc_paused():
        report = replay_events(evs, game_id=game_id, edition=edition, state_check=check,
                               snapshot_seqs=stored)
        # snapshots that agree but no key vouches for (an older riftlog's): vouched now
        unvouched = [seq for seq in stored.unvouched if seq not in bad] \
            if refresh_snapshots else []
        if not bad and not unvouched:  # replay-perf: freed before the collector resumes
            del evs  # (its first pass traverses every container the replay allocated)
    for seq in bad:
        report.snapshots.append(f"snapshot at seq {seq} differs from the events: rebuilt")
    if unvouched:
        were = "was" if len(unvouched) == 1 else "were"
        report.snapshots.append(f"{plural(len(unvouched), 'snapshot')} that agree"
                                f"{'s' if len(unvouched) == 1 else ''} with the "
                                f"events {were} not vouched for by this store's snapshot key: "
                                "vouched now")
    if refresh_snapshots and (bad or unvouched) and not getattr(store, "read_only", False):
        _rewrite_snapshots(store, game_id, evs, {*bad, *unvouched})
    if stored and not bad:
        of = "" if check_snapshots else f" (a sample of {stored.total}: --check-snapshots checks all)"
        report.snapshots.append(f"{plural(len(stored), 'snapshot')} checked{of}: they agree with "
                                "the events")
    return report


#: whether :func:`_freeze_loaded` has run in this process
_frozen = False


def _freeze_loaded() -> None:
    """issue 26: once per process, before its first replay, load the card catalog and the
    engine, collect once and move every object alive then (modules, the catalog, the card
    encodings, the engine's registries) to the collector's permanent generation
    (``gc.freeze``).  The full collection passes that judging game after game sets off then
    no longer traverse those ~100,000 objects (one such pass cost ~100 ms, three games'
    replays).  Reference counting frees a frozen object as usual; only a cycle among them
    would wait for ``gc.unfreeze`` (the collection just before leaves none)."""
    global _frozen
    if _frozen:
        return
    _frozen = True
    load_catalog()
    engine.load_extensions()
    gc.collect()
    gc.freeze()


def _rewrite_snapshots(store: EventStore, game_id: str, evs: Sequence[StoredEvent],
                       seqs: set[int]) -> None:
    """Store the snapshots at *seqs* afresh from one fold of *evs* (vouched for)."""
    folder = Folder()
    last = max(seqs)
    for ev in evs[:last]:
        folder.feed(ev)
        if ev.seq in seqs:
            store_snapshot(store, game_id, ev.seq, ev.hash, folder.position())


def _events_to_head(store: EventStore, game_id: str
                    ) -> tuple[list[StoredEvent], tuple[int, str, str | None]]:
    """The game's events up to its recorded head, and the head, read so that an event
    stored past the head shows (issue 16): one event beyond the head is read too, and
    when there is one the head is read again (an append may have moved it meanwhile).
    An event past a head that did not move is left in the list for the head check."""
    head = store.head(game_id)
    for _attempt in range(3):
        evs = list(store.read(game_id, 1, head[0] + 1, verify=True))
        if len(evs) <= head[0]:
            return evs, head
        again = store.head(game_id)
        if again[0] == head[0]:
            return evs, head  # the head check names the first seq past the head
        head = again  # an append moved the head meanwhile: read up to the new head
    return list(store.read(game_id, 1, head[0], verify=True)), head


def check_edition(edition: str | None) -> None:
    """Raise :class:`UnsupportedRule` unless *edition* (None: the game's own) is one the
    engine judges under."""
    if edition is not None and edition not in EDITIONS:
        raise UnsupportedRule(
            f"judging under {edition} is not implemented: the engine judges under "
            f"{', '.join(EDITIONS)} only")


def snapshot_sample(seqs: list[int]) -> list[int]:
    """The stored snapshots a replay checks by default: those at seqs where the fold
    computes the full state hash anyway (every ``FULL_HASH_EVERY``) and the newest one
    (the one a seek near the end loads), so that the check costs at most one more full
    hash.  The rest are checked by ``replay_game(check_snapshots=True)``."""
    if not seqs:
        return []
    newest = max(seqs)
    return sorted(s for s in seqs if s % FULL_HASH_EVERY == 0 or s == newest)


class _Stored(dict[int, CheckedSnapshot]):
    """seq -> the stored snapshot to check (its state bytes, its text); :attr:`total`:
    how many valid snapshots the game has; :attr:`unvouched`: the seqs of those checked
    that the store's snapshot key does not vouch for."""

    total = 0

    def __init__(self) -> None:
        super().__init__()
        self.unvouched: list[int] = []


def _stored_snapshots(store: EventStore, game_id: str, last: int,
                      sample: Callable[[list[int]], list[int]] | None = None) -> _Stored:
    """The game's valid stored snapshots of this engine version up to *last* (those
    *sample* picks from their seqs, when given), by seq, with their packed state bytes
    (``snapshot_codec.pack``: the canonical encoding :func:`~riftlog.reducer.state_hash`
    hashes, so they equal the live state's when the snapshot agrees; None when the state
    is not packed by a layout: :attr:`CheckedSnapshot.layout` names the one it is).
    Only the picked snapshots' texts are read (issue 7); a sealed game's packed ones are
    unpacked to their bytes directly (issue 26)."""
    out = _Stored()
    if last < 1:
        return out
    out.total, found = snapshots_to_check(store, game_id, ENGINE_VERSION, last, sample)
    for snap in found:
        out[snap.seq] = snap
        if not snap.vouched:
            out.unvouched.append(snap.seq)
    return out


def _loaded_hash(text: str) -> str:
    """The hash of the state a stored snapshot holds, loaded (as :func:`state_at` would)."""
    import json

    from riftlog.rules.board.state import GameState
    from riftlog.snapshot_codec import load_fresh

    data = json.loads(text)
    return state_hash(load_fresh(GameState, data["state"]))


def edition_differences(a: Report, b: Report) -> list[dict[str, Any]]:
    """Events whose verdicts differ between two reports of one game (two editions).

    Only the verdict counts: the same rule cited under two editions has two ids, so the
    citations always differ.  Each row carries both verdicts with their reasons and, in
    ``explained_by``, the keys of the known differences (riftlog.rules.editions.differences)
    that this event's reasons cite or that the engine followed at this event or before it
    (a difference changes the game from there on).
    """
    from riftlog.rules.editions import explain

    out = []
    seen: set[str] = set()
    judged = tuple(e for e in (a.edition, b.edition) if e != "v1.3") or ("v1.2", "RUP4")
    for x, y in zip(a.verdicts, b.verdicts, strict=False):
        seen.update(explain([*x.reasons, *y.reasons], [*x.actions, *y.actions], judged))
        if x.verdict != y.verdict:
            row: dict[str, Any] = {
                "seq": x.seq, "type": x.type, a.edition: x.verdict, b.edition: y.verdict,
                f"{a.edition} reasons": x.reasons, f"{b.edition} reasons": y.reasons}
            if seen:
                row["explained_by"] = sorted(seen)
            out.append(row)
    return out


def diff_hashes(old: dict[int, str], new: dict[int, str]) -> int | None:
    """The first seq whose state hash differs between two replays (None: none differs)."""
    for seq in sorted(set(old) | set(new)):
        if old.get(seq) != new.get(seq):
            return seq
    return None
