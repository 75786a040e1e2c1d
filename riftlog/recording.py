"""Recording at the table (issue 20): the legal moves in notation, and the interactive
recorder behind ``riftlog record``.

:func:`moves_in_notation` lists what a player may do now.  :class:`TableSession` is one
game recorded line by line in one process: each line is a decision in notation
(docs/notation.md) or a command (``board``, ``moves``, ``undo``, ``help``, ``quit``); a
refused decision is explained with the rules it breaks and the legal options; ``undo``
records a judge rewind (after a confirmation) to just before the last decision, so the
event log keeps what happened.  The session only computes text; the command line reads
the lines (with readline completion of :meth:`TableSession.completions` on a terminal)
and prints.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from riftlog.errors import IllegalDecision, NotationError, RecorderError, RiftlogError
from riftlog.events.actor import Actor
from riftlog.events.decisions import GameConceded
from riftlog.events.registry import Payload, payload_types
from riftlog.narration import describe_payload, narrate
from riftlog.notation import card_name, format_decision, parse_decisions
from riftlog.recorder import Recorded, Recorder
from riftlog.recorder import parse_decision as parse_json_decision
from riftlog.reducer import state_at
from riftlog.rules import engine
from riftlog.rules.board import unknown_cards
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_moves

__all__ = ["HELP", "TableSession", "UndoStep", "decision_from_line", "decisions_from_line",
           "moves_in_notation", "random_outcome_hint", "undo", "undo_step"]

HELP = ("type a decision in notation (play Pakaa @ bf1, move Garen, Vi -> bf2, pass, end, "
        "keep ...; see docs/notation.md) or: moves · board · undo · help · quit.  "
        "Tab completes legal moves and card names.")


def moves_in_notation(state: GameState, player: str | None = None) -> list[str]:
    """Every legal decision of *player* (default: the one awaited) now, one line each; a
    collapsed damage split says its constraints after ``--``."""
    out = []
    for move in legal_moves(state, player):
        line = format_decision(state, move.decision, with_player=player is not None)
        out.append(line + (f"  -- {move.constraint}" if move.constraint else ""))
    return out


def random_outcome_hint(state: GameState, game_id: str) -> str | None:
    """How to record the random outcome the game awaits (a paper or recorded game's first
    player, battlefields, deck orders): the JSON to pass to ``riftlog play``, its fields
    to fill in; None when the game awaits a player's decision."""
    if state.phase == "over" or not state.queue:
        return None
    entry = state.queue[0]
    if entry.get("kind") != "await" or entry.get("player"):
        return None
    models = payload_types()
    lines = []
    for name in entry.get("decisions", []):
        model = models.get(name)
        if model is None:
            continue
        fields = [f for f in model.model_fields if f not in ("type", "v")]
        shape = ", ".join([f'"type": "{name}"', *(f'"{f}": ...' for f in fields)])
        lines.append(f"  riftlog play {game_id} '{{{shape}}}'")
    if not lines:
        return None
    return "record it as JSON (fill in each ...; docs/notation.md):\n" + "\n".join(lines)


@dataclass
class Reply:
    """What the session says back to one line: text to print, and whether to go on."""

    lines: list[str] = field(default_factory=list)
    done: bool = False
    board: bool = False  # print the board
    confirm: Callable[[bool], Reply] | None = None  # ask yes/no, then call this


