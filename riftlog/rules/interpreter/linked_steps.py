"""Linked instructions: "if you do" (``vocab_linked.Performed`` / ``IfDone``; RUP4
359.3.e.14, 359.3.e.14.b, 359.3.e.14.c; v1.3 359.3.e.14).

A :class:`Performed` step runs the step it wraps and notes, in
``state.extra["performed"][<source>][<key>]``, the objects its game action was performed on
(the ``deal``/``kill``/``banish``/``stun``/``move`` actions the step logged; none: not
performed).  :class:`IfDone` holds when that list is not empty.  Only the action and its
objects are read, never how it was performed: damage partly prevented counts (359.3.e.14.c),
a kill replaced by another event does not (359.3.e.14.b).  The note lasts until the
resolution finishes (a ``BEFORE_FINISH`` hook removes it), so it survives a wait for a
choice between the two instructions.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.vocab_linked import IfDone, Performed
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects
from riftlog.rules.interpreter.effects_targets import Ctx

__all__ = ["if_done", "performed"]

_KEY = "performed"

#: the game action a wrapped step performs, by the step's class
_ACTIONS: dict[type, str] = {V.Deal: "deal", V.Kill: "kill", V.Banish: "banish",
                             V.Stun: "stun", V.Move: "move"}


def performed(state: GameState, ctx: Ctx, node: Performed, log: list[GameAction]) -> bool | None:
    """Run *node*'s step; note the objects its game action was performed on."""
    kind = _ACTIONS.get(type(node.step))
    fn = effects.STEPS.get(type(node.step))
    if kind is None or fn is None:
        raise effects.unsupported(ctx["card"], f"'if you do' after {type(node.step).__name__} "
                                  "is not interpreted (Deal, Kill, Banish, Stun, Move are)")
    start = len(log)
    result = fn(state, ctx, node.step, log)
    if result is False:
        return False  # waits for a choice; the step runs again as it resumes
    done = [o for a in log[start:] if a.kind == kind for o in a.objects]
    notes = state.extra.setdefault(_KEY, {})
    notes.setdefault(ctx.get("source") or "", {})[node.key] = done
    return None


def if_done(state: GameState, player: str, source: str | None, cond: Any,
            event: dict[str, Any] | None) -> bool:
    """:class:`IfDone`: the Performed step *key* of this resolution performed its action."""
    notes = (state.extra.get(_KEY) or {}).get(source or "") or {}
    return bool(notes.get(cond.key))


def _forget(state: GameState, ctx: Ctx, log: list[GameAction]) -> None:
    """The resolution is over: its notes go."""
    notes = state.extra.get(_KEY)
    if notes is None:
        return
    notes.pop(ctx.get("source") or "", None)
    if not notes:
        state.extra.pop(_KEY)


effects.STEPS[Performed] = performed
effects.CONDITIONS[IfDone] = if_done
if _forget not in effects.BEFORE_FINISH:
    effects.BEFORE_FINISH.append(_forget)
