"""The encoding vocabulary, part 1: who/what an effect acts on, amounts and conditions.

Package-private: import these names from :mod:`riftlog.cards.vocab`, which re-exports them
(see its docstring for the whole vocabulary).  Pure frozen data; never imports
:mod:`riftlog.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from inspect import isfunction
from typing import Any

__all__ = [
    "IT", "ME", "YOU", "All", "AllOf", "Alone", "Amount", "AtBattlefield", "Chosen", "Condition",
    "ControlsFacedown", "ControlsTag", "CostAtLeast", "Count", "EventBattlefieldYours",
    "EventFlag", "EventFromHere", "Exists", "FirstDeathThisTurn", "FirstTurn", "HandSize",
    "HasTag", "HasXP", "IsEnemy", "IsReady", "Legion", "Mighty", "MovedTimes",
    "MovedToOtherBattlefield", "MyTurn", "Not", "NotActivatedThisTurn", "OpponentNearVictory",
    "PaidAdditional", "PlayedCount", "Ref", "Target", "UnitDiedThisTurn",
    "UnitsAtEventBattlefield", "WasBuffed", "Who",
]


def _present_as_vocab(namespace: dict[str, Any]) -> None:
    """Name :mod:`riftlog.cards.vocab` as the module (``__module__``) of every class and
    function a private part of the vocabulary defines (*namespace*: its ``globals()``)."""
    for obj in list(namespace.values()):
        if (isinstance(obj, type) or isfunction(obj)) and obj.__module__ == namespace["__name__"]:
            obj.__module__ = "riftlog.cards.vocab"


# --- what an effect acts on ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    """A target chosen as the spell/ability is played or put on the chain (355.5, 386).

    ``kind``: "unit" | "gear" | "permanent" | "battlefield" | "player" | "legend".
    ``side``: "any" | "friendly" (the controller's or a teammate's, 489.8.e) | "yours"
    ("you control") | "enemy" (relative to the ability's controller).
    ``where``: "board" | "battlefield" (at any battlefield) | "base" (the controller's base
    for friendly, any base otherwise) | "here" (the source's location) | "your_trash" (a card
    of the controller's trash: a public zone, so a target, RUP4 355.10.a; issue 24) |
    "open" (kind "battlefield": one with no units and no controller; issue 24).
    ``count``/``up_to``: how many (exactly *count*, or 0..count).  ``other``: not the source.
    ``name``: the key in the decision's ``targets`` dict (default "t").
    ``exhausted``/``buffed``: extra requirements on the target, when not None.
    ``tag``: a permanent with this tag now (e.g. "Equipment"); ``attached``: a gear that is
    (True) or is not (False) attached to a unit, when not None (issue 24).  ``token``: a
    token (True) or not (False), when not None (issue 24: "your token units").
    """

    kind: str = "unit"
    side: str = "any"
    where: str = "board"
    count: int = 1
    up_to: bool = False
    other: bool = False
    name: str = "t"
    exhausted: bool | None = None
    buffed: bool | None = None
    max_might: int | None = None  # a unit with at most this Might
    max_cost: tuple[int, int] | None = None  # a spell (or, issue 24, a permanent) of printed cost <= (E, P)
    tag: str | None = None  # issue 24: a permanent with this tag (layers), e.g. "Equipment"
    attached: bool | None = None  # issue 24: a gear attached (True) or not (False)
    token: bool | None = None  # issue 24: a token (True) or a card (False), when not None


@dataclass(frozen=True, slots=True)
class Ref:
    """A non-chosen reference: "me" (the source), "it" (the trigger event's object),
    "you" (the ability's controller, for player steps)."""

    what: str


ME = Ref("me")
IT = Ref("it")
YOU = Ref("you")


@dataclass(frozen=True, slots=True)
class Chosen:
    """The objects chosen earlier for target *name* (e.g. the battlefield of Firestorm)."""

    name: str = "t"


@dataclass(frozen=True, slots=True)
class All:
    """Every object matching, not targeted.  ``at``: None (anywhere on the board) or a
    :class:`Chosen` battlefield, or ``"here"`` (the source's location)."""

    kind: str = "unit"
    side: str = "any"
    at: Chosen | str | None = None
    other: bool = False


Who = Target | Ref | Chosen | All

# --- amounts ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Count:
    """A number read from the game when needed: "trash" (cards in your trash),
    "hand" (cards in your hand), "mighty_units" (your Mighty units), "units_here"."""

    what: str
    times: int = 1


Amount = int | Count

# --- conditions (the Condition union) -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Legion:
    """v1.3 812: you played another card this turn."""


@dataclass(frozen=True, slots=True)
class ControlsTag:
    """You control a unit (other than the source, if *other*) with tag *tag*."""

    tag: str
    other: bool = True


@dataclass(frozen=True, slots=True)
class Mighty:
    """v1.3 708: the source (or IT) is Mighty."""

    who: Ref = ME


@dataclass(frozen=True, slots=True)
class HandSize:
    """You have at most *at_most* cards in hand."""

    at_most: int


@dataclass(frozen=True, slots=True)
class Not:
    cond: Any


# two generic conditions
@dataclass(frozen=True, slots=True)
class Exists:
    """Something matching *what* (a Target spec, not chosen: only looked for) exists now,
    relative to the ability's controller and source (e.g. a ready enemy unit here)."""

    what: Target


@dataclass(frozen=True, slots=True)
class MyTurn:
    """It is the ability controller's turn (``Not(MyTurn())``: an opponent's turn)."""


@dataclass(frozen=True, slots=True)
class ControlsFacedown:
    """The controller controls a facedown card at a battlefield (107.3, 421)."""


@dataclass(frozen=True, slots=True)
class UnitDiedThisTurn:
    """a unit of *side* ("enemy" | "friendly" | "any", relative to the
    controller) has died this turn (effects.kill notes deaths)."""

    side: str = "enemy"


@dataclass(frozen=True, slots=True)
class FirstDeathThisTurn:
    """for a "dies" trigger, this death is the first time one of the
    controller's units died this turn; of units dying at once, one instance counts (383.1.b)."""


# two conditions.
@dataclass(frozen=True, slots=True)
class PlayedCount:
    """The controller has played exactly *n* cards this turn (e.g. "your second card")."""

    n: int


@dataclass(frozen=True, slots=True)
class OpponentNearVictory:
    """An opponent has at least (Victory Score - *within*) points."""

    within: int


# three conditions
@dataclass(frozen=True, slots=True)
class AtBattlefield:
    """Condition: the source (or IT) is at a battlefield (not in a base)."""

    who: Ref = ME


@dataclass(frozen=True, slots=True)
class Alone:
    """Condition: the source (or IT) is attacking or defending alone (no other unit of
    its controller at its battlefield)."""

    who: Ref = IT


@dataclass(frozen=True, slots=True)
class IsEnemy:
    """Condition: the event's object (IT) is controlled by an opponent of the controller."""

    who: Ref = IT


# a condition on the play's optional additional cost.
@dataclass(frozen=True, slots=True)
class PaidAdditional:
    """The source (a card being played / just played this turn) had its optional additional
    cost paid (356.4.f.1: the decision to pay counts, not the amount)."""


Condition = (Legion | ControlsTag | Mighty | HandSize | Not | PlayedCount | OpponentNearVictory
             | PaidAdditional
             | Exists | MyTurn | ControlsFacedown
             | UnitDiedThisTurn | FirstDeathThisTurn
             | AtBattlefield | Alone | IsEnemy)

# --- conditions outside the Condition union (typed Any where they are used) ---------------


# two conditions and an event flag
@dataclass(frozen=True, slots=True)
class FirstTurn:
    """Condition: the event's player (else the controller) has not had a turn yet, i.e.
    this is their first turn / first Beginning Phase."""


@dataclass(frozen=True, slots=True)
class EventBattlefieldYours:
    """Condition: the controller controls the battlefield the event happened at."""


@dataclass(frozen=True, slots=True)
class EventFlag:
    """Condition: the trigger event's data has *key* set (e.g. the
    "chooses" event's ``first``: the player's first such choice there this turn)."""

    key: str


# two conditions on an object reference (ME: the source, IT: the
# trigger event's object; read from the event's object even off the board, e.g. a unit
# that just died).  (AtBattlefield: above.)
@dataclass(frozen=True, slots=True)
class IsReady:
    """The object (default: the source) is on the board or in a Legend Zone, ready."""

    who: Ref = ME


@dataclass(frozen=True, slots=True)
class HasTag:
    """The object (default: the trigger event's object) has tag *tag* (current
    characteristics; printed ones off the board, 711)."""

    tag: str
    who: Ref = IT


@dataclass(frozen=True, slots=True)
class MovedTimes:
    """the object (default: the source) has moved exactly *n* times this
    turn (counted as the "moves" event fires; with ``When("moves", "me")``: its n-th move)."""

    n: int
    who: Ref = ME


@dataclass(frozen=True, slots=True)
class WasBuffed:
    """The unit whose death triggered the ability had a buff as it died (the "dies" event
    notes it, 808.1.d.3)."""


# two conditions
@dataclass(frozen=True, slots=True)
class CostAtLeast:
    """Condition: the object (default: the trigger event's object, e.g. a played spell) has
    a printed Energy cost of at least *n* (131.4: always the printed cost)."""

    n: int
    who: Ref = IT


@dataclass(frozen=True, slots=True)
class UnitsAtEventBattlefield:
    """Condition: the controller has at least *n* units at the battlefield of the trigger
    event (e.g. the battlefield just conquered)."""

    n: int


# three conditions
@dataclass(frozen=True, slots=True)
class NotActivatedThisTurn:
    """Condition: the source's ability #*index* was not activated this
    turn (a "choose one you've not chosen this turn" mode, each mode an ability)."""

    index: int


@dataclass(frozen=True, slots=True)
class MovedToOtherBattlefield:
    """Condition for "moves": a move (counted once per group of units
    moving together, its ``lead``) to a battlefield other than the source's location."""


@dataclass(frozen=True, slots=True)
class EventFromHere:
    """Condition: the trigger event happened at the source's location (its ``battlefield``
    datum; for "moves": the origin), e.g. a friendly unit leaving from where the source is."""


# mechanics helper: Level (824)
@dataclass(frozen=True, slots=True)
class HasXP:
    """Condition: the controller has at least *n* XP (Level n, 824; XP is per player, 732)."""

    n: int


# mechanics helper: several Dependent Keywords on one ability (RUP4 727.1.b.3)
@dataclass(frozen=True, slots=True)
class AllOf:
    """Condition: every one of *conds* holds (one ability with several Dependent Keywords,
    e.g. Level and Legion, is active only while all their conditions are met, RUP4
    727.1.b.3)."""

    conds: tuple[Any, ...]


# This part is package-private: what it defines presents itself as riftlog.cards.vocab's.
_present_as_vocab(globals())
