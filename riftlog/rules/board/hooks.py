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
* :class:`Hook` - one function a higher layer provides to the lower ones (the imports
  point down; the calls may go up through these): :data:`fire_event` (the trigger events
  game actions cause), :data:`note_damage` (kill credit), :data:`excluded_from_combat`
  (457.2), :data:`lethal_remaining` (460.2.c), :data:`offer_seen_card` /
  :data:`still_in_deck` (reveal and play from a deck).  Each is provided on import by the
  module named in it; the engine facade imports every one (``engine.load_extensions``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar

from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState

if TYPE_CHECKING:
    from riftlog.rules.board.state import BattlefieldState

P = ParamSpec("P")
R = TypeVar("R")

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


class Hook(Generic[P, R]):
    """A function a higher layer of the engine provides to the lower ones: declared here
    (what it does and which module provides it), set once by that module on import with
    :meth:`provide`, called like the function itself.  Calling it before the provider is
    loaded is an error naming the provider, never a silent no-op."""

    __slots__ = ("_fn", "provider", "what")

    def __init__(self, what: str, provider: str) -> None:
        self.what = what
        self.provider = provider
        self._fn: Callable[P, R] | None = None

    def provide(self, fn: Callable[P, R]) -> Callable[P, R]:
        """Decorator: *fn* is the implementation (the provider module's own function)."""
        self._fn = fn
        return fn

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        fn = self._fn
        if fn is None:
            raise RuntimeError(f"engine hook '{self.what}' is not provided: import "
                               f"{self.provider} (riftlog.rules.engine loads every part)")
        return fn(*args, **kwargs)


#: fire(state, event, **what): a trigger event happened (a unit readied, was dealt damage,
#: moved, was buffed, left the board, cards were recycled...)
fire_event: Hook[..., int] = Hook("fire a trigger event", "riftlog.rules.interpreter.triggers")
#: note_damage(state, oid, performer, source, kind): who dealt damage, for kill credit (428.5.c)
note_damage: Hook[..., None] = Hook("note damage for kill credit", "riftlog.rules.interpreter.kills")
#: excluded_from_combat(state, bf, player): 457.2, a third player's units stay out of a combat
excluded_from_combat: Hook[[GameState, BattlefieldState, str], bool] = Hook(
    "keep a third player out of a combat (457.2)", "riftlog.rules.flow.combat")
#: lethal_remaining(state, oid, memo=None): damage still needed to be lethal (460.2.c)
lethal_remaining: Hook[..., int | None] = Hook(
    "damage still needed to be lethal", "riftlog.rules.flow.combat_damage")
#: offer_seen_card(state, ctx, pid, oids, log) -> bool: abilities of a card seen on top of a
#: deck that let it be played (False: waiting for the player's choice)
offer_seen_card: Hook[..., bool] = Hook("offer a card seen on top of a deck",
                                        "riftlog.rules.playing.deck_seen")
#: still_in_deck(state, oids) -> list[str]: those of the cards looked at still in the deck
still_in_deck: Hook[..., list[str]] = Hook("cards looked at still in the deck",
                                      "riftlog.rules.playing.deck_seen")
