"""Player decisions and recorded random outcomes: the inputs the rules engine consumes.

Each is an event payload (registered, frozen, past-tense ``type``).  The engine's
``pending(state)`` says which of these it awaits and from whom; the checker judges them.

Setup and turn-flow decisions live here; the decisions of the main game (playing cards,
standard moves, ...) live in :mod:`riftlog.events.play`.  :class:`Payment` is the shared
shape of "which runes pay this cost" used inside those decisions (v1.3 163, 404).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from riftlog.events.registry import Payload, event_payload


class Decision(Payload):
    """Base of every player decision; ``player`` is who made it.

    ``reported`` optionally carries outcomes the recording client saw follow from the
    decision (e.g. ``{"points": {"p1": 3}, "killed": ["p2.m04"]}``); the replayer compares
    them with what the engine derives and marks the event *divergent* when they differ.
    """

    IS_DECISION: ClassVar[bool] = True

    player: str
    reported: dict[str, Any] | None = None


class RandomOutcome(Payload):
    """Base of every recorded random outcome (deck order, random choice, first player)."""


class Payment(BaseModel):
    """Which rune abilities a player activates to pay a cost (v1.3 163.2, 404, 429.3).

    ``exhaust``: runes exhausted for one Energy each (163.2.a); ``recycle``: runes recycled
    (to the bottom of their rune deck, in the listed order) for one Power of the rune's
    domain each (163.2.b).  The abilities are activated before the cost is paid; whatever
    they add beyond the cost stays in the rune pool until it empties (166).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    exhaust: tuple[str, ...] = ()
    recycle: tuple[str, ...] = ()

    def is_empty(self) -> bool:
        return not self.exhaust and not self.recycle


# --- random outcomes ----------------------------------------------------------------


@event_payload
class DeckOrderRecorded(RandomOutcome):
    """The order of a deck after it was randomised (v1.3 115, 416.5, 431.2.b).

    ``order`` lists the deck's object ids, top first, for the whole deck.  Only the part
    the engine randomised (named in the pending request) may differ from the prior order.
    """

    type: Literal["DeckOrderRecorded"] = "DeckOrderRecorded"
    player: str
    deck: Literal["main", "rune"]
    order: tuple[str, ...]


#: How a hidden card of a paper or seat game became known to the record (issue 21).
Identification = Literal["played", "revealed", "discarded", "turned_face_up", "trashed",
                         "channeled", "looked_at", "searched", "chosen"]


@event_payload
class CardsIdentified(RandomOutcome):
    """What the record learns of hidden cards in a paper or seat game (issue 21).

    ``cards`` maps object ids of one player's hidden cards (hand, deck, set aside, face
    down) to the catalog id each turned out to be, ``how`` says how the table saw it.  In
    a ``full`` game every card is known and this is refused.  The engine checks each name
    against the player's registered deck list and everything already accounted for
    (v1.3 103.2.b); an object's identity never changes once known.
    """

    type: Literal["CardsIdentified"] = "CardsIdentified"
    player: str
    cards: dict[str, str] = Field(min_length=1)
    how: Identification = "revealed"


@event_payload
class FirstPlayerChosen(RandomOutcome):
    """The first player, chosen by a fair random method (v1.3 116)."""

    type: Literal["FirstPlayerChosen"] = "FirstPlayerChosen"
    player: str


@event_payload
class BattlefieldSelected(RandomOutcome):
    """A battlefield a player randomly selected for this game (v1.3 480.5, 482.5, 483.5, 484.5.a)."""

    type: Literal["BattlefieldSelected"] = "BattlefieldSelected"
    player: str
    battlefield: str


# --- setup decisions ----------------------------------------------------------------


@event_payload
class BattlefieldChosen(Decision):
    """A player's own choice of battlefield for a game of a match (v1.3 481.5)."""

    type: Literal["BattlefieldChosen"] = "BattlefieldChosen"
    battlefield: str


@event_payload
class MulliganChosen(Decision):
    """The cards (0 to 2) a player sets aside in their mulligan (v1.3 118)."""

    type: Literal["MulliganChosen"] = "MulliganChosen"
    set_aside: tuple[str, ...] = Field(default=(), max_length=40)


# --- turn flow ----------------------------------------------------------------------


@event_payload
class TurnEnded(Decision):
    """The turn player ends their main phase (v1.3 316.6)."""

    type: Literal["TurnEnded"] = "TurnEnded"


@event_payload
class PriorityPassed(Decision):
    """The player with priority passes it (v1.3 312.2.d, 339)."""

    type: Literal["PriorityPassed"] = "PriorityPassed"


@event_payload
class BurnOutPointGiven(Decision):
    """A player who burns out chooses the opponent who gains a point (v1.3 431.2.c)."""

    type: Literal["BurnOutPointGiven"] = "BurnOutPointGiven"
    opponent: str


@event_payload
class GameConceded(Decision):
    """A player concedes; they may do so at any time (v1.3 650)."""

    type: Literal["GameConceded"] = "GameConceded"
