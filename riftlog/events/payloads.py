"""Payloads that are not player decisions: game creation, seed reveal and judge events.

Player decisions and the recorded random outcomes the engine consumes live in
:mod:`riftlog.events.decisions`.  Everything here is registered with
:func:`~riftlog.events.registry.event_payload`; names are in the past tense.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from riftlog.events.registry import Payload, event_payload, upcaster

Mode = Literal["duel", "match", "ffa3", "ffa4", "2v2"]
Randomness = Literal["recorded", "seeded"]
#: What a game's record holds of hidden information (issue 21): ``full`` every random
#: outcome (deck orders included), ``paper`` only what became public at the table,
#: ``seat`` that and what one player (``recording_seat``) saw.
Information = Literal["full", "paper", "seat"]


class DeckSpec(BaseModel):
    """A deck as the engine needs it: catalog card ids (one entry per copy).

    ``main`` holds the Main Deck *without* the copy of the Chosen Champion that starts in
    the Champion Zone (v1.3 103.2.a.1); ``champion`` is that copy.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    legend: str
    champion: str
    main: tuple[str, ...]
    runes: tuple[str, ...]
    battlefields: tuple[str, ...]


class PlayerSpec(BaseModel):
    """One seat at the table, in seating order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[A-Za-z0-9_.-]{1,40}$")
    name: str = Field(min_length=1, max_length=200)
    team: str | None = None
    deck: DeckSpec


@event_payload
class GameCreated(Payload):
    """seq 1 of every game: what the game is and what it is judged under.

    Schema version 2 (issue 21) adds ``information`` and ``recording_seat``; a version-1
    GameCreated reads as a ``full`` game."""

    SCHEMA_VERSION = 2

    type: Literal["GameCreated"] = "GameCreated"
    mode: Mode
    players: tuple[PlayerSpec, ...] = Field(min_length=2, max_length=4)
    rules_edition: str = "v1.3"
    catalog_version: str
    engine_version: str
    randomness: Randomness = "recorded"
    #: SHA-256 hex of the seed, when riftlog draws the random outcomes (commit-reveal).
    seed_commitment: str | None = None
    match_id: str | None = None
    game_number: int = Field(default=1, ge=1)
    #: Match (v1.3 481.5): per player id, the battlefield card ids used in earlier games of
    #: this match; they may not be chosen again.
    battlefields_used: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    tournament_id: str | None = None
    round: int | None = None
    table: str | None = None
    #: what the record holds of hidden information (see :data:`Information`)
    information: Information = "full"
    #: the player recording their own game (information ``seat`` only)
    recording_seat: str | None = None

    @model_validator(mode="after")
    def _seat_named(self) -> GameCreated:
        seats = [p.id for p in self.players]
        if self.information == "seat":
            if self.recording_seat not in seats:
                raise ValueError(f"information 'seat' needs recording_seat, one of {', '.join(seats)}")
        elif self.recording_seat is not None:
            raise ValueError("recording_seat is only given with information 'seat'")
        if self.information != "full" and self.randomness == "seeded":
            raise ValueError(f"a {self.information} game records what happened at the table: its "
                             "public random outcomes are recorded, never seeded")
        return self

    def information_label(self) -> str:
        """The information level in words: ``full``, ``paper`` or ``seat p1``."""
        if self.information == "seat":
            return f"seat {self.recording_seat}"
        return self.information


@upcaster("GameCreated", 1)
def _game_created_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no information level: every such game recorded everything."""
    return {**data, "information": "full", "recording_seat": None}


@event_payload
class SeedRevealed(Payload):
    """The seed whose SHA-256 was committed at creation, revealed when the game ends."""

    type: Literal["SeedRevealed"] = "SeedRevealed"
    seed: str


@event_payload
class RulingGiven(Payload):
    """A judge's ruling, in the judge's words, citing rule ids."""

    type: Literal["RulingGiven"] = "RulingGiven"
    judge: str
    text: str = Field(max_length=4000)
    rule_ids: tuple[str, ...] = ()
    about_seq: int | None = None


@event_payload
class GameRewound(Payload):
    """A judge backs the game up to *to_seq*; later events stay stored but are voided."""

    type: Literal["GameRewound"] = "GameRewound"
    judge: str
    to_seq: int = Field(ge=1)
    reason: str = ""


@event_payload
class PenaltyIssued(Payload):
    """A penalty (warning, etc.) given to a player; it does not change the game state."""

    type: Literal["PenaltyIssued"] = "PenaltyIssued"
    judge: str
    player: str
    penalty: str
    reason: str = ""
    rule_ids: tuple[str, ...] = ()


@event_payload
class GameLossIssued(Payload):
    """A judge awards a game loss to a player; the game ends."""

    type: Literal["GameLossIssued"] = "GameLossIssued"
    judge: str
    player: str
    reason: str = ""


@event_payload
class OutcomeCorrected(Payload):
    """A judge corrects a recorded outcome of an earlier event (by seq)."""

    type: Literal["OutcomeCorrected"] = "OutcomeCorrected"
    judge: str
    seq: int = Field(ge=1)
    field: str
    value: str | int | bool | None
    reason: str = ""


@event_payload
class NoteAdded(Payload):
    """A free-text table note: a player's or judge's annotation; it changes nothing."""

    type: Literal["NoteAdded"] = "NoteAdded"
    author: str = Field(min_length=1, max_length=200)
    text: str = Field(max_length=4000)
    about_seq: int | None = Field(default=None, ge=1)


@event_payload
class TimeCalled(Payload):
    """A judge or organiser calls time on the round (Tournament Rules 408); the engine
    applies the end-of-round procedure (:mod:`riftlog.rules.flow.timed_round`)."""

    type: Literal["TimeCalled"] = "TimeCalled"
    judge: str
    #: "408.2" (timed rounds) or "408.4" (timed single elimination)
    procedure: Literal["408.2", "408.4"] = "408.2"
    #: turns played after the turn in progress: 3 (408.2.a, 408.4.c) or 5 (408.4.d)
    additional_turns: int = Field(default=3, ge=0, le=10)
    #: 408.4.c.3: the match's game wins are tied, so a tie on points goes to sudden death
    sudden_death: bool = False
    reason: str = ""


@event_payload
class SideboardRegistered(Payload):
    """The sideboard a player brings to this game of a match (Tournament Rules 403, 601.1.c),
    recorded by the organiser after GameCreated; it changes nothing in the game."""

    type: Literal["SideboardRegistered"] = "SideboardRegistered"
    player: str
    cards: tuple[str, ...] = Field(default=(), max_length=40)
