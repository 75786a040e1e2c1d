"""Decisions of the main game: playing cards, paying, moving units, activating abilities.

Setup and turn-flow decisions live in :mod:`riftlog.events.decisions`.
"""

from __future__ import annotations

from riftlog.events.decisions import Decision

__all__ = ["Decision"]
