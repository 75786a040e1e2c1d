"""Who may do what through the service: tokens, their roles and scopes, and the one place
that decides which view of a game a caller may read.

A token (``riftlog token create``) has a role and a scope:

============  ===============================  =============================================
role          scope                            may
============  ===============================  =============================================
organiser     a tournament                     create its matches and games; read every
                                               game of it (the spectator view, delayed, then
                                               the public view once over); set a game public
recorder      one game                         append decisions for any seat (and recorded
                                               random outcomes); read the judge's view of it
                                               (a scorekeeper enters what the table shows)
player        one seat of one game             append only that seat's decisions; read that
                                               seat's view
judge         a tournament, or one game        judge events; every view; reports, exports
spectator     a tournament, or one game        read the spectator view, the game's delay
                                               applied by the server
============  ===============================  =============================================

Without a token, the public may read a finished game whose organiser allowed it (the
``public`` view).  Each token maps to the library's :class:`~riftlog.events.actor.Actor`
(:meth:`Grant.actor`), so the library's :func:`~riftlog.events.actor.check_permitted`
decides every append; :func:`allowed_view` is the one place deciding what a caller reads.

Only the SHA-256 of a token's secret is stored; the secret is shown once, at creation.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any, Literal, get_args

from sqlalchemy import Select, insert, select, update

from riftlog.errors import NotPermitted, RiftlogError
from riftlog.events.actor import MAX_NAME, Actor
from riftlog.events.envelope import utc_now_iso
from riftlog.store import EventStore
from riftlog.store.database import translate_errors
from riftlog.store.models import Game as GameRow
from riftlog.store.models import GameAccess, Match, ServiceToken, Tournament

__all__ = [
    "TOKEN_ROLES",
    "AccessError",
    "Grant",
    "TokenInfo",
    "Unauthenticated",
    "access_of",
    "allowed_view",
    "authenticate",
    "create_token",
    "list_tokens",
    "revoke_token",
    "set_access",
    "tournament_of",
]

TokenRole = Literal["organiser", "recorder", "player", "judge", "spectator"]
TOKEN_ROLES: tuple[str, ...] = get_args(TokenRole)
#: The prefix of every token's secret (so a leaked one is easy to recognise and search for).
SECRET_PREFIX = "rlt_"


class AccessError(RiftlogError, ValueError):
    """A token that cannot be made as asked (an unknown role, a missing scope)."""


class Unauthenticated(RiftlogError):
    """No token, or one that is unknown or revoked (HTTP 401)."""


@dataclass(frozen=True, slots=True)
class Grant:
    """What a token (or the anonymous public, ``role="public"``) is allowed: role and scope."""

    role: str
    name: str
    tournament_id: str | None = None
    game_id: str | None = None
    seat: str | None = None
    token_id: str | None = None

    @classmethod
    def public(cls) -> Grant:
        """The caller without a token."""
        return cls("public", "public")

    def covers(self, game_id: str, tournament_id: str | None) -> bool:
        """True when the game is in this grant's scope (its game, or its tournament)."""
        if self.role == "public":
            return False
        if self.game_id is not None:
            return self.game_id == game_id
        return self.tournament_id is not None and self.tournament_id == tournament_id

    def actor(self, game_id: str) -> Actor:
        """The library identity this grant appends to *game_id* as (scoped to that game);
        the library's ``check_permitted`` decides the rest.  Spectators and the public
        append nothing."""
        if self.role == "player" and self.seat:
            return Actor.player(self.seat, game_id)
        if self.role in ("recorder", "judge", "organiser"):
            return Actor(self.role, self.name, game_id)  # type: ignore[arg-type]
        raise NotPermitted(f"game {game_id}: a {self.role} appends nothing")

    def describe(self) -> str:
        """The grant in plain words (``player p1 of game g1``)."""
        if self.role == "public":
            return "the public (no token)"
        scope = (f"seat {self.seat} of game {self.game_id}" if self.seat
                 else f"game {self.game_id}" if self.game_id
                 else f"tournament {self.tournament_id}")
        return f"{self.role} {self.name!r} of {scope}"


@dataclass(frozen=True, slots=True)
class TokenInfo:
    """A stored token, without its secret."""

    id: str
    role: str
    name: str
    tournament_id: str | None
    game_id: str | None
    seat: str | None
    created_at: str
    revoked_at: str | None

    def grant(self) -> Grant:
        return Grant(self.role, self.name, self.tournament_id, self.game_id, self.seat, self.id)

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _info(row: Any) -> TokenInfo:
    return TokenInfo(row.id, row.role, row.name, row.tournament_id, row.game_id, row.seat,
                     row.created_at, row.revoked_at)


