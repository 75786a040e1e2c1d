"""Core engine types: violations, game actions, requests, and the decision registry.

* :class:`Violation` - one broken rule, citing edition and id (``v1.3 316.2``) and saying
  what was wrong in the game's terms.
* :class:`GameAction` - one game action the engine carried out (v1.3 407-439), with its
  visibility: ``public``, ``private:<player>`` (that player sees the details) or
  ``secret`` (nobody sees the details, e.g. the order of a shuffled deck).
* :class:`Request` - what the engine awaits (``pending``): who must decide what.
* The decision registry: each decision payload type (``riftlog.events.decisions``) is
  handled by one :class:`DecisionHandler` with a checker and an unchecked applier.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from riftlog.events.registry import Payload
from riftlog.rules.board.state import GameState

#: The editions the engine can judge under.  Rule ids are cited with the edition.  The
#: code is encoded with v1.3 ids; under v1.2 the violations and messages are re-cited
#: through the rule-id correspondence and the behaviour follows the differences table
#: (riftlog.rules.editions: ids moved between editions, so this is never a relabel).
EDITIONS: tuple[str, ...] = ("RUP4", "v1.3", "v1.2")
#: the edition the engine's code cites (a violation's default)
DEFAULT_EDITION = "v1.3"
#: the edition a new game is judged under unless created with another (issue 19: RUP4,
#: the Core Rules of 2026-07-16); a stored game keeps the edition it was created with
NEW_GAME_EDITION = "RUP4"


def edition_named(name: str) -> str:
    """The edition *name* spells in any case (``rup4`` -> ``RUP4``, ``V1.3`` -> ``v1.3``),
    or *name* itself when it is none of :data:`EDITIONS`."""
    return next((e for e in EDITIONS if e.lower() == name.strip().lower()), name)


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: ``rule`` is the id (``"316.2"``), ``edition`` e.g. ``"v1.3"``."""

    rule: str
    message: str
    edition: str = DEFAULT_EDITION

    @property
    def citation(self) -> str:
        return f"{self.edition} {self.rule}"

    def __str__(self) -> str:
        return f"{self.citation}: {self.message}"

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "edition": self.edition, "message": self.message}


@dataclass(frozen=True, slots=True, init=False)
class GameAction:
    """A game action the engine carried out, e.g. ``draw`` of one card by ``p1``.

    ``visibility`` is ``"public"``, ``"private:<pid>"`` or ``"secret"``; ``objects`` are
    the oids involved; ``details`` holds plain data (card ids only where visible to the
    audience the visibility names).  ``rule`` cites where the action is defined.
    """

    kind: str
    player: str | None = None
    objects: tuple[str, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)
    visibility: str = "public"
    rule: str | None = None
    #: who is responsible for the action (v1.3 411): a player id or None for the game
    responsible: str | None = None

    def __init__(self, kind: str, player: str | None = None, objects: tuple[str, ...] = (),
                 details: dict[str, Any] | None = None, visibility: str = "public",
                 rule: str | None = None, responsible: str | None = None) -> None:
        # issue 7: the engine makes ~5 actions a decision; setting the slots through their
        # descriptors keeps the class frozen at ~40% of the generated __init__'s cost
        _SET_KIND(self, kind)
        _SET_PLAYER(self, player)
        _SET_OBJECTS(self, objects)
        _SET_DETAILS(self, {} if details is None else details)
        _SET_VISIBILITY(self, visibility)
        _SET_RULE(self, rule)
        _SET_RESPONSIBLE(self, responsible)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "objects": list(self.objects),
            "details": self.details,
            "visibility": self.visibility,
            "rule": self.rule,
            "responsible": self.responsible,
        }


def slot_setters(cls: type, names: tuple[str, ...]) -> tuple[Callable[[Any, Any], None], ...]:
    """issue 7: the setters of the slots *names* of the frozen slotted dataclass *cls*, in
    order, for a hand-written constructor that sets them without the frozen ``__init__``'s
    ``object.__setattr__`` per field; *names* must be every field (checked here, so a field
    added later fails at import instead of being left unset)."""
    if {f.name for f in fields(cls)} != set(names):  # pragma: no cover
        raise RuntimeError(f"the fast constructor of {cls.__name__} must set every field")
    return tuple(cls.__dict__[name].__set__ for name in names)


