"""How the recorder appends to one game: :class:`RecorderAppending`, the base of
:class:`~riftlog.recorder.Recorder` (see :mod:`riftlog.recorder` for who acts, randomness
and modes).

It keeps the game's folded state in memory (a :class:`~riftlog.reducer.Folder`) and
appends through :meth:`~riftlog.store.eventstore.EventStore.append_judged`: each batch is
the events given plus the random outcomes a seeded game then awaits and the seed reveal
when it ends (:meth:`RecorderAppending._batch`), with the snapshot that falls due written
in the append's own transaction (issue 26).  :class:`Recorded` is what one call stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from riftlog import ENGINE_VERSION
from riftlog.errors import RecorderError
from riftlog.events import NewEvent, StoredEvent
from riftlog.events.actor import LOCAL_RECORDER, Actor, check_permitted
from riftlog.events.payloads import GameCreated, SeedRevealed
from riftlog.events.registry import Payload
from riftlog.reducer import Folder, Position, load_folder, snapshot_json, store_snapshot
from riftlog.reducer import snapshot_every as default_snapshot_every
from riftlog.rules import engine
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.board.state import GameState
from riftlog.seeding import SeedKeeper, draw_outcome
from riftlog.store.eventstore import EventStore

__all__ = ["RecordMode", "Recorded", "RecorderAppending"]

RecordMode = Literal["strict", "record"]


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


class RecorderAppending:
    """One game's recorder state (store, identity, seed, folded state) and its appending;
    :class:`~riftlog.recorder.Recorder` adds the decisions and judge events."""

    def __init__(self, store: EventStore, game_id: str, folder: Folder, seed: str | None,
                 keeper: SeedKeeper, snapshot_every: int | None = None,
                 actor: Actor = LOCAL_RECORDER) -> None:
        self.store = store
        #: who appends, unless a call names another identity
        self.actor = actor
        self.game_id = game_id
        self.folder = folder
        self.seed = seed
        self.keeper = keeper
        # None: reducer.snapshot_every() (RIFTLOG_SNAPSHOT_EVERY or the default)
        self.snapshot_every = snapshot_every if snapshot_every is not None \
            else default_snapshot_every()
        #: why the last :func:`~riftlog.recorder.play_bot` stopped before the game or its turns ended
        self.bot_stopped: str | None = None
        #: set when the game was sealed when opened: every append is refused saying so
        self.sealed: str | None = None

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

    # --- plumbing ------------------------------------------------------------------

    def _reload(self) -> None:
        """Fold the game again from the store (after a failed in-place apply or append)."""
        self.folder = load_folder(self.store, self.game_id)

    def _state_after_created(self, created: GameCreated) -> GameState:
        return engine.new_game(created)

    def _permit(self, actor: Actor, event: Payload) -> None:
        """Refuse (NotPermitted) what *actor* may not append to this game."""
        seats = frozenset(p.id for p in self.created.players)
        check_permitted(actor, self.game_id, self.seq + 1, event.type,
                        event.model_dump(mode="json"), seats)

    def _over(self) -> bool:
        state = self.folder.state
        return _revealed(self.folder) or (state is not None and state.is_over())

    def _append(self, payloads: list[Payload], state: GameState, actor: Actor,
                client_event_id: str | None = None) -> list[StoredEvent]:
        """Store *payloads* (whose effect on the state is *state*) plus the random outcomes
        and seed reveal that follow, in one transaction."""
        events = self._batch(payloads, state, client_event_id)
        snapshot = self._due_snapshot(events, state)
        stored = list(self.store.append_judged(
            self.game_id, events, self.seq, actor=actor, snapshot=snapshot))
        self.folder.adopt(stored, state)
        if snapshot is None:
            self._snapshot(stored)
        return stored

    def _due_snapshot(self, events: list[NewEvent], state: GameState) -> tuple[str, str] | None:
        """When a snapshot is due after *events* (see :meth:`_snapshot`): its engine version
        and text, the position the folder will hold once it adopts them (*state*, the line
        grown by their seqs), made before the append so that the store writes it in the
        append's own transaction (issue 26: one commit, and no encoding under the write
        lock).  None when none is due, or when the batch holds a rewind or a correction
        (the line's own rules apply: :meth:`_snapshot` writes it after the append)."""
        every = self.snapshot_every
        first, last = self.seq + 1, self.seq + len(events)
        if (every <= 0 or not events or self.folder.created is None
                or last // every <= (first - 1) // every
                or any(ev.type in _REWRITES_LINE for ev in events)):
            return None
        line = self.folder.line.copy()
        for seq in range(first, last + 1):
            line.add_plain(seq)
        position = Position(last, state, line, self.folder.stopped, self.folder.created)
        return ENGINE_VERSION, snapshot_json(position)

    def _batch(self, payloads: list[Payload], state: GameState,
               client_event_id: str | None = None) -> list[NewEvent]:
        """*payloads* plus the random outcomes and seed reveal that follow them (drawn into
        *state*), as the events of one append."""
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
        return [NewEvent.of(p, client_event_id=client_event_id if i == 0 else None)
                for i, p in enumerate(batch)]

    def _store(self, payloads: list[Payload], client_event_id: str | None,
               actor: Actor) -> list[StoredEvent]:
        events = [NewEvent.of(p, client_event_id=client_event_id if i == 0 else None)
                  for i, p in enumerate(payloads)]
        stored = list(self.store.append_judged(self.game_id, events, self.seq, actor=actor))
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
        return self._append([], state.clone(), actor=self.actor)

    def _snapshot(self, stored: list[StoredEvent]) -> None:
        every = self.snapshot_every
        if every <= 0 or not stored or self.folder.state is None:
            return
        if stored[-1].seq // every > (stored[0].seq - 1) // every:
            last = stored[-1]
            store_snapshot(self.store, self.game_id, last.seq, last.hash, self.folder.position())


#: event types that change the line beyond adding their seq (a rewind voids, a correction
#: patches): a snapshot after them is written once the folder has taken them
_REWRITES_LINE = frozenset({"GameRewound", "OutcomeCorrected"})


def _revealed(folder: Folder) -> bool:
    return any(p.type == "SeedRevealed" for p in folder.decoded.values())