def create_token(store: EventStore, role: str, name: str, *, tournament_id: str | None = None,
                 game_id: str | None = None, seat: str | None = None) -> tuple[TokenInfo, str]:
    """Store a new token; return it and its secret (shown once: only its hash is kept).

    Scopes: organiser a tournament; recorder one game; player a seat of one game; judge and
    spectator a tournament or one game.
    """
    if role not in TOKEN_ROLES:
        raise AccessError(f"unknown role {role!r} (one of {', '.join(TOKEN_ROLES)})")
    name = name.strip()
    if not name or len(name) > MAX_NAME or any(ord(c) < 32 for c in name):
        raise AccessError(f"a token's name must be 1 to {MAX_NAME} printable characters")
    if role == "organiser" and (tournament_id is None or game_id is not None):
        raise AccessError("an organiser's token is for one tournament (--tournament T)")
    if role in ("recorder", "player") and (game_id is None or tournament_id is not None):
        raise AccessError(f"a {role}'s token is for one game (--game G)")
    if role == "player" and not seat:
        raise AccessError("a player's token is for one seat (--seat p1)")
    if role != "player" and seat:
        raise AccessError("only a player's token has a seat")
    if role in ("judge", "spectator") and (tournament_id is None) == (game_id is None):
        raise AccessError(f"a {role}'s token is for a tournament or a game "
                          "(--tournament T or --game G)")
    if role == "player":
        Actor.player(str(seat))  # a seat id, as the library takes it
    store.check_writable("creating a token")
    token_id = secrets.token_hex(6)
    secret = f"{SECRET_PREFIX}{token_id}_{secrets.token_urlsafe(32)}"
    values = {"id": token_id, "secret_hash": _hash(secret), "role": role, "name": name,
              "tournament_id": tournament_id, "game_id": game_id, "seat": seat,
              "created_at": utc_now_iso(), "revoked_at": None}
    with translate_errors(store.target, "creating a token"), store.engine.begin() as conn:
        conn.execute(insert(ServiceToken).values(**values))
    return TokenInfo(token_id, role, name, tournament_id, game_id, seat,
                     str(values["created_at"]), None), secret


def list_tokens(store: EventStore) -> list[TokenInfo]:
    """Every token (revoked ones too), oldest first; never a secret."""
    with translate_errors(store.target, "listing tokens"), store.engine.connect() as conn:
        rows = conn.execute(select(ServiceToken).order_by(ServiceToken.created_at,
                                                          ServiceToken.id)).all()
    return [_info(r) for r in rows]


def revoke_token(store: EventStore, token_id: str) -> TokenInfo:
    """Revoke a token: it is refused from now on (its row stays, for the record)."""
    store.check_writable("revoking a token")
    with translate_errors(store.target, "revoking a token"), store.engine.begin() as conn:
        row = conn.execute(select(ServiceToken).where(ServiceToken.id == token_id)).first()
        if row is None:
            raise AccessError(f"no token {token_id!r} (riftlog token list shows them)")
        if row.revoked_at is None:
            conn.execute(update(ServiceToken).where(ServiceToken.id == token_id)
                         .values(revoked_at=utc_now_iso()))
        row = conn.execute(select(ServiceToken).where(ServiceToken.id == token_id)).one()
    return _info(row)


def authenticate(store: EventStore, secret: str | None) -> Grant:
    """The grant of the token whose secret is *secret*; the public's grant without one.

    An unknown or revoked token is :class:`Unauthenticated` (never silently public)."""
    if secret is None:
        return Grant.public()
    with translate_errors(store.target, "reading tokens"), store.engine.connect() as conn:
        row = conn.execute(select(ServiceToken)
                           .where(ServiceToken.secret_hash == _hash(secret))).first()
    if row is None:
        raise Unauthenticated("the token is not known (a typo, or another store's)")
    if row.revoked_at is not None:
        raise Unauthenticated(f"token {row.id} was revoked at {row.revoked_at}")
    return _info(row).grant()


# --- each game's access ---------------------------------------------------------------


