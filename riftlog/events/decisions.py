"""Player decisions and recorded random outcomes: the inputs the rules engine consumes.

Each is an event payload (registered, frozen, past-tense ``type``).  The engine's
``pending(state)`` says which of these it awaits and from whom; the checker judges them.
"""

from __future__ import annotations

from typing import ClassVar

from riftlog.events.registry import Payload


class Decision(Payload):
    """Base of every player decision; ``player`` is who made it."""

    IS_DECISION: ClassVar[bool] = True

    player: str


class RandomOutcome(Payload):
    """Base of every recorded random outcome (deck order, random choice, first player)."""
