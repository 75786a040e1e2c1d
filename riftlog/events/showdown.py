"""Showdown decisions: which staged showdown or combat begins (v1.3 323.11-323.13, 456.1).

The rules engine judges these in :mod:`riftlog.rules.flow.showdown`.  Passing focus during a
showdown (313, 347.3) is an ordinary :class:`~riftlog.events.decisions.PriorityPassed`.
"""

from __future__ import annotations

from typing import Literal

from riftlog.events.decisions import Decision
from riftlog.events.registry import event_payload

__all__ = ["ShowdownChosen"]


@event_payload
class ShowdownChosen(Decision):
    """The turn player chooses the battlefield whose staged showdown (or combat) begins
    now, when several are staged in a Neutral Open state (323.11, 323.13, 456.1).

    A showdown staged together with a combat at that battlefield opens as a Combat
    Showdown (323.12, 456.3).
    """

    type: Literal["ShowdownChosen"] = "ShowdownChosen"
    battlefield: str