def set_access(store: EventStore, game_id: str, *, public: bool | None = None,
               spectator_delay: int | None = None) -> tuple[bool, int]:
    """Set whether the public may read *game_id* once finished, and the spectators' delay
    in events; return both as now stored."""
    store.game(game_id)  # UnknownGame
    if spectator_delay is not None and not 0 <= spectator_delay <= 10_000:
        raise AccessError(f"game {game_id}: the spectator delay must be 0 to 10000 events")
    store.check_writable(f"setting the access of game {game_id}")
    with translate_errors(store.target, f"setting the access of game {game_id}"), \
            store.engine.begin() as conn:
        row = conn.execute(select(GameAccess).where(GameAccess.game_id == game_id)).first()
        now_public = bool(row.public) if row is not None else False
        now_delay = int(row.spectator_delay) if row is not None else 0
        now_public = now_public if public is None else public
        now_delay = now_delay if spectator_delay is None else spectator_delay
        if row is None:
            conn.execute(insert(GameAccess).values(game_id=game_id, public=int(now_public),
                                                   spectator_delay=now_delay))
        else:
            conn.execute(update(GameAccess).where(GameAccess.game_id == game_id)
                         .values(public=int(now_public), spectator_delay=now_delay))
    return now_public, now_delay


def access_of(store: EventStore, game_id: str) -> tuple[bool, int]:
    """(public once finished, spectator delay in events) of *game_id* (default: no, 0)."""
    with store.engine.connect() as conn:
        row = conn.execute(select(GameAccess).where(GameAccess.game_id == game_id)).first()
    return (bool(row.public), int(row.spectator_delay)) if row is not None else (False, 0)


def tournament_of(store: EventStore, game_id: str) -> str | None:
    """The tournament *game_id* is played in (through its match), if any."""
    with store.engine.connect() as conn:
        row = conn.execute(select(Match.tournament_id).join(GameRow, GameRow.match_id == Match.id)
                           .where(GameRow.id == game_id)).first()
    return None if row is None else row[0]


def tournament_exists(store: EventStore, tournament_id: str) -> bool:
    with store.engine.connect() as conn:
        return conn.execute(select(Tournament.id)
                            .where(Tournament.id == tournament_id)).first() is not None


# --- what a caller may read: the one place ---------------------------------------------


def allowed_view(grant: Grant, game_id: str, tournament_id: str | None, *, public: bool,
                 delay: int, over: bool, requested: str | None) -> str:
    """The view (:func:`riftlog.views.parse_viewer` text) *grant* reads of the game, given
    the view *requested* (None: the grant's own).  Raises :class:`NotPermitted` when the
    grant may not read the game at all or not the view requested; :class:`Unauthenticated`
    when the public asks for a game it may not read.
    """
    if not grant.covers(game_id, tournament_id):
        if grant.role == "public" or (public and over):
            if public and over and requested in (None, "public"):
                return "public"
            if grant.role == "public":
                raise Unauthenticated(f"game {game_id} is not public: a token is needed")
        raise NotPermitted(f"game {game_id}: {grant.describe()} may not read it")
    spectating = f"spectator:{delay}" if delay else "spectator"
    if grant.role in ("judge", "recorder"):
        return requested or "judge"  # every view (parse_viewer checks the text)
    if grant.role == "player":
        own = str(grant.seat)
        if requested in (None, own):
            return own
        raise NotPermitted(f"game {game_id}: {grant.describe()} reads only seat {own}'s view")
    # organiser and spectator: the spectator view with the game's delay; public once over
    mine = "public" if over and grant.role == "organiser" else spectating
    if requested in (None, mine) or (requested == "public" and over):
        return mine if requested is None else requested
    if requested is not None and requested.startswith("spectator"):
        asked = requested.partition(":")[2]
        if asked.isdigit() and int(asked) >= delay:
            return requested  # further behind than the game's delay is fine
    raise NotPermitted(f"game {game_id}: {grant.describe()} reads the {mine} view only")


def may_manage(grant: Grant, tournament_id: str | None) -> bool:
    """True when *grant* may create matches and games in *tournament_id* (its organiser)."""
    return grant.role == "organiser" and tournament_id is not None \
        and grant.tournament_id == tournament_id


def may_judge(grant: Grant, game_id: str, tournament_id: str | None) -> bool:
    """True when *grant* is a judge of the game (reports, lossless exports)."""
    return grant.role == "judge" and grant.covers(game_id, tournament_id)


def readable_games(query: Select[Any], grant: Grant) -> Select[Any]:
    """*query* (over games outer-joined to their match) narrowed to the games *grant* may
    list: without a token the sealed games made public; a game token its game; otherwise
    its tournament's games.  The game list of the API and of the web pages use it."""
    if grant.role == "public":
        return query.join(GameAccess, GameAccess.game_id == GameRow.id).where(
            GameAccess.public == 1, GameRow.status == "sealed")
    if grant.game_id is not None:
        return query.where(GameRow.id == grant.game_id)
    return query.where(Match.tournament_id == grant.tournament_id)
