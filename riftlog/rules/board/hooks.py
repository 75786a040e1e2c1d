"""Extension points of the turn flow, filled by the modules that implement parts of the game.

* :func:`task` - register the function that runs a queued task of a given ``kind``.
  ``state.queue`` holds plain dicts; the front entry is what happens next.  Entries of
  kind ``"await"`` (and the main-phase entry ``"main"``) stop the flow until a decision
  answers them; every other entry is a task run by :func:`riftlog.rules.flow.turn.advance`.
  While a task or a decision handler runs, ``state.queue`` holds only what it appends:
  whatever it appends happens next, in order, before the rest of the queue.
* :func:`main_decision` / :func:`reaction_decision` - decision types a player may send in
  the main phase when the turn is open (316.2) / when it is closed (309.1.a, the chain).
  Their handlers (registered with :func:`riftlog.rules.board.core.handles`) judge the details.
* :func:`candidates` - functions ``fn(state, player) -> list[Decision]`` proposing
  decisions a bot may try (checked by the engine before use).
* :data:`CHAIN` - the function resolving the top item of the chain once every player
  passed in a row (340), set by the module implementing chains.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState

Task = Callable[[GameState, dict[str, Any], list[GameAction]], None]
Candidates = Callable[[GameState, str], list[Any]]

TASKS: dict[str, Task] = {}
#: tasks after which, from a clean state, no cleanup is needed (replay-perf: see
#: turn.advance; a task here must not move objects, deal damage, change points,
#: battlefields, the chain or the showdown, nor queue a wait a cleanup acts on)
QUIET_TASKS: set[Task] = set()
#: queued task kinds during which the cleanup waits (replacement_effects.awaiting: the
#: suspended kill's completion, the rest of a combat's Resolution Step, a custom effect
#: to run again; turn.cleanup's fast path reads it too)
CLEANUP_WAITS = frozenset({"replacement_deaths", "combat_resolution", "replacement_rerun"})
MAIN_DECISIONS: list[str] = []
REACTION_DECISIONS: list[str] = []
CANDIDATES: list[Candidates] = []
#: resolves the top chain item: fn(state, log); None until a module provides it
CHAIN: list[Callable[[GameState, list[GameAction]], None]] = []


def task(kind: str, *, quiet: bool = False) -> Callable[[Task], Task]:
    """Decorator: run *fn* for queue entries of this ``kind``; *quiet*: it belongs in
    :data:`QUIET_TASKS`."""

    def register(fn: Task) -> Task:
        TASKS[kind] = fn
        if quiet:
            QUIET_TASKS.add(fn)
        return fn

    return register


def main_decision(type_name: str) -> None:
    """Accept *type_name* from the turn player in an open main phase (v1.3 316.2)."""
    if type_name not in MAIN_DECISIONS:
        MAIN_DECISIONS.append(type_name)


def reaction_decision(type_name: str) -> None:
    """Accept *type_name* from the player with priority while the chain exists (309.1.a)."""
    if type_name not in REACTION_DECISIONS:
        REACTION_DECISIONS.append(type_name)


def candidates(fn: Candidates) -> Candidates:
    """Decorator: register a bot candidate generator ``fn(state, player)``."""
    if fn not in CANDIDATES:
        CANDIDATES.append(fn)
    return fn


def await_entry(
    request: str,
    player: str | None,
    decisions: list[str],
    rule: str,
    options: dict[str, Any] | None = None,
    then: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A queue entry awaiting one of *decisions* from *player* (None: a random outcome)."""
    entry: dict[str, Any] = {
        "kind": "await", "request": request, "player": player,
        "decisions": decisions, "rule": rule, "options": options or {},
    }
    if then is not None:
        entry["then"] = then
    return entry


def answering(state: GameState) -> dict[str, Any]:
    """The queue entry the decision being checked or applied answers."""
    entry = state.extra.get("answering")
    if entry is not None:
        return dict(entry)
    return state.queue[0] if state.queue else {}
