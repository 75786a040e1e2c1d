"""replay-perf: values a decision's checker computed, handed to its applier.

:class:`Shared` is opened by the engine facade (:func:`riftlog.rules.engine.check` and
:func:`~riftlog.rules.engine.apply_in_place`); the checkers and appliers of every layer
read it through :func:`share_for` and :func:`take_shared`.
"""

from __future__ import annotations

from typing import Any

from riftlog.events.registry import Payload
from riftlog.rules.board.state import GameState

__all__ = ["Shared", "close", "current", "open_scope", "share_for", "take_shared"]


class Shared:
    """replay-perf: what a decision's checker computed, handed to its applier.

    Pass the same object to :func:`~riftlog.rules.engine.check` and then
    :func:`~riftlog.rules.engine.apply_in_place` with the same state and decision, *the
    state unchanged in between* (the replayer does nothing but read it).  The checker
    fills :attr:`values` through :func:`share_for`; the applier takes them once through
    :func:`take_shared`, before its own first change to the state.  A value may be shared
    only if the engine's own steps before the handler runs (the queue front popped,
    ``state.extra["answering"]``, the queue emptied by ``turn.run_entry``) cannot change
    it: say so where it is stored.

    The open scope is module-global; each check / apply_in_place sets it to its own
    Shared or None and restores it on the way out (exceptions included).  As values are
    served only for the identical state and decision objects, a nested call or a call in
    another thread at the same time can only close a scope early: the applier then
    computes them again."""

    __slots__ = ("decision", "state", "values")

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.decision: Payload | None = None
        self.values: dict[str, Any] = {}


#: The Shared of the check or apply running now (None outside one, and in nested calls).
_scope: Shared | None = None


def current() -> Shared | None:
    """The open scope (None outside a check or apply that opened one)."""
    return _scope


def open_scope(shared: Shared | None) -> Shared | None:
    """Make *shared* the open scope; returns the one it replaces (give it to :func:`close`)."""
    global _scope
    outer, _scope = _scope, shared
    return outer


def close(outer: Shared | None) -> None:
    """Restore the scope :func:`open_scope` replaced."""
    global _scope
    _scope = outer


def share_for(state: GameState, decision: Payload) -> dict[str, Any] | None:
    """For a checker: the dict to store values in for the applier of *decision* on
    *state*, or None when no :class:`Shared` is open for exactly these objects."""
    s = _scope
    if s is not None and s.state is state and s.decision is decision:
        return s.values
    return None


def take_shared(state: GameState, decision: Payload) -> dict[str, Any] | None:
    """For an applier, before it changes the state: the values its checker stored for
    *decision* on *state* (None when there are none); the scope closes, so nested and
    later calls get None."""
    global _scope
    s = _scope
    if s is None or s.state is not state or s.decision is not decision:
        return None
    _scope = None
    values, s.values = s.values, {}
    return values or None
