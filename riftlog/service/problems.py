"""Errors as RFC 9457 problem details (``application/problem+json``).

Every refusal of the service is one JSON object: ``type`` (a URI reference naming the
kind of problem, ``/problems/<slug>``), ``title``, ``status``, ``detail`` (the library's
own message: what, where, which rule) and, where they apply, ``rule`` (edition and id,
``v1.3 316.6``), ``violations``, ``seq``, ``expected`` and ``actual`` (a seq conflict).

:func:`problem_for` maps the library's errors (:class:`~riftlog.errors.RiftlogError`) to a
status: 404 an unknown game or card, 409 a seq conflict (expected and actual) or a sealed
game, 422 an illegal or impossible decision (citing the rule), 403 an append the identity
may not make, 401 no or a bad token, 400 malformed input.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from riftlog.errors import (
    AlreadyExists,
    ChainBroken,
    ConcurrencyConflict,
    DatabaseUnavailable,
    DeckError,
    EventError,
    GameSealed,
    IllegalDecision,
    ImportRefused,
    NotPermitted,
    RiftlogError,
    UnknownCard,
    UnknownGame,
    UnsupportedCard,
    UnsupportedRule,
)
from riftlog.events.registry import short_errors
from riftlog.service.access import Unauthenticated

__all__ = ["PROBLEM_JSON", "Problem", "problem_for"]

PROBLEM_JSON = "application/problem+json"
_SEQ = re.compile(r"\bseq (\d+)\b")


class Problem(Exception):
    """A refusal the service answers with a problem document."""

    def __init__(self, status: int, slug: str, title: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.slug = slug
        self.title = title
        self.detail = detail
        self.extra = {k: v for k, v in extra.items() if v is not None}

    def to_json(self) -> dict[str, Any]:
        """The problem document."""
        return {"type": f"/problems/{self.slug}", "title": self.title, "status": self.status,
                "detail": self.detail, **self.extra}


def _seq_of(message: str) -> int | None:
    found = _SEQ.search(message)
    return int(found.group(1)) if found else None


def problem_for(exc: Exception) -> Problem:
    """The problem document for a library error (or a pydantic validation error)."""
    if isinstance(exc, Problem):
        return exc
    msg = str(exc)
    if isinstance(exc, ValidationError):
        return Problem(400, "invalid-input", "Invalid input", f"invalid input: {short_errors(exc)}")
    if isinstance(exc, Unauthenticated):
        return Problem(401, "unauthenticated", "A valid token is needed", msg)
    if isinstance(exc, NotPermitted):
        return Problem(403, "not-permitted", "Not permitted", msg, seq=_seq_of(msg))
    if isinstance(exc, UnknownGame):
        return Problem(404, "unknown-game", "Unknown game", msg)
    if isinstance(exc, UnknownCard):
        return Problem(404, "unknown-card", "Unknown card", msg)
    if isinstance(exc, ConcurrencyConflict):
        return Problem(409, "seq-conflict", "The game has moved on", msg,
                       expected=exc.expected, actual=exc.actual)
    if isinstance(exc, GameSealed):
        return Problem(409, "game-sealed", "The game is sealed", msg)
    if isinstance(exc, AlreadyExists):
        return Problem(409, "already-exists", "Already exists", msg)
    if isinstance(exc, ChainBroken):
        return Problem(409, "chain-broken", "The stored hash chain does not verify", msg,
                       seq=exc.seq if hasattr(exc, "seq") else _seq_of(msg))
    if isinstance(exc, IllegalDecision):
        violations = [v.to_json() if hasattr(v, "to_json") else {"message": str(v)}
                      for v in (exc.violations or [])]
        rule = next((f"{v['edition']} {v['rule']}" for v in violations if "rule" in v), None)
        kind = "impossible-decision" if "cannot be carried out" in msg else "illegal-decision"
        return Problem(422, kind, "Illegal decision" if kind == "illegal-decision"
                       else "The decision cannot be carried out", msg,
                       rule=rule, violations=violations or None, seq=_seq_of(msg))
    if isinstance(exc, UnsupportedCard | UnsupportedRule):
        return Problem(422, "unsupported", "The engine cannot judge this yet", msg, seq=_seq_of(msg))
    if isinstance(exc, DatabaseUnavailable):
        return Problem(503, "store-unavailable", "The store is unavailable", msg)
    if isinstance(exc, ImportRefused):
        return Problem(422, "import-refused", "Import refused", msg, seq=_seq_of(msg))
    if isinstance(exc, EventError):
        return Problem(400, "invalid-event", "Invalid event", msg, seq=_seq_of(msg))
    if isinstance(exc, DeckError):
        return Problem(422, "invalid-deck", "Invalid deck", msg)
    if isinstance(exc, RiftlogError):
        return Problem(422, "refused", "Refused", msg, seq=_seq_of(msg))
    return Problem(500, "internal", "Internal error", "the server failed; nothing was written "
                   "by this request unless its response said so")
