"""Decisions of the ability framework (v1.3 376-392): activating an ability, choices made
while something resolves, and the order of simultaneous triggered abilities.

The rules engine judges them in :mod:`riftlog.rules.playing.abilities` and
:mod:`riftlog.rules.interpreter.triggers`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from riftlog.events.decisions import Decision, Payment
from riftlog.events.registry import event_payload

__all__ = ["AbilityActivated", "CardHidden", "ChoiceMade", "TriggersOrdered"]


@event_payload
class AbilityActivated(Decision):
    """*player* activates ability number ``ability`` of ``source`` (an object id: a
    permanent, a legend) (v1.3 376-381, 429).

    ``targets``: target name -> chosen object ids (the names the card's encoding gives,
    "t" by default); ``choices``: other choices made as it is activated; ``payment``: the
    rune abilities activated to pay its cost.
    """

    type: Literal["AbilityActivated"] = "AbilityActivated"
    source: str
    ability: int = Field(ge=0)
    targets: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    choices: dict[str, Any] = Field(default_factory=dict)
    payment: Payment = Payment()


@event_payload
class ChoiceMade(Decision):
    """A choice *player* makes while something resolves or goes on the chain ("you may",
    targets of a triggered ability, which cards to discard ...).  ``choice`` answers the
    pending request's options: e.g. ``{"use": true}``, ``{"targets": {"t": ["p2.m03"]}}``,
    ``{"cards": ["p1.m07"]}``."""

    type: Literal["ChoiceMade"] = "ChoiceMade"
    choice: dict[str, Any] = Field(default_factory=dict)


@event_payload
class TriggersOrdered(Decision):
    """The order in which *player* puts their simultaneous triggered abilities on the
    chain (v1.3 387.2): pending trigger ids, first put on the chain first."""

    type: Literal["TriggersOrdered"] = "TriggersOrdered"
    order: tuple[str, ...] = Field(min_length=1, max_length=40)


@event_payload
class CardHidden(Decision):
    """*player* hides ``card`` (a card with Hidden in their hand or Champion Zone) facedown
    at ``battlefield``, a battlefield they control, paying [A] (v1.3 811.1.b, 421)."""

    type: Literal["CardHidden"] = "CardHidden"
    card: str
    battlefield: str
    payment: Payment = Payment()
