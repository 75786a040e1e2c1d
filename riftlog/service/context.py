"""What every request of the service shares: the store, the caller's grant, a game's
context (its tournament, access settings and whether it is over) and the view the caller
reads of it, cut through :class:`riftlog.views.GameView` (the one redaction path).

No FastAPI here: the handlers in :mod:`riftlog.service.routes` are thin over these and
over the library functions the command line calls.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from riftlog.errors import NotPermitted, RecorderError
from riftlog.events.payloads import GameCreated
from riftlog.reducer import Position, state_at
from riftlog.seeding import SeedKeeper
from riftlog.service.access import (
    Grant,
    Unauthenticated,
    access_of,
    allowed_view,
    authenticate,
    may_judge,
    tournament_of,
)
from riftlog.store import EventStore, GameInfo
from riftlog.views import GameView, Viewer, parse_viewer, visible_seq

__all__ = ["GameContext", "Service", "game_context"]


@dataclass
class Service:
    """The store the service serves and the keeper of its seeded games' seeds."""

    store: EventStore
    keeper: SeedKeeper

    def grant(self, authorization: str | None) -> Grant:
        """The caller's grant from an ``Authorization: Bearer <token>`` header."""
        secret = None
        if authorization:
            scheme, _, value = authorization.partition(" ")
            if scheme.lower() != "bearer" or not value.strip():
                raise Unauthenticated("the Authorization header must be 'Bearer <token>'")
            secret = value.strip()
        return authenticate(self.store, secret)


class GameContext:
    """One game as the service needs it for one request.  Its folded state (``head``) is
    computed only when a request needs it (a state, legal moves, whether an unsealed game
    is over for a view that depends on it)."""

    def __init__(self, store: EventStore, info: GameInfo, tournament_id: str | None,
                 public: bool, delay: int) -> None:
        self.store = store
        self.info = info
        self.tournament_id = tournament_id
        self.public = public
        self.delay = delay

    @cached_property
    def head(self) -> Position:
        """The game folded to its last event."""
        return state_at(self.store, self.info.id)

    @cached_property
    def created(self) -> GameCreated:
        """The game's GameCreated (seq 1)."""
        if self.info.last_seq < 1:
            raise RecorderError(f"game {self.info.id} has no GameCreated")
        event = self.store.event(self.info.id, 1).decoded()
        if not isinstance(event, GameCreated):
            raise RecorderError(f"game {self.info.id} has no GameCreated")
        return event

    @property
    def over(self) -> bool:
        return self.info.sealed or (self.head.state is not None and self.head.state.is_over())

    def view_text(self, grant: Grant, requested: str | None) -> str:
        """The view *grant* reads of this game (decided by :func:`allowed_view`)."""
        own = grant.covers(self.info.id, self.tournament_id) and \
            grant.role in ("judge", "recorder", "player")
        over = False if own else self.over  # only the other views depend on it
        return allowed_view(grant, self.info.id, self.tournament_id, public=self.public,
                            delay=self.delay, over=over, requested=requested)

    def viewer(self, grant: Grant, requested: str | None) -> Viewer:
        """The :class:`Viewer` *grant* reads this game as."""
        return parse_viewer(self.view_text(grant, requested), self.created)

    def require_judge(self, grant: Grant, what: str) -> None:
        if grant.role == "public":
            raise Unauthenticated(f"game {self.info.id}: {what} needs a judge's token")
        if not may_judge(grant, self.info.id, self.tournament_id):
            raise NotPermitted(f"game {self.info.id}: {what} is for a judge of the game; "
                               f"{grant.describe()} may not")


def game_context(store: EventStore, game_id: str) -> GameContext:
    """The context of *game_id* (:class:`~riftlog.errors.UnknownGame` when there is none)."""
    info = store.game(game_id)
    public, delay = access_of(store, game_id)
    return GameContext(store, info, tournament_of(store, game_id), public, delay)


def view_rows(store: EventStore, ctx: GameContext, viewer: Viewer, from_seq: int = 1,
              upto: int | None = None) -> Iterator[dict[str, Any]]:
    """The game's events *viewer* may see, from *from_seq* (a delayed spectator's lag
    applied by the server), each cut by :class:`GameView` with the game actions it caused;
    a judge's rows carry the envelope's hash and recorded-at too."""
    last = ctx.info.last_seq if upto is None else min(upto, ctx.info.last_seq)
    over = ctx.over if viewer.kind == "public" else False  # only the public view asks
    limit = visible_seq(viewer, last, ctx.info.last_seq, over) if last else 0
    if limit < from_seq:
        return
    events = list(store.read(ctx.info.id, 1, limit))
    view = GameView(events, viewer)
    for seq in range(max(1, from_seq), limit + 1):
        row = view.event(seq)
        if viewer.kind == "judge":
            ev = events[seq - 1]
            row["hash"] = ev.hash
            row["recorded_at"] = ev.recorded_at
            row["client_event_id"] = ev.client_event_id
        yield row


def state_for(store: EventStore, ctx: GameContext, viewer: Viewer, at: int | None) -> dict[str, Any]:
    """The state after event *at* (default: the last) as *viewer* may see it (the CLI's
    ``riftlog state``: the same library calls)."""
    last = ctx.info.last_seq
    if at is not None and not 1 <= at <= last:
        raise RecorderError(f"game {ctx.info.id}: seq {at} is not stored (seqs 1 to {last})")
    seq = visible_seq(viewer, at or last, last, ctx.over)
    pos = ctx.head if seq == ctx.head.seq else state_at(store, ctx.info.id, seq)
    return GameView(store.read(ctx.info.id, 1, seq) if viewer.kind != "judge" else [],
                    viewer).state(pos)
