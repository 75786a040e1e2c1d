"""The one error hierarchy of riftlog.

Every error riftlog raises on purpose derives from :class:`RiftlogError`, so callers (and
the CLI) can catch one type.  Errors about a player's decision also derive from
:class:`ValueError`, as python-chess does for illegal moves.  Messages say *what* was
wrong and *where* (game, seq, input) and, for rules, cite ``v1.3 <rule id>``.
"""

from __future__ import annotations


class RiftlogError(Exception):
    """Root of every error riftlog raises deliberately."""


# --- events -----------------------------------------------------------------------


class EventError(RiftlogError, ValueError):
    """An event is malformed: bad JSON, unknown type, payload that fails its schema."""


class UnknownEventType(EventError):
    """The event type is not one riftlog knows (at any schema version)."""


# --- store ------------------------------------------------------------------------


class StoreError(RiftlogError):
    """Something about the event store itself went wrong."""


class SchemaOutOfDate(StoreError):
    """The database is at an older (or unknown) migration revision."""


class DatabaseUnavailable(StoreError):
    """The database cannot be opened: missing, read-only, corrupt, or unreachable."""


class UnknownGame(StoreError, LookupError):
    """No game with that id exists in the store."""


class ConcurrencyConflict(StoreError):
    """An append expected a different last seq than the one stored."""

    def __init__(self, game_id: str, expected: int, actual: int) -> None:
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"game {game_id}: append expected last seq {expected}, but the store has {actual}"
        )


class GameSealed(StoreError):
    """The game is sealed (finished); it accepts no more events."""


class NotPermitted(RiftlogError, PermissionError):
    """The acting identity may not append that event (who, what and why are named)."""


class AlreadyExists(StoreError):
    """A tournament, match or game with that id is already stored."""


class AppendOnlyViolation(StoreError):
    """Something tried to change or delete a stored event."""


class ChainBroken(StoreError):
    """The hash chain of a game does not verify; names the first bad seq."""

    def __init__(self, game_id: str, seq: int, reason: str) -> None:
        self.game_id = game_id
        self.seq = seq
        self.reason = reason
        super().__init__(f"game {game_id}: hash chain breaks at seq {seq}: {reason}")


# --- cards and decks --------------------------------------------------------------


class CardError(RiftlogError, ValueError):
    """A card reference is wrong: unknown name or id."""


class UnknownCard(CardError, LookupError):
    """No card with that name, code or id is in the catalog."""


class UnsupportedCard(RiftlogError, NotImplementedError):
    """The engine does not implement this card's abilities; it refuses to guess."""

    def __init__(self, card: str, detail: str = "") -> None:
        self.card = card
        msg = f"card {card!r} is not supported by this engine"
        super().__init__(f"{msg}: {detail}" if detail else msg)


class DeckError(RiftlogError, ValueError):
    """A deck list cannot be parsed or breaks a deck-construction rule."""


# --- rules ------------------------------------------------------------------------


class RulesError(RiftlogError):
    """Base for errors raised by the rules engine."""


class UnsupportedRule(RulesError, NotImplementedError):
    """A rule the engine does not implement was needed; names the rule."""


class IllegalDecision(RulesError, ValueError):
    """A decision breaks the rules.  Carries the violations (each cites edition and id)."""

    def __init__(self, message: str, violations: list[object] | None = None) -> None:
        self.violations = list(violations or [])
        super().__init__(message)


class ImpossibleDecision(IllegalDecision):
    """A decision that cannot be carried out at all (e.g. a card not in that hand)."""


# --- use cases --------------------------------------------------------------------


class RecorderError(RiftlogError):
    """A recorder use case failed (wrong game state, bad request)."""


class ImportRefused(RiftlogError):
    """A bundle could not be imported; nothing was written."""


class WorkerFailed(RiftlogError):
    """A worker process of a bulk replay stopped before it answered (killed, out of memory)."""


class NotationError(RiftlogError, ValueError):
    """A line of decision notation cannot be read: unknown verb, unknown or ambiguous name."""