class TableSession:
    """One game recorded line by line (see the module docstring)."""

    def __init__(self, rec: Recorder, judge: Actor | None = None) -> None:
        """*rec* appends the decisions as its own identity (``Recorder.open(actor=...)``);
        *judge* is who records the rewind an ``undo`` is (None: ``undo`` is refused)."""
        self.rec = rec
        self.judge = judge

    def _moves(self, state: GameState) -> list[str]:
        """The legal moves now, when the session's identity may see them: they name the
        cards in the awaited player's hand, so a player (``--as p1``) sees only their own."""
        actor = self.rec.actor
        if actor.role == "player":
            reqs = engine.pending(state) if not state.is_over() else []
            if not reqs or reqs[0].player != actor.name:
                return []
        return moves_in_notation(state)

    # --- what the prompt shows --------------------------------------------------------

    def prompt(self) -> str:
        state = self.rec.folder.state
        if state is None or state.is_over():
            return f"{self.rec.game_id} (over)> "
        reqs = engine.pending(state)
        who = reqs[0].player or "chance" if reqs else "-"
        kind = reqs[0].kind if reqs else "-"
        return f"{self.rec.game_id} seq {self.rec.seq} turn {state.turn} · {who} {kind}> "

    def completions(self, text: str) -> list[str]:
        """Lines completing *text* (what is typed so far): the legal moves, then verbs and
        card names in the player's hand and on the board."""
        state = self.rec.folder.state
        if state is None or state.is_over():
            return [c for c in ("quit", "help", "board") if c.startswith(text)]
        try:
            moves = [m.split("  -- ")[0] for m in self._moves(state)]
        except RiftlogError:
            moves = []
        words = ["moves", "board", "undo", "help", "quit"]
        head, _, last = text.rpartition(" ")
        names = sorted({card_name(state.objects[o].card) for o in _nameable(state, self.rec.actor)})
        out = [m for m in moves if m.startswith(text)]
        out += [w for w in words if w.startswith(text) and w not in out]
        if head:
            out += [f"{head} {n}" for n in names if n.lower().startswith(last.lower())
                    and f"{head} {n}" not in out]
        return out

    # --- one line ---------------------------------------------------------------------

    def handle(self, line: str) -> Reply:
        text = line.strip()
        if not text:
            return Reply()
        word = text.split()[0].lower()
        if word in ("quit", "exit", "q"):
            return Reply(["bye"], done=True)
        if word in ("help", "h", "?"):
            return Reply([HELP])
        if word in ("board", "b"):
            return Reply(board=True)
        if word in ("moves", "m"):
            state = self.rec.state
            moves = self._moves(state)
            if not moves:
                return Reply([f"no legal move for {self.rec.actor.envelope()} now: the game "
                              f"awaits {engine.awaited(state)}"])
            return Reply(["legal now:", *(f"  {m}" for m in moves)])
        if word == "undo":
            return self._undo()
        return self._record(text)

    def _record(self, text: str) -> Reply:
        state = self.rec.state
        try:
            *identified, decision = parse_decisions(state, text)
        except RiftlogError as exc:
            return Reply([f"not understood: {exc}", "type 'moves' for the legal moves"])
        before = state.clone()
        first = self.rec.seq + 1
        try:
            # issue 21: a paper game learns the cards a line names first (nothing written
            # when the line is refused)
            *named, res = self.rec.record_all([*identified, decision])
        except IllegalDecision as exc:
            out = [f"refused: {x}" for x in exc.violations] or [f"refused: {exc}"]
            if not exc.violations:
                return Reply(out)
            options = self._moves(state)
            if options:
                out.append("legal now: " + " | ".join(
                    o for o in options if not o.startswith("concede"))[:900])
            return Reply(out)
        except RiftlogError as exc:
            return Reply([f"refused: {exc}"])
        lines = [f"seq {ev.seq}  {describe_payload(None, ev.decoded())}"
                 for r in named for ev in r.events]
        for known in identified:  # the decision in words, as the cards named make it read
            before, _ = engine.apply_unchecked(before, known)
            first += 1
        after = self.rec.folder.state or before
        for ev in res.events:
            payload = ev.decoded()
            line = describe_payload(before, payload) if ev.seq == first else \
                describe_payload(None, payload)
            lines.append(f"seq {ev.seq}  {line}")
        said = narrate(after, res.actions)
        if said:
            lines.append(f"  {said}")
        return Reply(lines)

    def _undo(self) -> Reply:
        step = undo_step(self.rec)
        if step is None:
            return Reply(["nothing to undo: no decision recorded yet"])
        judge = self.judge
        if judge is None or judge.role != "judge":
            return Reply(["undo records a judge rewind, so it needs a judge: start the session "
                          "with --judge NAME (or --as judge:NAME); nothing was undone"])

        def confirmed(yes: bool) -> Reply:
            if not yes:
                return Reply(["not undone"])
            try:
                res = undo(self.rec, judge, step.seq)
            except RiftlogError as exc:
                return Reply([f"not undone: {exc}"])
            return Reply([f"seq {res.last_seq}  judge {judge.name} rewound the game to seq "
                          f"{step.to_seq}: seq {step.seq} and after no longer count"])

        return Reply([f"undo seq {step.seq}  {step.said}?  This records a judge rewind to seq "
                      f"{step.to_seq} (nothing is deleted)."], confirm=confirmed)


