"""The pure rules engine: no I/O, no SQL, no clock, no randomness.

Public API (see :mod:`riftlog.rules.engine`): :func:`new_game`, :func:`pending`,
:func:`check`, :func:`apply`, :func:`apply_unchecked`, :func:`apply_in_place` and
:func:`view`.  Names are loaded lazily so that the engine's own modules can import
each other (and :mod:`riftlog.rules.board.resources`) without import cycles.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "GameState",
    "apply",
    "apply_in_place",
    "apply_unchecked",
    "check",
    "new_game",
    "pending",
    "view",
]


def __getattr__(name: str) -> Any:
    if name == "GameState":
        # lazy: importing one part of the engine must not load the others
        from riftlog.rules.board.state import GameState  # lazy: see above

        return GameState
    if name in __all__:
        from riftlog.rules import engine  # lazy: see above

        return getattr(engine, name)
    raise AttributeError(f"module 'riftlog.rules' has no attribute {name!r}")
