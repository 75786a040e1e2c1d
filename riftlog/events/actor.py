"""Who acts: the identity every append names, and what each identity may append.

An :class:`Actor` is a small typed value: a role (``player``, ``recorder``, ``judge``,
``organiser``), a name (the seat id for a player, the person's name otherwise) and an
optional scope (one game).  The library's append paths take one and refuse, with
:class:`~riftlog.errors.NotPermitted`, what it may not append (:func:`check_permitted`):

* a **player** makes only their own seat's decisions (and notes);
* a **recorder** of the game records any seat's decisions, the random outcomes of a game
  with recorded randomness, and creates games;
* a **judge** of the game may do what a recorder does, and only a judge appends judge
  events (ruling, rewind, penalty, game loss, correction), signed with the judge's name
  from the identity, never from a free-text field that could differ;
* an **organiser** creates games and adds notes.

The event's envelope ``actor`` (hashed with the event, so it cannot be changed afterwards)
records who appended it, as :meth:`Actor.envelope` text: a player's bare seat id (``p1``,
what events always carried) or ``role:name`` (``judge:J. Doe``).  Events stored before
identities existed are read with :meth:`Actor.from_envelope`, which upcasts their actor
text without rewriting anything: a bare name on a judge event was the judge's name, a bare
name on a decision the seat's id, and no actor means it was not recorded.

A later HTTP service maps its tokens (stored hashed) to these values: a token is issued for
one role and name or seat, optionally scoped to one game.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Literal, get_args

from riftlog.errors import NotPermitted, RiftlogError, UnknownEventType
from riftlog.events.decisions import RandomOutcome
from riftlog.events.registry import payload_model

Role = Literal["player", "recorder", "judge", "organiser"]
ROLES: tuple[str, ...] = get_args(Role)

#: Judge events: appended only by a judge, signed with the judge's name (payload ``judge``).
JUDGE_EVENTS = frozenset({"RulingGiven", "GameRewound", "PenaltyIssued", "GameLossIssued",
                          "OutcomeCorrected", "TimeCalled"})
#: The environment variable the CLI reads the acting identity from (``--as`` overrides it).
ACTOR_ENV = "RIFTLOG_AS"
#: The longest name an identity may have (the envelope column holds 100 characters).
MAX_NAME = 80


class BadActor(RiftlogError, ValueError):
    """An identity that cannot be parsed (``--as``, ``RIFTLOG_AS``)."""


@dataclass(frozen=True, slots=True)
class Actor:
    """The acting identity of an append: role, name or seat, and optional game scope.

    *name* is the seat id (``p1``) for a player and the person's name otherwise;
    *game_id* limits the identity to one game (None: any game of the store, as for the
    local command line).  The HTTP service maps each token to one of these.
    """

    role: Role
    name: str
    game_id: str | None = None

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise BadActor(f"unknown role {self.role!r} (one of {', '.join(ROLES)})")
        name = self.name
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME \
                or any(ord(c) < 32 or ord(c) == 127 for c in name):
            raise BadActor(f"a {self.role}'s name must be 1 to {MAX_NAME} printable characters, "
                           f"got {name!r}")
        if self.role == "player" and (":" in name or " " in name):
            raise BadActor(f"a player acts as their seat id (e.g. p1), got {name!r}")

    @classmethod
    def player(cls, seat: str, game_id: str | None = None) -> Actor:
        """The player in seat *seat* (their decisions only)."""
        return cls("player", seat, game_id)

    @classmethod
    def recorder(cls, name: str, game_id: str | None = None) -> Actor:
        """A recorder (records any seat's decisions and recorded random outcomes)."""
        return cls("recorder", name, game_id)

    @classmethod
    def judge(cls, name: str, game_id: str | None = None) -> Actor:
        """A judge (what a recorder may, plus judge events signed with *name*)."""
        return cls("judge", name, game_id)

    @classmethod
    def organiser(cls, name: str, game_id: str | None = None) -> Actor:
        """An organiser (creates games, adds notes)."""
        return cls("organiser", name, game_id)

    @classmethod
    def parse(cls, text: str) -> Actor:
        """``p1`` or ``player:p1``, ``recorder:NAME``, ``judge:NAME``, ``organiser:NAME``."""
        text = text.strip()
        role, sep, name = text.partition(":")
        if not sep:
            return cls.player(text)
        if role == "organizer":
            role = "organiser"
        if role not in ROLES:
            raise BadActor(f"identity {text!r}: expected a seat id (p1) or ROLE:NAME with ROLE "
                           f"one of {', '.join(ROLES)}")
        return cls(role, name.strip())  # type: ignore[arg-type]

    @classmethod
    def from_env(cls, default: Actor) -> Actor:
        """The identity in ``RIFTLOG_AS``, else *default*."""
        text = os.environ.get(ACTOR_ENV, "").strip()
        return cls.parse(text) if text else default

    def envelope(self) -> str:
        """The envelope's ``actor`` text: a player's bare seat id, else ``role:name``."""
        return self.name if self.role == "player" else f"{self.role}:{self.name}"

    @classmethod
    def from_envelope(cls, actor: str | None, event_type: str) -> Actor | None:
        """Who appended a stored event, from its envelope ``actor`` (old events upcast).

        None when the event does not say (events stored before identities existed, or
        appended by riftlog itself)."""
        if actor is None:
            return None
        role, sep, name = actor.partition(":")
        try:
            if sep and role in ROLES:
                return cls(role, name)  # type: ignore[arg-type]
            if event_type in JUDGE_EVENTS:
                return cls.judge(actor)  # before identities: the judge's name
            return cls.player(actor)
        except BadActor:
            return None

    def __str__(self) -> str:
        return f"player {self.name}" if self.role == "player" else f"{self.role} {self.name!r}"


#: The local command line's default identity: the store's own recorder.
LOCAL_RECORDER = Actor.recorder("local")


def check_permitted(actor: Actor, game_id: str, seq: int, event_type: str,
                    payload: dict[str, Any], seats: frozenset[str] | None) -> None:
    """Raise :class:`~riftlog.errors.NotPermitted` unless *actor* may append this event.

    *seats* are the game's player ids (from its ``GameCreated``; None when it has none yet).
    The message names who, what and why.
    """
    where = f"game {game_id} seq {seq}"

    def refuse(why: str) -> None:
        raise NotPermitted(f"{where}: {actor} may not append {event_type}: {why}")

    if actor.game_id is not None and actor.game_id != game_id:
        refuse(f"the identity is for game {actor.game_id} only")
    if actor.role == "player" and seats is not None and actor.name not in seats:
        refuse(f"{actor.name} is not a seat of this game ({', '.join(sorted(seats))})")
    try:
        model = payload_model(event_type)
    except UnknownEventType:
        return  # the payload check names it
    if event_type == "GameCreated":
        if actor.role == "player":
            refuse("games are created by a recorder, judge or organiser")
    elif event_type == "SeedRevealed":
        refuse("riftlog reveals the seed itself when the game ends")
    elif event_type == "SideboardRegistered":
        if actor.role == "player":
            refuse("sideboards are registered by a recorder, judge or organiser")
    elif event_type in JUDGE_EVENTS:
        if actor.role != "judge":
            refuse("judge events are appended by a judge only")
        signed = payload.get("judge")
        if signed != actor.name:
            refuse(f"it is signed by judge {signed!r}; the judge's name comes from the "
                   f"identity ({actor.name!r})")
    elif event_type == "NoteAdded":
        author = payload.get("author")
        if author != actor.name:
            refuse(f"its author is {author!r}; a note's author is the identity's name "
                   f"({actor.name!r})")
    elif model.IS_DECISION:
        seat = payload.get("player")
        if actor.role == "organiser":
            refuse("decisions come from the player or a recorder or judge of the game")
        if actor.role == "player" and seat != actor.name:
            refuse(f"it is player {seat}'s decision; a player makes only their own seat's "
                   "decisions (a recorder or judge of the game may record any seat's)")
    elif issubclass(model, RandomOutcome) and actor.role not in ("recorder", "judge"):
        refuse("random outcomes are reported by a recorder or judge of the game")