@dataclass(frozen=True, slots=True)
class UndoStep:
    """What an undo would take back: the last decision that counts (its seq and what it
    said, in words) and the seq the judge rewind goes back to."""

    seq: int
    to_seq: int
    said: str


def undo_step(rec: Recorder) -> UndoStep | None:
    """The last decision of the game's effective line (a concession aside), or None."""
    line = rec.folder.line
    for ev in reversed(list(rec.store.read(rec.game_id))):
        payload = ev.decoded()
        if ev.seq in line and getattr(payload, "IS_DECISION", False) \
                and not isinstance(payload, GameConceded):
            before = state_at(rec.store, rec.game_id, ev.seq - 1)
            return UndoStep(ev.seq, ev.seq - 1, describe_payload(before.state, payload))
    return None


def undo(rec: Recorder, judge: Actor, seq: int) -> Recorded:
    """Undo the decision at *seq* as *judge*: a judge rewind to just before it, recorded as
    a new event (nothing is deleted).  Refused (:class:`RecorderError`) unless *seq* is
    still the last decision that counts, so an undo confirmed for one decision never takes
    back another."""
    step = undo_step(rec)
    if step is None:
        raise RecorderError(f"game {rec.game_id}: nothing to undo, no decision recorded yet")
    if step.seq != seq:
        raise RecorderError(f"game {rec.game_id}: the last decision is seq {step.seq}, not "
                            f"seq {seq}; nothing was undone")
    return rec.rewind(step.to_seq, judge, f"undo at the table: seq {step.seq} ({step.said})")


def _nameable(state: GameState, actor: Actor) -> list[str]:
    """The objects whose names complete a line: the board and the hands (a player's
    identity: their own hand only)."""
    out: list[str] = []
    for p in state.players.values():
        mine = actor.role != "player" or actor.name == p.id
        out += [*(p.hand if mine else ()), *p.base, *p.champion, *p.legend]
    for bf in state.battlefields:
        out += [*bf.units, *bf.gear, bf.oid]
    unknown = unknown_cards.unknown(state)  # issue 21: a placeholder is never suggested
    return [o for o in out if o in state.objects and o not in unknown]


def decision_from_line(state: GameState | None, line: str, seat: str | None = None) -> Payload:
    """The decision one line says, JSON (``{"type": ...}``) or notation, as the recorder,
    ``riftlog play`` and the service take it: a notation line without ``p1:`` is *seat*'s
    (the acting player's), else the awaited player's.  A notation line needs the game's
    *state*; without one it is refused (:class:`NotationError`).  In a paper or seat game
    a line naming a card the record does not know yet is refused here: see
    :func:`decisions_from_line`."""
    found = decisions_from_line(state, line, seat)
    if len(found) > 1:
        raise NotationError(f"{line.strip()!r} names hidden cards the record does not know "
                            "yet: record their CardsIdentified first (riftlog play does)")
    return found[-1]


def decisions_from_line(state: GameState | None, line: str, seat: str | None = None) -> list[Payload]:
    """What one line says (see :func:`decision_from_line`): the decision, preceded in a paper
    or seat game by the CardsIdentified of the hidden cards it names (issue 21)."""
    text = line.strip()
    if text.startswith("{"):
        return [parse_json_decision(text)]  # the hostile-input limits, strict payloads
    if state is None:
        raise NotationError("the game has no state yet: give the decision as JSON")
    return parse_decisions(state, text, player=seat)