(_SET_KIND, _SET_PLAYER, _SET_OBJECTS, _SET_DETAILS, _SET_VISIBILITY, _SET_RULE,
 _SET_RESPONSIBLE) = slot_setters(GameAction, ("kind", "player", "objects", "details",
                                               "visibility", "rule", "responsible"))


@dataclass(frozen=True, slots=True)
class Request:
    """What the engine awaits: ``player`` must send one of ``decisions`` (event types).

    ``kind`` names the moment ("mulligan", "main", "shuffle", ...); ``options`` carries
    plain data describing the legal choices where they are few (e.g. cards that may be
    set aside), used by bots, viewers and dispute reports.
    """

    kind: str
    player: str | None            # None for a recorded random outcome
    decisions: tuple[str, ...]    # event types accepted, e.g. ("MulliganChosen",)
    options: dict[str, Any] = field(default_factory=dict)
    rule: str | None = None


Checker = Callable[[GameState, Any], list[Violation]]
Applier = Callable[[GameState, Any, list[GameAction]], None]


@dataclass(frozen=True, slots=True)
class DecisionHandler:
    """Checks and applies one decision type.  ``apply`` mutates the state it is given."""

    type: str
    check: Checker
    apply: Applier


_HANDLERS: dict[str, DecisionHandler] = {}


def handles(payload_cls: type[Payload]) -> Callable[[Checker], Callable[[Applier], Applier]]:
    """Register a checker and an applier for a decision type.

    Usage::

        @handles(MulliganChosen)(check_mulligan)
        def apply_mulligan(state, decision, log): ...
    """
    type_name = payload_cls.model_fields["type"].default

    def with_check(check: Checker) -> Callable[[Applier], Applier]:
        def register(apply: Applier) -> Applier:
            if type_name in _HANDLERS:
                raise TypeError(f"decision {type_name} has two handlers")
            _HANDLERS[type_name] = DecisionHandler(type_name, check, apply)
            return apply

        return register

    return with_check


def handler_for(type_name: str) -> DecisionHandler | None:
    return _HANDLERS.get(type_name)


def registered_decisions() -> tuple[str, ...]:
    return tuple(sorted(_HANDLERS))


_MODULES: dict[str, Any] = {}
#: the subpackage of each module :func:`rules_module` serves
_PACKAGES: dict[str, str] = {"abilities": "playing", "abilities_activated": "playing", "abilities_after_play": "playing", "abilities_costs": "playing", "abilities_spells": "playing", "actions": "game_actions", "actions_modify": "game_actions", "borrowed": "playing", "buffs": "board", "combat": "flow", "combat_damage": "flow", "core": "board", "cost_passives": "playing", "deck_seen": "playing", "discard_cost": "playing", "effects": "interpreter", "effects_conditions": "interpreter", "effects_run": "interpreter", "effects_steps": "interpreter", "effects_targets": "interpreter", "ending": "flow", "hooks": "board", "keyword_mechanics": "playing", "keywords": "board", "kills": "interpreter", "layers": "board", "modes": "board", "movement": "game_actions", "play": "playing", "play_effects": "playing", "replacement_effects": "interpreter", "replacements": "interpreter", "resources": "board", "restrictions": "playing", "scoring": "game_actions", "setup": "flow", "showdown": "flow", "spell_pool": "board", "state": "board", "triggers": "interpreter", "turn": "flow", "xp": "board", "zones": "board"}


def rules_module(name: str) -> Any:
    """The module ``riftlog.rules.<name>``, imported on first use.

    replay-perf: hot functions that must import late (import cycles, or the registration
    order of handlers and bot candidates, which the import order decides) use this instead
    of a function-level ``from riftlog.rules import <name>`` (~0.4 us per call)."""
    mod = _MODULES.get(name)
    if mod is None:
        mod = _MODULES[name] = importlib.import_module(
            f"riftlog.rules.{_PACKAGES[name]}.{name}" if name in _PACKAGES else f"riftlog.rules.{name}")
    return mod
