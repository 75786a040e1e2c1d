"""Player decisions and recorded random outcomes: the inputs the rules engine consumes.

Each is an event payload (registered, frozen, past-tense ``type``).  The engine's
``pending(state)`` says which of these it awaits and from whom; the checker judges them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from riftlog.events.registry import Payload


class Decision(Payload):
    """Base of every player decision; ``player`` is who made it.

    ``reported`` optionally carries outcomes the recording client saw follow from the
    decision (e.g. ``{"points": {"p1": 3}, "killed": ["p2.m04"]}``); the replayer compares
    them with what the engine derives and marks the event *divergent* when they differ.
    """

    IS_DECISION: ClassVar[bool] = True

    player: str
    reported: dict[str, Any] | None = None


class RandomOutcome(Payload):
    """Base of every recorded random outcome (deck order, random choice, first player)."""
