"""Decisions of the main game: playing cards and moving units (v1.3 144, 349-359, 419).

Setup and turn-flow decisions (and :class:`~riftlog.events.decisions.Payment`) live in
:mod:`riftlog.events.decisions`.  The rules engine judges these in
:mod:`riftlog.rules.playing.play` and :mod:`riftlog.rules.game_actions.movement`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from riftlog.events.decisions import Decision, Payment
from riftlog.events.registry import event_payload

__all__ = ["CardPlayed", "Decision", "Payment", "StandardMove"]


@event_payload
class CardPlayed(Decision):
    """*player* plays a card from their hand or Champion Zone (v1.3 349-359, 419).

    ``card`` is the card's object id.  ``destination`` is where a unit goes (355.2):
    ``"base"`` (the player's base) or a battlefield oid; gear goes to the base (148.1.a.1)
    and may leave it ``None``; spells must leave it ``None`` (they go to the chain).
    ``payment`` names the rune abilities activated to pay (404, 357).  ``accelerate``:
    the player pays the optional Accelerate cost (805) so the unit enters ready.
    ``targets`` and ``choices`` are the choices made as the card is played (355), in the
    shape the card's ability encoding defines: ``targets`` is either a plain list of object
    ids (the first target of the encoding; older events) or target name -> object ids.
    ``mode``: the mode chosen for a modal card (e.g. "Choose one"), when it has one.
    """

    type: Literal["CardPlayed"] = "CardPlayed"
    card: str
    destination: str | None = None
    payment: Payment = Payment()
    accelerate: bool = False
    targets: tuple[str, ...] | dict[str, tuple[str, ...]] = Field(default=(), max_length=40)
    choices: dict[str, Any] = Field(default_factory=dict)
    mode: str | None = None


@event_payload
class StandardMove(Decision):
    """*player* uses the Standard Move of one or more units they control (v1.3 144, 420.3).

    The units move together to the one ``destination`` (144.3.a; their origins may
    differ, 144.3.b): ``"base"`` (the player's base) or a battlefield oid.  The cost is
    exhausting each of them (144.2), paid simultaneously (144.3.c).
    """

    type: Literal["UnitsMoved"] = "UnitsMoved"
    units: tuple[str, ...] = Field(min_length=1, max_length=40)
    destination: str = Field(min_length=1)
